/* eslint-disable @typescript-eslint/no-explicit-any -- the context the engine hands game code of any game */
/**
 * Which call tape (call-tape.ts) game code reports to: the one set for the
 * action running now. The bound game's moves, hooks and triggers are wrapped
 * by `taped`, which hands each call to that tape, or runs it plainly when no
 * tape is set.
 */
import type { CallTape } from './call-tape';
import type { CallKind, EndIfKind } from './tape-entries';

type AnyFn = (...args: any[]) => unknown;

const NO_ARGS: unknown[] = [];

/** The tape that game code reports to now, if any. */
let active: CallTape | undefined;

/** Run `fn` with `tape` recording (or replaying) the game code it calls. */
export function withTape<T>(tape: CallTape, fn: () => T): T {
  const previous = active;
  active = tape;
  try {
    return fn();
  } finally {
    active = previous;
  }
}

/** `withTape(tape, () => fn(a, b, c, d))` without a closure: the reducer calls the engine through it on every action. */
export function withTapeCall<A, B, C, D, T>(
  tape: CallTape,
  fn: (a: A, b: B, c: C, d: D) => T,
  a: A,
  b: B,
  c: C,
  d: D,
): T {
  const previous = active;
  active = tape;
  try {
    return fn(a, b, c, d);
  } finally {
    active = previous;
  }
}

/**
 * Game code that goes through the active tape, if any, and runs plainly
 * otherwise. `takesArgs`: the engine passes arguments after the context (a
 * move's, setup's `setupData`); hooks and triggers get the context alone, and
 * their wrapper has no rest parameter, which would make an array per call.
 */
export function taped<F extends AnyFn>(fn: F, id: string, kind: CallKind, endIf?: EndIfKind, takesArgs = false): F {
  if (!takesArgs) {
    return function (this: unknown, context: any) {
      const tape = active;
      return tape ? tape.call(id, kind, endIf, fn, context, NO_ARGS) : fn.call(this, context);
    } as F;
  }
  return function (this: unknown, context: any, ...args: unknown[]) {
    const tape = active;
    return tape ? tape.call(id, kind, endIf, fn, context, args) : fn.call(this, context, ...args);
  } as F;
}
