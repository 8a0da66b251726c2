/**
 * The drafts that moves and hooks mutate: one module, so the engine and the
 * boardgame.io adapter use the same draft library.
 *
 * mutative, not immer (boardgame.io's library): the same job with the same
 * rules for game code — mutate the draft, or return a new G (which may hold
 * parts of the draft), not both — and on the realistic workloads
 * (bench/realistic.ts) turnchart ran faster with it than with immer 11
 * (docs/performance.md). Results are not frozen, as they were not
 * with immer here: freezing costs a deep walk per call, and turnchart never
 * mutates G outside a draft.
 *
 * Two ways to draft. immer also drafts objects without a prototype and plain
 * objects of other realms (vm contexts, iframes); mutative does with a
 * `mark` (markSimpleObject), but then calls it on every read through a
 * draft, and the realistic workloads read much (a move that looks for legal
 * moves reads the whole board): drafting without the mark made them
 * faster, the walk below included (docs/performance.md). Without
 * the mark such an object is not drafted, and a move that changed it would
 * change the state it was given; so G is drafted without the mark only when
 * it is known to hold none: it was walked once (`ordinaryG`), or it came out
 * of such a draft and what the draft changed holds none.
 */
import { isDraft as isMutativeDraft, makeCreator, markSimpleObject, original as originalOf, rawReturn } from 'mutative';
import { isPlainDraft, lastArrayCopies, lastUnusual, lastWrites, plainBaseOf, producePlain } from './plain-drafts';
import { isPlainTree } from './plain-tree';
import { holdsUnusual } from './unusual-objects';

/** Drafts plain objects of this realm, arrays, Maps and Sets. */
const createOrdinary = makeCreator({});
/** Also drafts objects without a prototype and plain objects of other realms. */
const createMarked = makeCreator({ mark: markSimpleObject });

/**
 * The last G values classified: whether each may be drafted without the
 * mark. A ring, not a WeakSet: a WeakSet entry per G made garbage
 * collection a large share of the 0.4x game's time (docs/performance.md). G almost always comes from
 * the last draft (the next call of the action, or the next action), so the
 * search starts at the newest entry, and a few entries serve; a G not among
 * them (another match's, an older state's) is walked whole once more.
 *
 * The ring sizes itself to the matches a process interleaves: with 8
 * entries a server serving many matches misses on most actions, and each
 * miss walks a whole G. When a quarter of a window's lookups miss (an
 * action may look its G up several times, and only the first misses), the
 * ring doubles, up to MAX_KNOWN; when every hit of a window was among the
 * newest quarter, it halves, down to MIN_KNOWN. It stays small for a
 * process that plays one match at a time: holding many Gs kept them from
 * dying young, which slowed it. A server needs about two entries per match
 * it interleaves (a miss remembers the G it walked and the G the action
 * made), so a grown ring is indexed by a Map rather than searched. At its
 * smallest it is searched from the newest entry, where G nearly always is:
 * a Map's upkeep on every remembered G cost more than that search.
 */
const MIN_KNOWN = 8;
const MAX_KNOWN = 4096;
const WINDOW = 64;

let KNOWN = MIN_KNOWN;
let knownG: (object | undefined)[] = [];
/** Each remembered G's newest slot in the ring, while the ring is larger than MIN_KNOWN. */
const slotOf = new Map<object, number>();
const indexed = (): boolean => KNOWN > MIN_KNOWN;
let knownOrdinary: boolean[] = [];
/** Whether each may be drafted by plain-drafts.ts (only plain objects, arrays and leaves). */
let knownPlain: boolean[] = [];
let nextKnown = 0;
/** This window: lookups, misses, and the deepest hit (1: the newest entry). */
let lookups = 0;
let misses = 0;
let deepest = 0;

/**
 * A ring of `size` entries that keeps the newest of the old one's: emptied,
 * it would walk every G again, and those misses would resize it again.
 */
function resize(size: number): void {
  const kept: number[] = [];
  for (let n = 0, i = nextKnown; n < Math.min(KNOWN, size); n++) {
    i = i === 0 ? KNOWN - 1 : i - 1;
    if (knownG[i] !== undefined) kept.push(i);
  }
  kept.reverse();
  const [G, ordinary, plain] = [knownG, knownOrdinary, knownPlain];
  KNOWN = size;
  knownG = new Array(size).fill(undefined);
  knownOrdinary = new Array(size).fill(false);
  knownPlain = new Array(size).fill(false);
  slotOf.clear();
  nextKnown = 0;
  for (const i of kept) remember(G[i], ordinary[i], plain[i]);
}

/** How many Gs the ring holds now (for tests). */
export function knownGCapacity(): number {
  return KNOWN;
}

/**
 * Counts a lookup: a hit at `depth` (1: the newest entry), or a miss (0);
 * resizes at the end of a window. Whether it resized.
 */
