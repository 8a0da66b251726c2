/**
 * The drafts that moves and hooks mutate: one module, so the engine and the
 * boardgame.io adapter use the same draft library.
 *
 * mutative, not immer (boardgame.io's library): the same job with the same
 * rules for game code — mutate the draft, or return a new G (which may hold
 * parts of the draft), not both — and on the realistic workloads
 * (bench/realistic.ts) turnchart ran 1.12–1.35× faster with it than with
 * immer 11 (docs/performance.md). Results are not frozen, as they were not
 * with immer here: freezing costs a deep walk per call, and turnchart never
 * mutates G outside a draft.
 *
 * `markSimpleObject` drafts what immer drafts beyond plain objects: objects
 * without a prototype and plain objects of other realms (vm contexts,
 * iframes), which G may hold (user-code.ts accepts them as plain data).
 */
import { isDraft as isMutativeDraft, makeCreator, markSimpleObject, original as originalOf, rawReturn } from 'mutative';

const create = makeCreator({ mark: markSimpleObject });

/**
 * A new G that a recipe returned, with each draft it holds replaced by the
 * value the draft was made from (`return { ...G, round: 2 }` holds the
 * draft's children). Those are the final values: a recipe that returns a new
 * G may not also change its draft, which mutative refuses afterwards. Done
 * here rather than by mutative, whose development build advises on the
 * console to use `rawReturn` for every returned value without drafts, and
 * whose search never ends on a cycle (immer's does; a cycle then reaches the
 * serializable check, as with immer).
 */
function replaceDrafts(value: object, seen: Set<object>): void {
  if (seen.has(value)) return;
  seen.add(value);
  const visit = (item: unknown, put: (base: unknown) => void) => {
    if (item === null || typeof item !== 'object') return;
    if (isMutativeDraft(item)) put(originalOf(item));
    else replaceDrafts(item, seen);
  };
  if (value instanceof Map) {
    value.forEach((item, key) => visit(item, (base) => value.set(key, base)));
  } else if (value instanceof Set) {
    // Rebuilt in order, with the drafts' values in their places.
    const items = [...value];
    let changed = false;
    items.forEach((item, i) => visit(item, (base) => ((items[i] = base), (changed = true))));
    if (changed) {
      value.clear();
      for (const item of items) value.add(item);
    }
  } else {
    const object = value as Record<PropertyKey, unknown>;
    for (const key of Reflect.ownKeys(object)) visit(object[key], (base) => (object[key] = base));
  }
}

/**
 * The next value of `base` after `recipe` ran on its draft: what the recipe
 * left in the draft, or the value it returned. A base that cannot be drafted
 * (a number, a string, null) is handed to the recipe as it is, and kept when
 * the recipe returns undefined, as immer's `produce` does.
 */
export function produce<T>(base: T, recipe: (draft: T) => unknown): T {
  if (base === null || typeof base !== 'object') {
    const result = recipe(base);
    return (result === undefined ? base : result) as T;
  }
  return create(base as object, (draft: object): any => {
    const out = recipe(draft as T);
    if (out === null || typeof out !== 'object' || isMutativeDraft(out)) return out;
    replaceDrafts(out, new Set());
    return rawReturn(out);
  }) as T;
}

export const isDraft = (value: unknown): boolean => isMutativeDraft(value);

/** The value a draft was made from; a value that is not a draft, as it is. */
export function baseOf<T>(value: T): T {
  return isMutativeDraft(value) ? (originalOf(value as object) as T) : value;
}
