/* eslint-disable @typescript-eslint/no-explicit-any -- a draft stands for a value of any shape, read and written by any key */
/**
 * Drafts of a G made only of plain objects and arrays (and leaves: primitives,
 * class instances), the common case, without a draft library's general
 * machinery: drafts.ts sends every other G to mutative.
 *
 * Why: mutative's fixed cost per call (its options spread, a WeakSet, a
 * revocable proxy, a 17-field record and a copy by `Object.keys` and spread
 * per object read) was a quarter of a small move and 25–35% of the
 * realistic games in production mode (docs/performance.md). Here a read
 * copies nothing: an object read through a draft gets a draft of its own,
 * remembered by its parent; a write copies the draft's object and its
 * parents (a spread or a slice) and nothing else. The rules are mutative's
 * and immer's: mutate the draft or return a new G, not both; what a recipe
 * did not change is shared with the base; arrays take indices and `length`
 * only; a draft used after its recipe throws.
 */

import { copyObject } from './plain-copy';
import { isInstance } from './plain-tree';

const STATE = Symbol('turnchart.draft');

interface Scope {
  done: boolean;
  /** The arrays this draft copied: they hold indices only (`slice` copies no other keys, and `set` refuses them). */
  arrays: unknown[] | undefined;
  /** Set when a new value holds something only mutative drafts (a Map, a Set, an object without a prototype, another realm's object). */
  unusual: boolean;
}

interface State {
  readonly base: any;
  copy: any;
  modified: boolean;
  finished: boolean;
  readonly array: boolean;
  readonly parent: State | undefined;
  /** Where the parent holds it. */
  readonly key: PropertyKey | undefined;
  /** Keys where the recipe put objects (every write goes through the `set` trap, array methods' too). */
  assigned: PropertyKey[] | undefined;
  readonly scope: Scope;
  /** The draft of the first child read: most drafts lie on one path to what a move changes, and need no Map. */
  kid: State | undefined;
  /** The drafts of the other children read. */
  kids: Map<PropertyKey, State> | undefined;
  proxy: any;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Drafted here: plain objects of this realm and plain arrays. */
const draftable = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype;
};

function draftOf(base: any, parent: State | undefined, key: PropertyKey | undefined, scope: Scope): State {
  const array = Array.isArray(base);
  const state: State = {
    base,
    copy: undefined,
    modified: false,
    finished: false,
    array,
    parent,
    key,
    assigned: undefined,
    scope,
    kid: undefined,
    kids: undefined,
    proxy: undefined,
  };
  state.proxy = new Proxy(array ? [state] : state, array ? arrayTraps : objectTraps);
  return state;
}

const stateOf = (value: any): State | undefined => value[STATE];

function revoked(operation: string): never {
  throw new TypeError(`Cannot perform '${operation}' on a draft after its move or hook returned`);
}

/** The draft and its parents get their copies. */
function markModified(state: State | undefined): void {
  while (state !== undefined && !state.modified) {
    state.modified = true;
    state.copy = state.array ? state.base.slice() : copyObject(state.base);
    if (state.array) (state.scope.arrays ??= []).push(state.copy);
    state = state.parent;
  }
}

const kidAt = (state: State, key: PropertyKey): State | undefined =>
  state.kid !== undefined && state.kid.key === key ? state.kid : state.kids?.get(key);

