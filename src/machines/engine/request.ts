/**
 * A match as plain data, and what one player's request does to it: the
 * entry the Client, the server, the bots, QA and the chart all call. A
 * request is checked and run once, by the flow (flow-request.ts); nothing is
 * changed in place.
 */
import type { CompiledGame } from './config';
import { RejectedAction, type ActionRejection } from './errors';
import { initialState, isRejection, runRequest, runStart } from './flow-request';
import type { FlowState, Request, Step } from './flow-run';
import type { MoveSource } from './moves';
import type { RandomState } from './random';
import { FLOW_EVENT_TYPES, type Ctx, type FlowEventType, type PlayerID } from './types';

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
}

/** What a request does: the next match and the flow's steps to it, or why it is refused (nothing changes). */
export type Outcome =
  { ok: true; context: TurnchartContext; steps: Step[] } | { ok: false; rejection: ActionRejection };

/** Parse a request event into the flow run's request shape. */
export function toRequest(event: RequestEvent): Request | ActionRejection {
  if (typeof event.type !== 'string') return { code: 'UNKNOWN_EVENT', message: 'an event needs a string type' };
  const isMove = event.type.startsWith('move.');
  if (!isMove && !(FLOW_EVENT_TYPES as readonly string[]).includes(event.type)) {
    return {
      code: 'UNKNOWN_EVENT',
      message: `unknown event ${JSON.stringify(event.type.slice(0, 80))}: send move.<name> or one of ${FLOW_EVENT_TYPES.join(', ')}`,
    };
  }
  const args = event.args === undefined ? [] : event.args;
  if (!Array.isArray(args)) return { code: 'INVALID_ARGUMENT', message: `${event.type}: args must be an array` };
  if (isMove) return { kind: 'move', move: event.type.slice(5), args, playerID: event.playerID };
  return { kind: 'event', event: event.type as FlowEventType, args, playerID: event.playerID };
}

/**
 * Work out a request against a match, without touching anything: every
 * check, then the flow, once. `move`: the move a caller with checks of its
 * own (boardgame.io's reducer) already looked up for this player here
 * (`getMove`), so that it is not looked up again.
 */
export function evaluateRequest(
  game: CompiledGame,
  context: TurnchartContext,
  event: RequestEvent,
  move?: MoveSource,
): Outcome {
  const request = toRequest(event);
  if (!('kind' in request)) return { ok: false, rejection: request };
  if (request.kind === 'event' && game.game.events?.[request.event] === false) {
    return {
      ok: false,
      rejection: { code: 'EVENT_DISABLED', message: `the game disables the ${request.event} event` },
    };
  }
  try {
    const state: FlowState = { G: context.G, ctx: context.ctx };
    const run = runRequest(game, state, context.random, request, move);
    if (isRejection(run)) return { ok: false, rejection: run };
    const next: TurnchartContext = {
      G: run.state.G,
      ctx: run.state.ctx,
      random: run.random,
      stateID: context.stateID + 1,
    };
    if (context.matchID !== undefined) next.matchID = context.matchID;
    return { ok: true, context: next, steps: run.steps };
  } catch (error) {
    if (error instanceof RejectedAction) return { ok: false, rejection: error.rejection };
    return { ok: false, rejection: { code: 'USER_CODE_THREW', message: String(error), cause: error } };
  }
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
    const context: TurnchartContext = { G: run.state.G, ctx: run.state.ctx, random: run.random, stateID: 0 };
    if (options.matchID !== undefined) context.matchID = options.matchID;
    return { context, setupState: init.state, steps: run.steps };
  } catch (error) {
    if (error instanceof RejectedAction) throw new GameStartError(error.rejection);
    throw error;
  }
}
