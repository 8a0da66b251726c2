/**
 * What changed between two successive states, as JSON text, and putting it
 * back. States share every object an action did not change (drafts copy
 * only what a move changed; turnchart never mutates a state), so the walk
 * skips an object that is the same object as before and writes only the
 * values that are new: on the served benchmark's game a delta is about
 * 500 bytes of a 3 kB state.
 *
 * A delta is a JSON array of changes `[path, value]`, `path` an array of
 * keys and indexes. An object whose keys changed (in name or order), an
 * array whose length changed, and anything that is not a plain object or
 * array is written whole, so applying the changes to the parsed earlier
 * state gives exactly `JSON.parse(JSON.stringify(next))`, key order
 * included.
 */
import { isPlain } from './plain-json';

/** Whether JSON.stringify leaves this value out of an object (so the object is written whole). */
const omitted = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Whether two objects have the same keys in the same order (`b`, after's), and no value of either that JSON leaves out. */
function sameShape(before: object, after: object, b: string[]): boolean {
  const a = Object.keys(before);
  if (a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++)
    if (a[i] !== b[i] || omitted((after as any)[b[i]]) || omitted((before as any)[a[i]])) return false;
  return true;
}

/** A key as JSON: most keys need no escaping, and JSON.stringify of a short string costs more than the rest of a step. */
const SIMPLE_KEY = /^[\w$ ().-]*$/;
const keyText = (key: string): string => (SIMPLE_KEY.test(key) ? `"${key}"` : JSON.stringify(key));

/** JSON text of the changes that turn `before` into `after` (both JSON-safe states). */
export function stateDelta(before: unknown, after: unknown): string {
  const changes: string[] = [];
  diff(before, after, '', changes);
  return `[${changes.join(',')}]`;
}

/** `path` is the JSON of the path's elements so far, comma-separated. */
function diff(before: unknown, after: unknown, path: string, changes: string[]): void {
  if (before === after) return;
  const keys = after !== null && typeof after === 'object' && !Array.isArray(after) ? Object.keys(after) : undefined;
  const whole =
    before === null ||
    after === null ||
    typeof before !== 'object' ||
    typeof after !== 'object' ||
    Array.isArray(before) !== Array.isArray(after) ||
    !isPlain(before) ||
    !isPlain(after) ||
    (keys === undefined
      ? (before as unknown[]).length !== (after as unknown[]).length
      : !sameShape(before, after, keys));
  if (whole) return void changes.push(`[[${path}],${JSON.stringify(after) ?? 'null'}]`);
  const prefix = path === '' ? '' : `${path},`;
  if (Array.isArray(after)) {
    const was = before as unknown[];
    // (An item JSON leaves out of objects is written whole, as JSON writes it in arrays: null.)
    for (let i = 0; i < after.length; i++) if (after[i] !== was[i]) diff(was[i], after[i], prefix + i, changes);
    return;
  }
  for (const key of keys!) {
    const value = (after as Record<string, unknown>)[key];
    const old = (before as Record<string, unknown>)[key];
    if (value !== old) diff(old, value, prefix + keyText(key), changes);
  }
}

/** Apply a delta's changes (parsed) to a parsed state, in place; returns the state (a change at the root replaces it). */
export function applyDelta(state: unknown, changes: [(string | number)[], unknown][]): unknown {
  let root = state;
  for (const [path, value] of changes) {
    if (path.length === 0) {
      root = value;
      continue;
    }
    let node: any = root;
    for (let i = 0; i < path.length - 1; i++) node = node[path[i]];
    node[path[path.length - 1]] = value;
  }
  return root;
}
