/**
 * Development mode's check that G stays plain data (what survives a persist
 * and restore as JSON): after every move and hook, the part of G the call
 * changed is walked (user-code.ts).
 */
import type { State } from './plain-state';

/** A value JSON keeps as it is, with nothing below it: null, a boolean, a string, a finite number. */
export const isPlainLeaf = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

/** A problem found by `scan`: where below the value (`.a[2]`), and what is wrong there. */
interface Problem {
  at: string;
  is: string;
}

/**
 * `ancestors` holds the objects above `value` (a cycle is a value among
 * them): G is shallow, so a short array beats a Set here.
 */
function scan(value: unknown, ancestors: unknown[], before: unknown, copies?: readonly unknown[]): Problem | undefined {
  if (value === undefined || value === null) return undefined;
  const type = typeof value;
  if (type === 'boolean' || type === 'string') return undefined;
  // JSON has no NaN or Infinity: they would come back as null after a persist and restore.
  if (type === 'number') return Number.isFinite(value) ? undefined : { at: '', is: `is ${String(value)}` };
  if (type !== 'object') return { at: '', is: `is a ${type}` };
  // Immer shares what a move did not change: that part was checked when it was made.
  if (value === before) return undefined;
  if (ancestors.includes(value)) return { at: '', is: 'is a cycle' };
  const proto = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  // Plain objects: prototype null or an Object.prototype (of any realm: vm contexts, iframes).
  if (!isArray && proto !== null && Object.getPrototypeOf(proto) !== null) {
    return { at: '', is: `is an instance of ${(value as object).constructor?.name ?? 'a class'}` };
  }
  const old = before !== null && typeof before === 'object' ? (before as Record<string, unknown>) : undefined;
  ancestors.push(value);
  const found = isArray
    ? scanArray(value as unknown[], ancestors, old, copies)
    : scanObject(value as Record<string, unknown>, ancestors, old, copies);
  ancestors.pop();
  return found;
}

/**
 * Whether an element is its checked version's, so not walked again: a log in G grows by a push, a card played
 * from a hand shifts the rest by one. Objects of a checked version never change.
 */
const alreadyChecked = (item: unknown, old: Record<string, unknown> | undefined, i: number): boolean =>
  old !== undefined && item !== undefined && (item === old[i] || item === old[i + 1] || item === old[i - 1]);

function scanArray(
  array: unknown[],
  ancestors: unknown[],
  old: Record<string, unknown> | undefined,
  copies: readonly unknown[] | undefined,
): Problem | undefined {
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    if (alreadyChecked(item, old, i)) continue;
    // JSON turns holes and undefined elements into null.
    if (item === undefined) return { at: `[${i}]`, is: `is ${i in array ? 'undefined' : 'a hole'}` };
    const found = scan(item, ancestors, old?.[i], copies);
    if (found) return { at: `[${i}]${found.at}`, is: found.is };
  }
  // Named properties of an array are walked too (JSON drops them, but a move that sets one meant something).
  // A draft's copy of an array has none; listing an array's keys costs a string per index.
  if (copies?.includes(array) || Object.keys(array).length === array.length) return undefined;
  for (const key of Object.keys(array)) {
    if (String(Number(key) >>> 0) === key && Number(key) < array.length) continue;
    const found = scan((array as unknown as Record<string, unknown>)[key], ancestors, old?.[key], copies);
    if (found) return { at: `[${key}]${found.at}`, is: found.is };
  }
  return undefined;
}

function scanObject(
  object: Record<string, unknown>,
  ancestors: unknown[],
  old: Record<string, unknown> | undefined,
  copies: readonly unknown[] | undefined,
): Problem | undefined {
  for (const key of Object.keys(object)) {
    const found = scan(object[key], ancestors, old?.[key], copies);
    if (found) return { at: `.${key}${found.at}`, is: found.is };
  }
  return undefined;
}

/**
 * Where a value stops being plain data, or undefined when it is plain.
 * With `before` (a value known to be plain), the parts shared with it are
 * not walked again.
 */
