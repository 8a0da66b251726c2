/**
 * A request in a game with time limits. It happens at its `now` (never
 * before the match last changed: time does not run backwards), and:
 *
 * - a `timeout` applies a deadline that has passed at `now` (the earliest,
 *   or the one named), and is refused while none has;
 * - any other request is refused (`TIME_UP`) once a deadline has passed,
 *   even before the timeout is sent: the match must first be brought to
 *   that deadline;
 * - an accepted request leaves ctx with its time record brought up to
 *   `now` (time-update.ts).
 */
import { isSeat } from './active-players';
import { describe } from './describe-value';
import type { CompiledGame } from './config';
import { withCtx } from './ctx-copy';
import { rejection, type ActionRejection } from './errors';
import { FlowRun } from './flow-run';
import type { MoveSource } from './moves';
import type { Outcome, RequestEvent, TimeoutRequest, TurnchartContext } from './request';
import { applyTimeout, limitOf } from './time-outcome';
import { deadlines, passedDeadline } from './time-state';
import type { Deadline, LimitKind } from './time-types';
import { timeAfter, type TimedRequest } from './time-update';
import { evaluateUntimed, settle } from './untimed-request';

const LIMITS: readonly LimitKind[] = ['phase', 'turn', 'stage', 'clock'];

/** The request's time: its `now`, or when the match last changed; never earlier than that. */
function requestTime(event: { now?: unknown }, at: number): number | ActionRejection {
  const now = event.now;
  if (now === undefined) return at;
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    return rejection('INVALID_ARGUMENT', `now must be a finite number of milliseconds, got ${describe(now)}`);
  }
  return Math.max(now, at);
}

function deadlineName(deadline: Deadline): string {
  switch (deadline.limit) {
    case 'phase':
      return "the phase's time limit";
    case 'turn':
      return `the time limit of player ${deadline.seat}'s turn`;
    case 'stage':
      return `player ${deadline.seat}'s stage time limit`;
    case 'clock':
      return `player ${deadline.seat}'s clock`;
  }
}

/** The deadline a timeout applies, or why it is refused. */
function chosenDeadline(context: TurnchartContext, event: TimeoutRequest, now: number): Deadline | ActionRejection {
  const { ctx } = context;
  if (event.limit !== undefined && !LIMITS.includes(event.limit)) {
    return rejection(
      'INVALID_ARGUMENT',
      `timeout: limit must be one of ${LIMITS.join(', ')}, got ${describe(event.limit)}`,
    );
  }
  if (event.seat !== undefined && !isSeat(ctx, event.seat)) {
    return rejection('INVALID_ARGUMENT', `timeout: seat ${describe(event.seat)} is not a player of this match`);
  }
  if (event.limit === undefined && event.seat === undefined) {
    const passed = passedDeadline(ctx, now);
    if (passed) return passed;
  } else {
    const named = deadlines(ctx).find(
      (d) =>
        (event.limit === undefined || d.limit === event.limit) && (event.seat === undefined || d.seat === event.seat),
    );
    if (named && named.at <= now) return named;
    if (named) {
      return rejection(
        'NO_DEADLINE_PASSED',
        `${deadlineName(named)} runs out at ${named.at}; the timeout came at ${now}`,
      );
    }
  }
  const next = deadlines(ctx).sort((a, b) => a.at - b.at)[0];
  return rejection(
    'NO_DEADLINE_PASSED',
    next ? `no deadline has passed at ${now}: the next is ${deadlineName(next)}, at ${next.at}` : 'no deadline is set',
  );
}

/** The next match with its time record brought to the request's time. */
function timed(game: CompiledGame, before: TurnchartContext, outcome: Outcome, request: TimedRequest): Outcome {
  if (!outcome.ok) return outcome;
  const next = outcome.context;
  const time = timeAfter(game, before.ctx, next.ctx, outcome.steps, request);
  return { ok: true, context: { ...next, ctx: withCtx(next.ctx, { time }) }, steps: outcome.steps };
}

function timeout(game: CompiledGame, context: TurnchartContext, event: TimeoutRequest, now: number): Outcome {
  const { ctx } = context;
  if (ctx.gameover !== undefined) {
    return { ok: false, rejection: rejection('GAME_OVER', 'the game is over; timeout was not applied') };
  }
  const deadline = chosenDeadline(context, event, now);
  if ('code' in deadline) return { ok: false, rejection: deadline };
  const limit = limitOf(game, ctx, deadline);
  if (limit === undefined) {
    const message = `${deadlineName(deadline)} is in ctx.time, but the game declares no such limit here`;
    return { ok: false, rejection: rejection('NO_DEADLINE_PASSED', message) };
  }
  const seat = deadline.seat ?? ctx.currentPlayer;
  const outcome = settle(context, () => {
    const run = new FlowRun(game, { G: context.G, ctx }, context.random, seat);
    run.timeout((host) => applyTimeout(host, limit, deadline, seat));
    return run.result();
  });
  return timed(game, context, outcome, { now, fired: deadline });
}

/** `evaluateRequest` in a game with time limits (request.ts). */
export function evaluateTimed(
  game: CompiledGame,
  context: TurnchartContext,
  event: RequestEvent | TimeoutRequest,
  move?: MoveSource,
): Outcome {
  const at = context.ctx.time?.at;
  const now = requestTime(event, at ?? 0);
  if (typeof now !== 'number') return { ok: false, rejection: now };
  // A match kept from before the game had time limits: its scopes begin now.
  const from =
    at === undefined
      ? { ...context, ctx: withCtx(context.ctx, { time: timeAfter(game, undefined, context.ctx, [], { now }) }) }
      : context;
  if (event.type === 'timeout') return timeout(game, from, event as TimeoutRequest, now);
  const passed = passedDeadline(from.ctx, now);
  if (passed) {
    const limit = limitOf(game, from.ctx, passed);
    const message = `time is up: ${deadlineName(passed)} ran out at ${passed.at} (the request came at ${now}); the timeout comes first`;
    return { ok: false, rejection: rejection('TIME_UP', message, limit?.where) };
  }
  const request = event as RequestEvent;
  const outcome = evaluateUntimed(game, from, request, move);
  return timed(game, from, outcome, { now, mover: request.type.startsWith('move.') ? request.playerID : undefined });
}
