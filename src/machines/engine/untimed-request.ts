/**
 * A request worked out on G and ctx alone: parsed, checked and run by the
 * flow, once, with nothing changed in place. A game with time limits wraps
 * this (timed-request.ts); a game without any is exactly this.
 */
import type { CompiledGame } from './config';
import { RejectedAction, type ActionRejection } from './errors';
import { isRejection, runRequest } from './flow-request';
import type { Request, RunResult } from './flow-run';
import type { MoveSource } from './moves';
import type { Outcome, RequestEvent, TurnchartContext } from './request';
import { FLOW_EVENT_TYPES, type FlowEventType } from './types';

/** Parse a request event into the flow run's request shape. */
export function toRequest(event: RequestEvent): Request | ActionRejection {
  if (typeof event.type !== 'string') return { code: 'UNKNOWN_EVENT', message: 'an event needs a string type' };
  const isMove = event.type.startsWith('move.');
  if (!isMove && !(FLOW_EVENT_TYPES as readonly string[]).includes(event.type)) {
    if (event.type === 'timeout') return { code: 'NO_DEADLINE_PASSED', message: 'this game has no time limits' };
    return {
      code: 'UNKNOWN_EVENT',
      message: `unknown event ${JSON.stringify(event.type.slice(0, 80))}: send move.<name> or one of ${FLOW_EVENT_TYPES.join(', ')}`,
    };
  }
  const args = argsOf(event);
  if (!Array.isArray(args)) return { code: 'INVALID_ARGUMENT', message: `${event.type}: args must be an array` };
  if (isMove) return { kind: 'move', move: event.type.slice(5), args, playerID: event.playerID };
  return { kind: 'event', event: event.type as FlowEventType, args, playerID: event.playerID };
}

const argsOf = (event: RequestEvent): unknown => (event.args === undefined ? [] : event.args);

/**
 * The request of a move its caller already looked up (`move.<name>` of that
 * source): the source names it, so the type is not parsed again (a caller's
 * type is often a string it just joined, which reading would flatten).
 */
function moveRequest(event: RequestEvent, source: MoveSource): Request | ActionRejection {
  const args = argsOf(event);
  if (!Array.isArray(args)) return { code: 'INVALID_ARGUMENT', message: `${event.type}: args must be an array` };
  return { kind: 'move', move: source.name, args, playerID: event.playerID };
}

/**
 * The outcome of a flow run on `context`: the next match (its PRNG state,
 * one more accepted request), or the rejection returned or thrown.
 */
export function settle(context: TurnchartContext, work: () => RunResult | ActionRejection): Outcome {
  try {
    return settled(context, work());
  } catch (error) {
    return thrown(error);
  }
}

function settled(context: TurnchartContext, run: RunResult | ActionRejection): Outcome {
  if (isRejection(run)) return { ok: false, rejection: run };
  const next: TurnchartContext = {
    G: run.state.G,
    ctx: run.state.ctx,
    random: run.random,
    stateID: context.stateID + 1,
  };
  if (context.matchID !== undefined) next.matchID = context.matchID;
  return { ok: true, context: next, steps: run.steps };
}

function thrown(error: unknown): Outcome {
  if (error instanceof RejectedAction) return { ok: false, rejection: error.rejection };
  return { ok: false, rejection: { code: 'USER_CODE_THREW', message: String(error), cause: error } };
}

/** `evaluateRequest` without time (request.ts). */
export function evaluateUntimed(
  game: CompiledGame,
  context: TurnchartContext,
  event: RequestEvent,
  move?: MoveSource,
): Outcome {
  const request = move !== undefined ? moveRequest(event, move) : toRequest(event);
  if (!('kind' in request)) return { ok: false, rejection: request };
  if (request.kind === 'event' && game.game.events?.[request.event] === false) {
    return {
      ok: false,
      rejection: { code: 'EVENT_DISABLED', message: `the game disables the ${request.event} event` },
    };
  }
  // No closure for settle: this is every request's path.
  try {
    return settled(context, runRequest(game, { G: context.G, ctx: context.ctx }, context.random, request, move));
  } catch (error) {
    return thrown(error);
  }
}
