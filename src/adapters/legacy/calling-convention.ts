/**
 * The calling convention of boardgame.io before 0.50: moves `(G, ctx, ...args)`,
 * hooks `(G, ctx) => G`, triggers and turn-order functions `(G, ctx)`, with the
 * plugin APIs on `ctx` (`ctx.events`, `ctx.random`, `ctx.log`) and the acting
 * player at `ctx.playerID`. Each wrapper here turns one such function into the
 * current form `({ G, ctx, events, random, log, playerID }, ...args)`.
 *
 * G reaches the legacy function without the 0.2x phase-history key
 * (phase-history.ts); a G it returns gets the key back.
 */
import {
  copyCtx,
  type Ctx,
  type EventsAPI,
  type FnContext,
  type Hook,
  type MoveFn,
  type TriggerContext,
} from '../../machines';
import { hideHistory, readHistory, settleResult, withoutHistory } from './phase-history';

export type LegacyApi = '0.2x' | '0.3x' | '0.4x';

export const LEGACY_APIS: readonly LegacyApi[] = ['0.2x', '0.3x', '0.4x'];

type AnyFn = (...args: any[]) => any;

/** How one API generation's code sees the world. */
export interface Convention {
  api: LegacyApi;
  /** The `ctx.events` object of this generation, over the engine's events API. */
  events(events: EventsAPI, G: unknown, ctx: Ctx): object;
}

/**
 * The `ctx` a legacy function receives: the engine's ctx with the plugin APIs
 * and the acting player on it. A fresh object per call, as in boardgame.io
 * (game code may write to it). Copied by literal (`copyCtx`): spreading ctx
 * here was a large share of a 0.4x game's time (docs/performance.md).
 */
export function legacyCtx(context: Partial<FnContext> & { ctx: Ctx }, convention: Convention): Record<string, unknown> {
  const { ctx: c, events } = context;
  if (events && convention.api !== '0.2x' && c.time === undefined && !('gameover' in c) && '_nextActivePlayers' in c) {
    const out = playing(c, context.random, context.log, convention.events(events, context.G, c));
    if (context.playerID !== undefined) out.playerID = context.playerID;
    return out;
  }
  const ctx = copyCtx(context.ctx) as unknown as Record<string, unknown>;
  ctx.random = context.random;
  ctx.log = context.log;
  if (context.events) ctx.events = convention.events(context.events, context.G, context.ctx);
  if (context.playerID !== undefined) ctx.playerID = context.playerID;
  if (convention.api === '0.2x') {
    const history = readHistory(context.G);
    if (history) ctx.prevPhase = history.prevPhase;
  }
  return ctx;
}

/**
 * A match's ctx (set up, not over, without time limits) with the APIs, in the
 * order `legacyCtx` gives them, as one literal: a copy with keys added after
 * it grew a second store for them, and changed its hidden class four times.
 */
const playing = (c: Ctx, random: unknown, log: unknown, events: object): Record<string, unknown> => ({
  numPlayers: c.numPlayers,
  turn: c.turn,
  currentPlayer: c.currentPlayer,
  playOrder: c.playOrder,
  playOrderPos: c.playOrderPos,
  phase: c.phase,
  activePlayers: c.activePlayers,
  _activePlayersMinMoves: c._activePlayersMinMoves,
  _activePlayersMaxMoves: c._activePlayersMaxMoves,
  _activePlayersNumMoves: c._activePlayersNumMoves,
  _prevActivePlayers: c._prevActivePlayers,
  _nextActivePlayers: c._nextActivePlayers,
  numMoves: c.numMoves,
  random,
  log,
  events,
});

/** A move or hook `(G, ctx, ...args) => G | void`. */
export function asMove(
  fn: AnyFn,
  convention: Convention,
  extraArgs?: (context: FnContext) => unknown[],
): MoveFn & Hook {
  // Only a 0.2x game keeps a phase history in G: the others' G goes to the game as it is.
  if (convention.api !== '0.2x' && !extraArgs)
    return (context: FnContext, ...args: unknown[]) => fn(context.G, legacyCtx(context, convention), ...args);
  return (context: FnContext, ...args: unknown[]) => {
    const view = hideHistory(context.G);
    const more = extraArgs ? extraArgs(context) : [];
    const result = fn(view, legacyCtx(context, convention), ...args, ...more);
    return settleResult(result, view, context.G) as any;
  };
}

/** A hook `(G, ctx) => G | void`: called with the context alone, so without a rest parameter (an array per call). */
export function asHook(fn: AnyFn, convention: Convention): Hook {
  if (convention.api === '0.2x') return asMove(fn, convention);
  return (context: FnContext) => fn(context.G, legacyCtx(context, convention));
}

/** A trigger `(G, ctx) => value` (endIf, next, turn-order functions). */
export function asTrigger<R = unknown>(fn: AnyFn, convention: Convention): (context: TriggerContext) => R {
  if (convention.api !== '0.2x') return (context: TriggerContext) => fn(context.G, legacyCtx(context, convention));
  return (context: TriggerContext) => fn(hideHistory(context.G), legacyCtx(context, convention));
}

/** `undoable` / `redact` of a long-form move: `(G, ctx) => boolean`, or a boolean. */
export function asMoveFlag(value: unknown): unknown {
  if (typeof value !== 'function') return value;
  return ({ G, ctx }: { G: unknown; ctx: Ctx }) => value(withoutHistory(G), ctx);
}

/** `playerView(G, ctx, playerID)`: the view leaves the game, so it gets a copy of G without the history key. */
export function asPlayerView(
  fn: AnyFn | undefined,
): (context: { G: unknown; ctx: Ctx; playerID: string | null }) => unknown {
  if (!fn) return ({ G }) => withoutHistory(G);
  return ({ G, ctx, playerID }) => fn(withoutHistory(G), ctx, playerID);
}

/** `setup(ctx, setupData)`, with `ctx.random` (and `ctx.events`, `ctx.log`) on ctx. */
export function asSetup(fn: AnyFn | undefined, convention: Convention): (context: any, setupData?: unknown) => unknown {
  if (!fn) return () => ({});
  return (context, setupData) => fn(legacyCtx(context, convention), setupData);
}
