/* eslint-disable @typescript-eslint/no-explicit-any -- a draft stands for a value of any shape */
/**
 * What a plain draft (plain-drafts.ts) knows about itself: shared by the
 * traps that make and write drafts and by the finish (plain-finish.ts) that
 * turns them into the next G.
 */

export const STATE = Symbol('turnchart.draft');

export interface Scope {
  done: boolean;
  /** Whether to keep `arrays` and `writes` (only the development check reads them). */
  readonly noteArrays: boolean;
  /** The arrays this draft copied: they hold indices only (`slice` copies no other keys, and `set` refuses them). */
  arrays: unknown[] | undefined;
  /** The writes to drafts that may leave G not plain, as state and key in pairs: the development check looks only there. */
  writes: unknown[] | undefined;
  /** Set when a new value holds something only mutative drafts (a Map, a Set, an object without a prototype, another realm's object). */
  unusual: boolean;
}

export interface State {
  readonly base: any;
  /** Made by the first write (for a changed draft and its parents), and undefined until then. */
  copy: any;
  readonly parent: State | undefined;
  /** Where the parent holds it. */
  readonly key: PropertyKey | undefined;
  /** Keys where the recipe put objects (every write goes through the `set` trap, array methods' too). */
  assigned: PropertyKey[] | undefined;
  readonly scope: Scope;
  /** The draft of the first child read: most drafts lie on one path to what a move changes, and need no Map or array. */
  kid: State | undefined;
  /**
   * The drafts of the other children read. An object draft's: the second
   * alone (most reads stop there, and a Map is large), then a Map of them
   * from the third on. An array draft's: an array, by index (a spread of an
   * array reads every element: a Map entry for each cost more), where a
   * named key's draft is a named property (a copy of the array, a `slice`,
   * drops those keys, so the finish never looks for them).
   */
  kids: State | Map<PropertyKey, State> | (State | undefined)[] | undefined;
  proxy: any;
}

export const stateOf = (value: any): State | undefined => value[STATE];

export const latest = (state: State): any => (state.copy === undefined ? state.base : state.copy);
