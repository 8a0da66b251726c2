/**
 * A match as plain data, and what one player's request does to it: the
 * entry the Client, the server, the bots, QA and the chart all call. A
 * request is checked and run once, by the flow (flow-request.ts); nothing is
 * changed in place.
 */
import type { CompiledGame } from './config';
import { withCtx } from './ctx-copy';
import { RejectedAction, type ActionRejection } from './errors';
import { initialState, runStart } from './flow-request';
import type { FlowState, Step } from './flow-run';
import type { MoveSource } from './moves';
import type { RandomState } from './random';
import { evaluateTimed } from './timed-request';
import type { LimitKind } from './time-types';
import { timeAfter } from './time-update';
import type { Ctx, FlowEventType, PlayerID } from './types';
import { evaluateUntimed } from './untimed-request';

export { toRequest } from './untimed-request';

/** A match: the game's state, its PRNG state and how many requests it accepted. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export interface TurnchartContext<G = any> {
  G: G;
  ctx: Ctx;
  /** Seeded PRNG state, plain data. */
  random: RandomState;
  /** Counts accepted actions, like boardgame.io's _stateID. */
  stateID: number;
  matchID?: string;
}

/**
 * A request's `type`: `move.<name>` for one of the moves `M`, or a flow event
 * name. Any string when the move names are not known (a game typed as plain
 * `Game`): the engine refuses an unknown one.
 */
export type RequestType<M extends string = string> = string extends M ? string : `move.${M}` | FlowEventType;

/** A player's request: `move.<name>` or a flow event name, with arguments. */
export interface RequestEvent<M extends string = string> {
  type: RequestType<M>;
  playerID: PlayerID;
  args?: unknown[];
  /** When it happens (ms), in a game with time limits; default: when the match last changed (`ctx.time.at`). */
  now?: number;
}

/**
 * A request to apply a deadline that has passed at `now`: the earliest one,
 * or the one of `limit` (and `seat`) when given. No player sends it: the
 * server's timer, an actor's delayed transition, a test.
 */
export interface TimeoutRequest {
  type: 'timeout';
  now?: number;
  limit?: LimitKind;
  seat?: PlayerID;
  playerID?: PlayerID;
}

/** What a request does: the next match and the flow's steps to it, or why it is refused (nothing changes). */
export type Outcome =
  { ok: true; context: TurnchartContext; steps: Step[] } | { ok: false; rejection: ActionRejection };

/**
 * Work out a request against a match, without touching anything: every
 * check, then the flow, once. `move`: the move a caller with checks of its
 * own (boardgame.io's reducer) already looked up for this player here
 * (`getMove`), so that it is not looked up again. In a game with time
 * limits the request happens at its `now` (timed-request.ts).
 */
export function evaluateRequest(
  game: CompiledGame,
  context: TurnchartContext,
  event: RequestEvent | TimeoutRequest,
  move?: MoveSource,
): Outcome {
  if (game.timed) return evaluateTimed(game, context, event, move);
  return evaluateUntimed(game, context, event as RequestEvent, move);
}

/** Thrown when a game cannot start: its setup or first turn fails. */
export class GameStartError extends Error {
  readonly rejection: ActionRejection;
  constructor(rejection: ActionRejection) {
    super(`the game could not start: ${rejection.message}`);
    this.name = 'GameStartError';
    this.rejection = rejection;
  }
}

export interface MatchOptions {
  seed: string | number;
  matchID?: string;
  setupData?: unknown;
  /** When the match starts (ms), in a game with time limits: its first deadlines count from here. Default 0. */
  now?: number;
}

/** A new match: `setup` (`setupState`), then the start of the first phase and turn (`steps`). Throws GameStartError. */
export function startMatch(
  game: CompiledGame,
  numPlayers: number,
  options: MatchOptions,
): { context: TurnchartContext; setupState: FlowState; steps: Step[] } {
  try {
    const init = initialState(game, numPlayers, { seed: options.seed }, options.setupData);
    const run = runStart(game, init.state, init.random);
    let ctx = run.state.ctx;
    if (game.timed) ctx = withCtx(ctx, { time: timeAfter(game, undefined, ctx, run.steps, { now: options.now ?? 0 }) });
    const context: TurnchartContext = { G: run.state.G, ctx, random: run.random, stateID: 0 };
    if (options.matchID !== undefined) context.matchID = options.matchID;
    return { context, setupState: init.state, steps: run.steps };
  } catch (error) {
    if (error instanceof RejectedAction) throw new GameStartError(error.rejection);
    throw error;
  }
}
