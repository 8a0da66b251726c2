/**
 * What a request does to a match, worked out on plain data before the
 * machine takes it: the flow run's verdict, the next context and the steps
 * the chart will take; and the start of a match the same way.
 */
import { stepEvents, type StepEvent } from './chart/chart-steps';
import type { TurnchartContext, RequestEvent } from './game-machine';
import type { CompiledGame } from './rules/config';
import { RejectedAction, type ActionRejection } from './rules/errors';
import { initialState, isRejection, runRequest, runStart } from './rules/flow-request';
import type { FlowState, Request, Step } from './rules/flow-run';
import { FLOW_EVENT_TYPES, type FlowEventType } from './rules/types';

export type Outcome =
  | { ok: true; context: TurnchartContext; events: StepEvent[]; steps: Step[] }
  | { ok: false; rejection: ActionRejection };

/** An outcome without the chart's step events, which only a chart walks (`withStepEvents` adds them). */
export type FlowOutcome =
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

/** Work out a request against a context, without touching anything. */
export function evaluateRequest(game: CompiledGame, context: TurnchartContext, event: RequestEvent): Outcome {
  const outcome = evaluateFlow(game, context, event);
  return outcome.ok ? withStepEvents(game, context, outcome) : outcome;
}

/** An accepted outcome of a request made from `from`, with the steps its chart takes. */
export function withStepEvents(
  game: CompiledGame,
  from: TurnchartContext,
  outcome: FlowOutcome & { ok: true },
): Outcome & { ok: true } {
  const { context, steps } = outcome;
  return { ok: true, context, events: stepEvents(game, from.ctx, steps, context.ctx), steps };
}

/** `evaluateRequest` without the chart's step events: for the boardgame.io reducer, which walks no chart. */
export function evaluateFlow(game: CompiledGame, context: TurnchartContext, event: RequestEvent): FlowOutcome {
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
    const run = runRequest(game, state, context.random, request);
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

/** setup, then the start of the first phase and turn, as plain data. */
export function startMatch(game: CompiledGame, numPlayers: number, seed: string | number, setupData?: unknown) {
  try {
    const init = initialState(game, numPlayers, { seed }, setupData);
    const run = runStart(game, init.state, init.random);
    const steps = stepEvents(game, init.state.ctx, run.steps, run.state.ctx);
    // The chart starts in the starting phase's fresh turn: re-entering it for the first turn would change nothing.
    if (steps[0]?.type === 'startGame' && steps[0].tc.effect === 'restartTurn') steps.shift();
    return { state: run.state, random: run.random, steps };
  } catch (error) {
    if (error instanceof RejectedAction) throw new GameStartError(error.rejection);
    throw error;
  }
}
