/* eslint-disable @typescript-eslint/no-explicit-any -- a draft stands for a value of any shape, read and written by any key */
/**
 * Drafts of a G made only of plain objects and arrays (and leaves: primitives,
 * class instances), the common case, without a draft library's general
 * machinery: drafts.ts sends every other G to mutative.
 *
 * Why: mutative's fixed cost per call (its options spread, a WeakSet, a
 * revocable proxy, a 17-field record and a copy by `Object.keys` and spread
 * per object read) was a large share of a small move and of the
 * realistic games in production mode (docs/performance.md). Here a read
 * copies nothing: an object read through a draft gets a draft of its own,
 * remembered by its parent; a write copies the draft's object and its
 * parents (a spread or a slice) and nothing else. The rules are mutative's
 * and immer's: mutate the draft or return a new G, not both; what a recipe
 * did not change is shared with the base; arrays take indices and `length`
 * only; a draft used after its recipe throws.
 */

import { copyObject } from './plain-copy';
import { finish, finishValue } from './plain-finish';
import { latest, STATE, stateOf, type Scope, type State } from './plain-state';
import { isPlainLeaf } from './serializable';

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** Drafted here: plain objects of this realm and plain arrays. */
const draftable = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype;
};

function draftOf(base: any, parent: State | undefined, key: PropertyKey | undefined, scope: Scope): State {
  const state: State = {
    base,
    copy: undefined,
    parent,
    key,
    assigned: undefined,
    scope,
    kid: undefined,
    kids: undefined,
    proxy: undefined,
  };
  state.proxy = Array.isArray(base) ? new Proxy([state], arrayTraps) : new Proxy(state, objectTraps);
  return state;
}

function revoked(operation: string): never {
  throw new TypeError(`Cannot perform '${operation}' on a draft after its move or hook returned`);
}

/** The draft and its parents get their copies. */
function markModified(state: State | undefined): void {
  while (state !== undefined && state.copy === undefined) {
    const { base } = state;
    if (Array.isArray(base)) {
      state.copy = base.slice();
      if (state.scope.noteArrays) noteArray(state.scope, state.copy);
    } else state.copy = copyObject(base);
    state = state.parent;
  }
}

/** A literal of one element first: an array grown by a push holds 17 slots. */
function noteArray(scope: Scope, copy: unknown[]): void {
  if (scope.arrays === undefined) scope.arrays = [copy];
  else scope.arrays.push(copy);
}

function noteWrite(scope: Scope, state: State, key: PropertyKey): void {
  if (scope.writes === undefined) scope.writes = [state, key];
  else scope.writes.push(state, key);
}

/**
 * Whether the development check must look at a write (made before it):
 * not one of a plain leaf (null, a boolean, a string, a finite number; on
 * an object also undefined, a key JSON drops) at an index the array
 * already has or at its end, which leaves nothing that is not plain data.
 * Most writes of a move are such (a score, a flag, a push onto a log).
 */
function mayLeaveUnplain(source: any, key: PropertyKey, value: unknown): boolean {
  if (!isPlainLeaf(value)) return !(value === undefined && !Array.isArray(source));
  return Array.isArray(source) && (key === 'length' || Number(key) > source.length);
}

function kidAt(state: State, key: PropertyKey): State | undefined {
  const { kid, kids } = state;
  if (kid !== undefined && kid.key === key) return kid;
  if (kids === undefined) return undefined;
  if (kids instanceof Map) return kids.get(key);
  if (!Array.isArray(kids)) return kids.key === key ? kids : undefined;
  // What the array inherits under a named key (a method of Array.prototype) has no such `key`.
  const item = kids[key as any];
  return item !== undefined && item.key === key ? item : undefined;
}

/** An array draft's element drafts: made whole at once (a spread reads every element, and growing by one index at a time copied them over and over). */
function addItem(state: State, key: PropertyKey, made: State): void {
  const items = (state.kids ??= new Array(state.base.length)) as (State | undefined)[];
  // Defined, not assigned: assigning an own "__proto__" would set the prototype of `items`.
  if (key === '__proto__')
    Object.defineProperty(items, key, { value: made, writable: true, enumerable: true, configurable: true });
  else items[key as any] = made;
}

/** An object draft's child after its first: the second kept alone (most reads stop there), a Map from the third. */
function addKid(state: State, key: PropertyKey, made: State): void {
  const { kids } = state;
  if (kids === undefined || (!(kids instanceof Map) && (kids as State).key === key)) state.kids = made;
  else if (kids instanceof Map) kids.set(key, made);
  else state.kids = new Map<PropertyKey, State>().set((kids as State).key!, kids as State).set(key, made);
}