export function findUnserializable(
  value: unknown,
  path = 'G',
  before?: unknown,
  copies?: readonly unknown[],
): string | undefined {
  const found = scan(value, [], before, copies);
  return found && `${path}${found.at} ${found.is}`;
}

/** More writes than this and the whole changed part is walked: the written-keys walk below is for small moves. */
const MAX_WRITES = 128;

const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * `findUnserializable(G, 'G', before, copies)` for a G that a plain draft
 * changed in place, with `writes` its draft states and keys written, in
 * pairs (plain-drafts.ts; a plain leaf written where it makes no hole is not
 * listed: it leaves nothing to find). Instead of every key of every changed object
 * (a 600-entry log and a 64-square board per move), only what was written
 * is looked at: the rest of a changed object is its base's, already plain.
 * A write is looked at where its draft still sits on its read path; a
 * draft moved elsewhere was itself written there, and is walked whole
 * from there, as is every new object. Something suspect is confirmed by
 * the full walk, which also names it as it always has.
 */
export function findUnserializableWrites(
  G: unknown,
  before: unknown,
  writes: readonly unknown[],
  copies?: readonly unknown[],
): string | undefined {
  if (writes.length > 2 * MAX_WRITES || suspect(G, writes, copies)) return findUnserializable(G, 'G', before, copies);
  return undefined;
}

/** Whether a write leaves something that may not be plain (the full walk decides). */
function suspect(G: unknown, writes: readonly unknown[], copies: readonly unknown[] | undefined): boolean {
  // Arrays whose length was written (a pop, shift, splice or a longer length) are walked whole, once.
  let whole: State[] | undefined;
  for (let i = 0; i < writes.length; i += 2) {
    const state = writes[i] as State;
    if (writes[i + 1] !== 'length' || whole?.includes(state)) continue;
    (whole ??= []).push(state);
    const ancestors = pathTo(state, G);
    if (ancestors === undefined) continue;
    if (scanArray(state.copy, ancestors, state.base, copies) !== undefined) return true;
  }
  let tails: State[] | undefined;
  for (let i = 0; i < writes.length; i += 2) {
    const state = writes[i] as State;
    if (whole?.includes(state)) continue;
    const ancestors = pathTo(state, G);
    if (ancestors === undefined) continue;
    const { copy, base } = state;
    const key = writes[i + 1] as PropertyKey;
    if (!Array.isArray(copy)) {
      if (isEnumerable.call(copy, key) && scan(copy[key], ancestors, base[key], copies) !== undefined) return true;
      continue;
    }
    if (itemProblem(copy, Number(key), ancestors, base, copies)) return true;
    // Written past the end: what lies between the old end and the new is either written or a hole.
    if (copy.length > base.length && !tails?.includes(state)) {
      (tails ??= []).push(state);
      for (let at = base.length; at < copy.length; at++)
        if (itemProblem(copy, at, ancestors, base, copies)) return true;
    }
  }
  return false;
}

/** An element as `scanArray` checks it. */
function itemProblem(
  array: unknown[],
  at: number,
  ancestors: unknown[],
  old: Record<string, unknown>,
  copies: readonly unknown[] | undefined,
): boolean {
  if (at >= array.length) return false;
  const item = array[at];
  if (alreadyChecked(item, old, at)) return false;
  return item === undefined || scan(item, ancestors, old[at], copies) !== undefined;
}

/** The ancestors `pathTo` gives, one array for every write (the walk below a write leaves it as it found it). */
const path: unknown[] = [];

/**
 * The objects from G down to a written draft's copy (the walk's ancestors
 * there), or undefined when that copy is not where its draft was read (moved
 * or dropped: what holds it now was written, and is walked whole).
 */
function pathTo(state: State, G: unknown): unknown[] | undefined {
  path.length = 0;
  for (let at: State = state; ; at = at.parent!) {
    path.push(at.copy);
    if (at.parent === undefined) return at.copy === G ? path : undefined;
    if (at.parent.copy[at.key!] !== at.copy) return undefined;
  }
}