function countLookup(depth: number): boolean {
  if (depth === 0) misses++;
  else if (depth > deepest) deepest = depth;
  if (++lookups < WINDOW) return false;
  const size =
    misses * 4 >= WINDOW && KNOWN < MAX_KNOWN
      ? KNOWN * 2
      : misses * 4 < WINDOW && deepest * 4 <= KNOWN && KNOWN > MIN_KNOWN
        ? KNOWN / 2
        : KNOWN;
  lookups = 0;
  misses = 0;
  deepest = 0;
  if (size === KNOWN) return false;
  resize(size);
  return true;
}

function remember<T>(G: T, isOrdinary: boolean, isPlain = false): T {
  if (G === null || typeof G !== 'object') return G;
  if (indexed()) {
    const evicted = knownG[nextKnown];
    if (evicted !== undefined && slotOf.get(evicted) === nextKnown) slotOf.delete(evicted);
    slotOf.set(G, nextKnown);
  }
  knownG[nextKnown] = G;
  knownOrdinary[nextKnown] = isOrdinary;
  knownPlain[nextKnown] = isPlain;
  nextKnown = (nextKnown + 1) % KNOWN;
  return G;
}
resize(MIN_KNOWN);

/** G's newest slot in the ring, or -1 (not counted as a lookup). */
function find(G: object): number {
  if (indexed()) return slotOf.get(G) ?? -1;
  for (let n = 0, i = nextKnown; n < KNOWN; n++) {
    i = i === 0 ? KNOWN - 1 : i - 1;
    if (knownG[i] === G) return i;
  }
  return -1;
}

/**
 * G's slot in the ring, counted as a lookup; -1 if it is not there. A
 * lookup that ends a window may resize the ring: then G's slot is where the
 * resize put it.
 */
function lookUp(G: object): number {
  const slot = find(G);
  // Its depth: 1 for the newest entry.
  const resized = countLookup(slot < 0 ? 0 : ((nextKnown - slot + KNOWN - 1) % KNOWN) + 1);
  return resized ? find(G) : slot;
}

/** Whether G may be drafted without the mark (a G not known is walked whole). */
function ordinaryG(G: object): boolean {
  const slot = lookUp(G);
  if (slot >= 0) return knownOrdinary[slot];
  const isOrdinary = !holdsUnusual(G, undefined, []);
  remember(G, isOrdinary);
  return isOrdinary;
}

/** Whether G may be drafted by plain-drafts.ts (a G not known is walked whole). */
function plainG(G: object): boolean {
  const slot = lookUp(G);
  if (slot >= 0) return knownPlain[slot];
  const isPlain = isPlainTree(G);
  remember(G, isPlain || !holdsUnusual(G, undefined, []), isPlain);
  return isPlain;
}

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
 * The next value of `base` after `recipe` ran on its draft (and `arg`, so
 * that a caller needs no closure per call): what the recipe left in the
 * draft, or the value it returned. A base that cannot be drafted (a number,
 * a string, null) is handed to the recipe as it is, and kept when the recipe
 * returns undefined, as immer's `produce` does.
 */
export function produce<T, A = undefined>(
  base: T,
  recipe: (draft: T, arg: A) => unknown,
  arg?: A,
  noteArrays = false,
): T {
  if (base === null || typeof base !== 'object') {
    const result = recipe(base, arg as A);
    return (result === undefined ? base : result) as T;
  }
  copiedArrays = writes = undefined;
  if (plainG(base)) {
    const result = producePlain(base, recipe, arg as A, noteArrays);
    copiedArrays = lastArrayCopies;
    writes = lastWrites;
    return result === base ? result : remember(result, !lastUnusual || !holdsUnusual(result, base, []), !lastUnusual);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- with unknown, no overload of mutative's create() takes the recipe
  const run = (draft: object): any => {
    const out = recipe(draft as T, arg as A);
    if (out === null || typeof out !== 'object' || isMutativeDraft(out)) return out;
    replaceDrafts(out, new Set());
    return rawReturn(out);
  };
  // What came out of a marked draft is taken to need one too: at worst, slower reads.
  if (!ordinaryG(base)) return remember(createMarked(base, run) as T, false);
  const result = createOrdinary(base, run) as T;
  return result === base ? result : remember(result, !holdsUnusual(result, base, []));
}

// Plain drafts first: they are the common case, and mutative's test on one of them runs its `get` trap to the end.
let copiedArrays: readonly unknown[] | undefined;

/**
 * The arrays the last `produce` copied from its base (plain drafts only, when
 * asked by `noteArrays`): they hold indices and no other keys.
 */
export const arraysCopiedByLastDraft = (): readonly unknown[] | undefined => copiedArrays;

let writes: readonly unknown[] | undefined;

/**
 * The draft states and keys the last `produce` wrote where G may have stopped being plain data, in pairs (plain
 * drafts only, when asked by `noteArrays`; empty for a change in place that wrote only plain leaves).
 */
export const writesOfLastDraft = (): readonly unknown[] | undefined => writes;

export const isDraft = (value: unknown): boolean => isPlainDraft(value) || isMutativeDraft(value);

/** The value a draft was made from; a value that is not a draft, as it is. */
export function baseOf<T>(value: T): T {
  if (isPlainDraft(value)) return plainBaseOf(value as object) as T;
  return isMutativeDraft(value) ? (originalOf(value as object) as T) : value;
}
