/**
 * `[...list, item]` in an array of exactly that length. V8 gives an array
 * grown by a push, or made by a spread followed by an element, at least 17
 * slots whatever its length; the per-action lists
 * here (an undo history, an action's log entries, the events its game code
 * called) mostly hold one to three entries, and a literal holds exactly them.
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  switch (list.length) {
    case 0:
      return [item];
    case 1:
      return [list[0], item];
    case 2:
      return [list[0], list[1], item];
    case 3:
      return [list[0], list[1], list[2], item];
    default:
      return [...list, item];
  }
}
