/* eslint-disable @typescript-eslint/no-explicit-any -- finishing reads and writes values of any shape by any key */
/**
 * The end of a plain draft's recipe (plain-drafts.ts): the next G, with
 * every draft in it replaced by the value it ends as.
 */
import { isInstance } from './plain-tree';
import { stateOf, type Scope, type State } from './plain-state';

/**
 * The value a draft ends as: its base if unchanged, else its copy with its
 * drafts replaced: the drafts its reads made, where they still are, and
 * whatever objects the recipe put in it (for an array, any element that
 * moved: a write of its own). Only those keys are visited: an array of a
 * hundred pieces where one moved is not walked whole.
 */
export function finish(state: State): any {
  const { copy, kid, kids, assigned } = state;
  if (copy === undefined) return state.base;
  // Taken and cleared first: a draft met again (put in two places, or inside itself) ends as its copy, unwalked.
  state.kid = state.kids = state.assigned = undefined;
  if (Array.isArray(kids)) {
    // Indices only: the copy (a `slice`) has no named keys.
    for (let i = 0; i < kids.length; i++) {
      const item = kids[i];
      if (item !== undefined && item.copy !== undefined && copy[i] === item.base) copy[i] = finish(item);
    }
  }
  if (kid !== undefined) finishKid.call(copy, kid);
  // forEach with the copy as `this`: a for-of over the Map made an iterator per finished draft.
  if (kids instanceof Map) kids.forEach(finishKid, copy);
  else if (kids !== undefined && !Array.isArray(kids)) finishKid.call(copy, kids);
  if (assigned === undefined) return copy;
  // A sort writes every index, and more than once: then one pass over the array visits each once.
  if (assigned.length > copy.length && Array.isArray(copy)) for (let i = 0; i < copy.length; i++) finishPut(state, i);
  else for (let i = 0; i < assigned.length; i++) finishPut(state, assigned[i]);
  return copy;
}

/** A draft its parent's read made, put back finished if changed and still where it was read. */
function finishKid(this: any, kid: State): void {
  if (kid.copy !== undefined && this[kid.key!] === kid.base) this[kid.key!] = finish(kid);
}

function finishPut(state: State, key: PropertyKey): void {
  const value = state.copy[key];
  if (value !== null && typeof value === 'object' && value !== state.base[key])
    state.copy[key] = finishValue(value, state.scope);
}

/** The stack of new objects a walk is in, kept for the next walk (one made per walk was much of its garbage). */
let spare: object[] | undefined = [];

/** A value the recipe put in G or returned: a draft ends as its value; a new object is searched for drafts. */
export function finishValue(value: object, scope: Scope): any {
  // A walk may start another before it ends (a changed draft it meets holds new objects): that one makes its own.
  const ancestors = spare ?? [];
  spare = undefined;
  const result = finishNew(value, scope, ancestors);
  spare = ancestors;
  return result;
}

/** `ancestors`: the new objects above `value`. */
function finishNew(value: any, scope: Scope, ancestors: object[]): any {
  const state = stateOf(value);
  if (state !== undefined) return state.scope === scope ? finish(state) : value;
  return finishObject(value, scope, ancestors);
}

/** A new object (not a draft): searched for drafts. */
function finishObject(value: any, scope: Scope, ancestors: object[]): any {
  const proto = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === Array.prototype;
  if (!plain && isInstance(value, proto)) return value;
  if (!plain) scope.unusual = true;
  if (ancestors.includes(value)) return value;
  ancestors.push(value);
  // Indices only, as immer finalizes an array (listing each new array's symbols was much of this walk).
  if (proto === Array.prototype) finishArray(value, scope, ancestors);
  else {
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

/**
 * A new array's elements. Most drafts in it are elements of one array's
 * draft, in order or shifted (a spread, `map` or `filter` of it): each is
 * first compared with that draft's element at the same offset, which costs
 * far less than asking the draft's proxy whether it is one.
 */
function finishArray(array: any[], scope: Scope, ancestors: object[]): void {
  let from: (State | undefined)[] | undefined;
  let shift = 0;
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    if (item === null || typeof item !== 'object') continue;
    if (from !== undefined) {
      const kid = from[i + shift];
      if (kid !== undefined && kid.proxy === item) {
        array[i] = finish(kid);
        continue;
      }
    }
    const state = stateOf(item);
    if (state === undefined) {
      const next = finishObject(item, scope, ancestors);
      if (next !== item) array[i] = next;
    } else if (state.scope === scope) {
      array[i] = finish(state);
      const parent = state.parent;
      if (parent !== undefined && Array.isArray(parent.base)) {
        from = parent.kids as (State | undefined)[] | undefined;
        shift = Number(state.key) - i;
      }
    }
  }
}

function finishAt(object: any, key: PropertyKey, scope: Scope, ancestors: object[]): void {
  const item = object[key];
  if (item === null || typeof item !== 'object') return;
  const next = finishNew(item, scope, ancestors);
  if (next !== item) object[key] = next;
}