const objectTraps: ProxyHandler<State> = {
  get(state, key, receiver) {
    if (key === STATE) return state;
    if (state.scope.done) revoked('get');
    const source = latest(state);
    if (!hasOwn.call(source, key)) return Reflect.get(source, key, receiver);
    const value = source[key];
    if (value === null || typeof value !== 'object') return value;
    const kid = kidAt(state, key);
    if (kid !== undefined && kid.base === value) return kid.proxy;
    // A value the recipe put here (a draft, a new object) is its own; a class instance is not drafted.
    if (value !== state.base[key] || !draftable(value)) return value;
    const made = draftOf(value, state, key, state.scope);
    if (state.kid === undefined || state.kid.key === key) state.kid = made;
    else if (Array.isArray(state.base)) addItem(state, key, made);
    else addKid(state, key, made);
    return made.proxy;
  },
  set(state, key, value, receiver) {
    if (state.scope.done) revoked('set');
    if (Array.isArray(state.base) && key !== 'length' && !isIndex(key))
      throw new Error('Only array indices and length can be set on a draft of an array');
    const source = latest(state);
    if (!hasOwn.call(source, key)) {
      const setter = findSetter(source, key);
      if (setter !== undefined) return (setter.call(receiver, value), true);
    }
    const current = source[key];
    if (Object.is(current, value) && (value !== undefined || hasOwn.call(source, key))) return true;
    // The draft of what is there, put back in its place.
    if (value !== null && typeof value === 'object' && current !== undefined) {
      const kid = kidAt(state, key);
      if (kid !== undefined && kid.base === current && stateOf(value) === kid) return true;
    }
    const noted = state.scope.noteArrays && mayLeaveUnplain(source, key, value);
    markModified(state);
    state.copy[key] = value;
    if (noted) noteWrite(state.scope, state, key);
    if (value !== null && typeof value === 'object') {
      if (state.assigned === undefined) state.assigned = [key];
      else state.assigned.push(key);
    }
    return true;
  },
  deleteProperty(state, key) {
    if (state.scope.done) revoked('deleteProperty');
    if (Array.isArray(state.base)) return objectTraps.set!(state, key, undefined, state.proxy);
    if (state.base[key] !== undefined || key in state.base) markModified(state);
    if (state.copy !== undefined) delete state.copy[key];
    return true;
  },
  has: (state, key) => (state.scope.done ? revoked('has') : key in latest(state)),
  ownKeys: (state) => (state.scope.done ? revoked('ownKeys') : Reflect.ownKeys(latest(state))),
  getOwnPropertyDescriptor(state, key) {
    if (state.scope.done) revoked('getOwnPropertyDescriptor');
    const source = latest(state);
    // Not by Reflect.getOwnPropertyDescriptor: a spread or Object.entries of a draft asks once per key.
    const enumerable = isEnumerable.call(source, key);
    if (!enumerable && !hasOwn.call(source, key)) return undefined;
    return {
      writable: true,
      configurable: key !== 'length' || !Array.isArray(state.base),
      enumerable,
      value: source[key],
    };
  },
  getPrototypeOf: (state) => Object.getPrototypeOf(state.base),
  setPrototypeOf: () => {
    throw new TypeError('Cannot set the prototype of a draft');
  },
  defineProperty: () => {
    throw new TypeError('Cannot define a property on a draft');
  },
};

/** The same traps on an array's proxy, whose target is `[state]` (so that Array.isArray holds). */
const traps = objectTraps as Required<ProxyHandler<State>>;
const arrayTraps: ProxyHandler<[State]> = {
  // A draft's own key answered here: finishing asks every array it meets whether it is a draft.
  get: (target, key, receiver) => (key === STATE ? target[0] : traps.get(target[0], key, receiver)),
  set: (target, key, value, receiver) => traps.set(target[0], key, value, receiver),
  deleteProperty: (target, key) => traps.deleteProperty(target[0], key),
  has: (target, key) => traps.has(target[0], key),
  ownKeys: (target) => traps.ownKeys(target[0]),
  getOwnPropertyDescriptor: (target, key) => traps.getOwnPropertyDescriptor(target[0], key),
  getPrototypeOf: (target) => traps.getPrototypeOf(target[0]),
  setPrototypeOf: (target, proto) => traps.setPrototypeOf(target[0], proto),
  defineProperty: (target, key, attributes) => traps.defineProperty(target[0], key, attributes),
};

function isIndex(key: PropertyKey): boolean {
  return typeof key === 'string' && String(Number(key) >>> 0) === key && Number(key) !== 4294967295;
}

function findSetter(object: object, key: PropertyKey): ((value: unknown) => void) | undefined {
  for (let proto = Object.getPrototypeOf(object); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const found = Reflect.getOwnPropertyDescriptor(proto, key);
    if (found) return found.set;
  }
  return undefined;
}

/** Set by `producePlain`: whether its result holds something only mutative drafts. */
export let lastUnusual = false;
/** Set by `producePlain` when asked: the arrays it copied (the serializability check need not look for named keys there). */
export let lastArrayCopies: readonly unknown[] | undefined;
const NO_WRITES: readonly unknown[] = [];

/** Set by `producePlain` when asked: its draft states and keys written, in pairs (only those `mayLeaveUnplain`). */
export let lastWrites: readonly unknown[] | undefined;

/** `produce` (drafts.ts) for a base that `isPlainTree` accepted. */
export function producePlain<T, A>(base: T, recipe: (draft: T, arg: A) => unknown, arg: A, noteArrays: boolean): T {
  const scope: Scope = { done: false, noteArrays, arrays: undefined, writes: undefined, unusual: false };
  const root = draftOf(base, undefined, undefined, scope);
  let result: any;
  try {
    const out = recipe(root.proxy, arg);
    if (out === undefined || out === root.proxy) result = finish(root);
    else if (root.copy !== undefined)
      throw new Error('A move or hook may change its draft of G or return a new value, not both');
    else result = out !== null && typeof out === 'object' ? finishValue(out, scope) : out;
  } finally {
    scope.done = true;
  }
  lastUnusual = scope.unusual;
  lastArrayCopies = scope.arrays;
  // A change in place with no write to look at is told apart from a G returned (undefined: walked whole).
  lastWrites = noteArrays && root.copy !== undefined ? (scope.writes ?? NO_WRITES) : scope.writes;
  return result as T;
}

export const isPlainDraft = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && stateOf(value) !== undefined;

/** The value a plain draft was made from. */
export const plainBaseOf = (value: object): unknown => stateOf(value)!.base;
