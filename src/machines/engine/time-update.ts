/**
 * The time record after an accepted request (or the start of a match), from
 * ctx before and after the flow ran and the request's `now`:
 *
 * - a deadline is set when its scope begins (`now + limit`: a turn, a
 *   phase entered, a seat entering a stage with a limit) and kept, unchanged,
 *   until the scope ends or its timeout is applied;
 * - a clock starts when its seat becomes active (with time in its bank) and
 *   stops when the seat stops being active, the turn ends, the game ends or
 *   it runs out; it is charged and credited its increment when it stops, so
 *   its deadline does not move while it runs. One that ran out while its
 *   seat stays active waits until the seat is next made active.
 *
 * So a deadline changes only where its scope begins (a turn, a phase, a
 * seat entering a stage or becoming active): where the chart enters the
 * state that holds its timer (chart/timers.ts).
 *
 * Every deadline set here lies after `now`, so a run of timeouts at one
 * time ends.
 */
import { isPlayerActive } from './active-players';
import { phaseOf, type CompiledGame, type CompiledTurn } from './config';
import type { Step } from './flow-steps';
import type { CompiledClock } from './time-config';
import type { Deadline, SeatClock, TimeState } from './time-types';
import type { Ctx, PlayerID } from './types';

/** What the time record needs of the request: its time, who moved, and the deadline a timeout applied. */
export interface TimedRequest {
  now: number;
  /** The seat of an accepted move (its clock counts the move). */
  mover?: PlayerID;
  /** The deadline a timeout applied: it is spent, whatever its outcome did. */
  fired?: Deadline;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function isFired(fired: Deadline | undefined, limit: Deadline['limit'], seat?: PlayerID): boolean {
  return fired !== undefined && fired.limit === limit && (seat === undefined || fired.seat === seat);
}

function stageDeadlines(
  turn: CompiledTurn,
  old: TimeState | undefined,
  before: Ctx | undefined,
  after: Ctx,
  restarted: boolean,
  request: TimedRequest,
): Record<PlayerID, number> | undefined {
  const limits = turn.stageTimes;
  const active = after.activePlayers;
  if (limits === undefined || active === null) return undefined;
  let result: Record<PlayerID, number> | undefined;
  for (let i = 0; i < after.numPlayers; i++) {
    const seat = String(i);
    const stage = hasOwn(active, seat) ? active[seat] : null;
    if (stage === null || !hasOwn(limits, stage)) continue;
    const was = before?.activePlayers;
    const stayed = !restarted && was != null && hasOwn(was, seat) && was[seat] === stage;
    const kept = old?.stages?.[seat];
    if (!stayed) (result ??= {})[seat] = request.now + limits[stage].limit;
    else if (kept !== undefined && !isFired(request.fired, 'stage', seat)) (result ??= {})[seat] = kept;
  }
  return result;
}

function clocksAfter(
  clock: CompiledClock,
  old: Record<PlayerID, SeatClock> | undefined,
  after: Ctx,
  restarted: boolean,
  request: TimedRequest,
): Record<PlayerID, SeatClock> {
  const { now } = request;
  const over = after.gameover !== undefined;
  const perMove = clock.per === 'move';
  const result: Record<PlayerID, SeatClock> = {};
  for (let i = 0; i < after.numPlayers; i++) {
    const seat = String(i);
    let seatClock: SeatClock = old?.[seat] ?? { left: clock.limit };
    const active = !over && isPlayerActive(after, seat);
    const stays = active && !restarted;
    if (seatClock.since !== undefined) {
      const moves = (seatClock.moves ?? 0) + (request.mover === seat ? 1 : 0);
      const ranOut = isFired(request.fired, 'clock', seat);
      if (!stays || ranOut) {
        const left = Math.max(0, seatClock.left - (now - seatClock.since)) + clock.increment * (perMove ? moves : 1);
        seatClock = stays ? { left, expired: true } : { left };
      } else if (perMove && clock.increment > 0 && moves > 0) {
        seatClock = { left: seatClock.left, since: seatClock.since, moves };
      }
    } else if (seatClock.expired && !stays) seatClock = { left: seatClock.left };
    // An empty bank does not start (its timeout was applied when it ran out), nor one that ran out this activity.
    if (seatClock.since === undefined && !seatClock.expired && active && seatClock.left > 0)
      seatClock = { left: seatClock.left, since: now };
    result[seat] = seatClock;
  }
  return result;
}

/** The time record once the flow has taken `before` to `after` (`before` undefined: the match starts). */
export function timeAfter(
  game: CompiledGame,
  before: Ctx | undefined,
  after: Ctx,
  steps: readonly Step[],
  request: TimedRequest,
): TimeState {
  const old = before?.time;
  const { now, fired } = request;
  const restarted = before === undefined || after.turn !== before.turn;
  const phaseEntered = before === undefined || steps.some((step) => step.effect === 'enterPhase');
  const time: TimeState = { at: now };
  if (after.gameover === undefined) {
    const phase = phaseOf(game, after.phase);
    if (restarted) {
      if (phase.turn.time) time.turn = now + phase.turn.time.limit;
    } else if (old?.turn !== undefined && !isFired(fired, 'turn')) time.turn = old.turn;
    if (phaseEntered) {
      if (phase.time) time.phase = now + phase.time.limit;
    } else if (old?.phase !== undefined && !isFired(fired, 'phase')) time.phase = old.phase;
    const stages = stageDeadlines(phase.turn, old, before, after, restarted, request);
    if (stages) time.stages = stages;
  }
  if (game.clock) time.clocks = clocksAfter(game.clock, old?.clocks, after, restarted, request);
  return time;
}