const latest = (state: State): any => (state.modified ? state.copy : state.base);

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
    else (state.kids ??= new Map()).set(key, made);
    return made.proxy;
  },
  set(state, key, value, receiver) {
    if (state.scope.done) revoked('set');
    if (state.array && key !== 'length' && !isIndex(key))
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
    markModified(state);
    state.copy[key] = value;
    if (value !== null && typeof value === 'object') (state.assigned ??= []).push(key);
    return true;
  },
  deleteProperty(state, key) {
    if (state.scope.done) revoked('deleteProperty');
    if (state.array) return objectTraps.set!(state, key, undefined, state.proxy);
    if (state.base[key] !== undefined || key in state.base) markModified(state);
    if (state.modified) delete state.copy[key];
    return true;
  },
  has: (state, key) => (state.scope.done ? revoked('has') : key in latest(state)),
  ownKeys: (state) => (state.scope.done ? revoked('ownKeys') : Reflect.ownKeys(latest(state))),
  getOwnPropertyDescriptor(state, key) {
    if (state.scope.done) revoked('getOwnPropertyDescriptor');
    const source = latest(state);
    const found = Reflect.getOwnPropertyDescriptor(source, key);
    return (
      found && {
        writable: true,
        configurable: !state.array || key !== 'length',
        enumerable: found.enumerable,
        value: source[key],
      }
    );
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

/**
 * The value a draft ends as: its base if unchanged, else its copy with its
 * drafts replaced: the drafts its reads made, where they still are, and
 * whatever objects the recipe put in it (for an array, any element that
 * moved: a write of its own). Only those keys are visited: an array of a
 * hundred pieces where one moved is not walked whole.
 */
function finish(state: State): any {
  if (!state.modified || state.finished) return latest(state);
  state.finished = true;
  const { copy, kid, kids } = state;
  if (kid !== undefined) finishKid.call(copy, kid);
  // forEach with the copy as `this`: a for-of over the Map made an iterator per finished draft.
  if (kids !== undefined) kids.forEach(finishKid, copy);
  const { assigned } = state;
  if (assigned === undefined) return copy;
  // A sort writes every index, and more than once: then one pass over the array visits each once.
  if (state.array && assigned.length > copy.length) for (let i = 0; i < copy.length; i++) finishPut(state, i);
  else for (let i = 0; i < assigned.length; i++) finishPut(state, assigned[i]);
  return copy;
}

/** A draft its parent's read made, put back finished if changed and still where it was read. */
function finishKid(this: any, kid: State): void {
  if (kid.modified && this[kid.key!] === kid.base) this[kid.key!] = finish(kid);
}

function finishPut(state: State, key: PropertyKey): void {
  const value = state.copy[key];
  if (value !== null && typeof value === 'object' && value !== state.base[key])
    state.copy[key] = finishNew(value, state.scope, undefined);
}

/**
 * A value the recipe put in G: a draft ends as its value; a new object is
 * searched for drafts. `ancestors`: the new objects above it (made when the
 * walk first enters one: most values put in G are drafts).
 */
function finishNew(value: any, scope: Scope, ancestors: object[] | undefined): any {
  const state = stateOf(value);
  if (state !== undefined) return state.scope === scope ? finish(state) : value;
  const proto = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === Array.prototype;
  if (!plain && isInstance(value, proto)) return value;
  if (!plain) scope.unusual = true;
  if (ancestors === undefined) ancestors = [];
  else if (ancestors.includes(value)) return value;
  ancestors.push(value);
  if (proto === Array.prototype) {
    // Indices only, as immer finalizes an array (listing each new array's symbols was much of this walk).
    for (let i = 0; i < value.length; i++) finishAt(value, i, scope, ancestors);
  } else {
    // Plain objects first: nearly everything a recipe builds is one.
    if (!plain && value instanceof Map) {
      for (const [key, item] of value)
        if (item !== null && typeof item === 'object') value.set(key, finishNew(item, scope, ancestors));
    } else if (!plain && value instanceof Set) {
      // Rebuilt in order.
      const items = [...value].map((item) =>
        item !== null && typeof item === 'object' ? finishNew(item, scope, ancestors) : item,
      );
      value.clear();
      for (const item of items) value.add(item);
    } else for (const key in value) finishAt(value, key, scope, ancestors);
    for (const symbol of Object.getOwnPropertySymbols(value)) finishAt(value, symbol, scope, ancestors);
  }
  ancestors.pop();
  return value;
}

function finishAt(object: any, key: PropertyKey, scope: Scope, ancestors: object[]): void {
  const item = object[key];
  if (item === null || typeof item !== 'object') return;
  const next = finishNew(item, scope, ancestors);
  if (next !== item) object[key] = next;
}

/** Set by `producePlain`: whether its result holds something only mutative drafts. */
export let lastUnusual = false;
/** Set by `producePlain`: the arrays it copied (the serializability check need not look for named keys there). */
export let lastArrayCopies: readonly unknown[] | undefined;

/** `produce` (drafts.ts) for a base that `isPlainTree` accepted. */
export function producePlain<T>(base: T, recipe: (draft: T) => unknown): T {
  const scope: Scope = { done: false, arrays: undefined, unusual: false };
  const root = draftOf(base, undefined, undefined, scope);
  let result: any;
  try {
    const out = recipe(root.proxy);
    if (out === undefined || out === root.proxy) result = finish(root);
    else if (root.modified) throw new Error('A move or hook may change its draft of G or return a new value, not both');
    else result = out !== null && typeof out === 'object' ? finishNew(out, scope, undefined) : out;
  } finally {
    scope.done = true;
  }
  lastUnusual = scope.unusual;
  lastArrayCopies = scope.arrays;
  return result as T;
}

export const isPlainDraft = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && stateOf(value) !== undefined;

/** The value a plain draft was made from. */
export const plainBaseOf = (value: object): unknown => stateOf(value)!.base;
