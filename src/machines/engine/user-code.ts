/**
 * Calling game code: moves and hooks run on a draft of G (drafts.ts: mutate
 * it or return a new G); triggers (`endIf`, `next`, turn-order functions) only read.
 * A throw becomes a USER_CODE_THREW rejection naming the config location.
 */
import { arraysCopiedByLastDraft, produce, writesOfLastDraft } from './drafts';
import { reject, RejectedAction } from './errors';
import type { EventQueue, MethodType } from './event-queue';
import { actedFor, actFor, gameEvents, gameRandom } from './game-apis';
import type { RandomSource } from './random';
import { findUnserializable, findUnserializableWrites } from './serializable';
import type { Ctx, LogAPI, PlayerID, TriggerContext } from './types';
import { INVALID_MOVE_VALUE } from './types';

const DEV = typeof process === 'undefined' || process.env?.NODE_ENV !== 'production';

const noopLog: LogAPI = { setMetadata: () => undefined };

/** A hook's arguments after the context: none (one array for every call, not one per call). */
const NO_ARGS: readonly unknown[] = [];

/** Everything one action's user code can reach. */
export interface UserCodeEnv {
  queue: EventQueue;
  random: RandomSource;
  /** When set, G must stay plain data (checked after every move and hook). */
  checkSerializable: boolean;
}

export function createEnv(queue: EventQueue, random: RandomSource): UserCodeEnv {
  return { queue, random, checkSerializable: DEV };
}

function rethrow(error: unknown, where: string): never {
  if (error instanceof RejectedAction) throw error;
  const message = error instanceof Error ? error.message : String(error);
  reject('USER_CODE_THREW', `${where} threw: ${message}`, where, error);
}

/** A move's or hook's call on its draft: one record kept for the next call (a closure per call was garbage). */
interface DraftCall {
  fn: ((...args: any[]) => unknown) | undefined;
  ctx: Ctx | undefined;
  playerID: PlayerID | undefined;
  args: readonly unknown[] | undefined;
  invalid: boolean;
}

const newCall = (): DraftCall => ({
  fn: undefined,
  ctx: undefined,
  playerID: undefined,
  args: undefined,
  invalid: false,
});
let spareCall: DraftCall | undefined = newCall();

function callOnDraft(draft: unknown, call: DraftCall): unknown {
  const { fn, ctx, playerID } = call;
  const out = fn!({ G: draft, ctx, playerID, events: gameEvents, random: gameRandom, log: noopLog }, ...call.args!);
  if (out !== INVALID_MOVE_VALUE) return out;
  call.invalid = true;
  return undefined;
}

/** Run a move or hook with boardgame.io's context; returns the new G (or INVALID_MOVE). */
export function runOnDraft(
  env: UserCodeEnv,
  fn: (...args: any[]) => unknown,
  G: unknown,
  ctx: Ctx,
  playerID: PlayerID | undefined,
  method: MethodType,
  where: string,
  args: readonly unknown[] = NO_ARGS,
): unknown {
  env.queue.enter(ctx, method, where);
  const outer = actFor(env);
  // The spare record, unless a call runs inside another (an action driven from a move): then one of its own.
  const call = spareCall ?? newCall();
  spareCall = undefined;
  call.fn = fn;
  call.ctx = ctx;
  call.playerID = playerID;
  call.args = args;
  call.invalid = false;
  let result: unknown;
  let invalid: boolean;
  try {
    result = produce(G, callOnDraft, call, env.checkSerializable);
  } catch (error) {
    rethrow(error, where);
  } finally {
    env.queue.leave();
    actedFor(outer);
    invalid = call.invalid;
    call.fn = call.ctx = call.playerID = call.args = undefined;
    spareCall = call;
  }
  if (invalid) return INVALID_MOVE_VALUE;
  if (env.checkSerializable) assertSerializable(result, where, G, arraysCopiedByLastDraft());
  return result;
}

/** Run a trigger (endIf, next, turn order); it gets G and ctx but no playerID. */
export function runTrigger<R>(
  env: UserCodeEnv,
  fn: (context: TriggerContext) => R,
  G: unknown,
  ctx: Ctx,
  where: string,
): R {
  // Not a method that may call events: queued calls keep calledFrom undefined and are refused, naming `where`.
  env.queue.currentWhere = where;
  const outer = actFor(env);
  try {
    return fn({ G, ctx, events: gameEvents, random: gameRandom, log: noopLog });
  } catch (error) {
    rethrow(error, where);
  } finally {
    env.queue.currentWhere = undefined;
    actedFor(outer);
  }
}

/**
 * A deep copy of a value that `findUnserializable` accepted (plain objects,
 * arrays, strings, finite numbers, booleans, null): a plain walk is many
 * times faster than structuredClone for the small arguments events get.
 */
export function clonePlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clonePlain) as T;
  // Like structuredClone: a fresh plain object whatever the prototype, and an own `__proto__` key stays a key.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = clonePlain((value as Record<string, unknown>)[key]);
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}

/** A G the draft changed in place is checked where it was written; a G returned or made by mutative, walked. */
function assertSerializable(G: unknown, where: string, before: unknown, copies?: readonly unknown[]): void {
  const writes = writesOfLastDraft();
  const problem =
    writes === undefined || G === before
      ? findUnserializable(G, 'G', before, copies)
      : findUnserializableWrites(G, before, writes, copies);
  if (problem) reject('NOT_SERIALIZABLE', `${where} left G that is not plain data: ${problem}`, where);
}
