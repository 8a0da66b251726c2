/**
 * Reading `ctx.time`: the match's deadlines in one fixed order, the one
 * that has passed at a given now, the next one to come, and what is left
 * of each seat's time (what a board shows). Nothing here reads a clock:
 * `now` is always given.
 */
import { isPlayerActive } from './active-players';
import type { Deadline, SeatClock, TimeState } from './time-types';
import { defaultPlayOrder } from './turn-order';
import type { Ctx, PlayerID } from './types';

function seats(ctx: Ctx): PlayerID[] {
  return defaultPlayOrder(ctx.numPlayers);
}

/** A running clock's deadline, or undefined when it is stopped. */
export function clockDeadline(clock: SeatClock | undefined): number | undefined {
  return clock?.since === undefined ? undefined : clock.since + clock.left;
}

/**
 * Every deadline of the match, in the order that breaks ties, the narrowest
 * first: the clocks (a seat's own time), the stages, the turn, the phase;
 * seats in seat order.
 */
export function deadlines(ctx: Ctx): Deadline[] {
  const time = ctx.time;
  if (time === undefined || ctx.gameover !== undefined) return [];
  const list: Deadline[] = [];
  if (time.clocks) {
    for (const seat of seats(ctx)) {
      const at = clockDeadline(time.clocks[seat]);
      if (at !== undefined) list.push({ limit: 'clock', at, seat });
    }
  }
  if (time.stages) {
    for (const seat of seats(ctx)) {
      const at = time.stages[seat];
      if (at !== undefined) list.push({ limit: 'stage', at, seat });
    }
  }
  if (time.turn !== undefined) list.push({ limit: 'turn', at: time.turn, seat: ctx.currentPlayer });
  if (time.phase !== undefined) list.push({ limit: 'phase', at: time.phase });
  return list;
}

/** The earliest deadline (the first in tie order among equals), or undefined. */
export function nextDeadline(ctx: Ctx): Deadline | undefined {
  let next: Deadline | undefined;
  for (const deadline of deadlines(ctx)) if (next === undefined || deadline.at < next.at) next = deadline;
  return next;
}

/** The deadline that has passed at `now` (the earliest), or undefined. */
export function passedDeadline(ctx: Ctx, now: number): Deadline | undefined {
  const next = nextDeadline(ctx);
  return next !== undefined && next.at <= now ? next : undefined;
}

/** What is left of one seat's time at a given now (ms, never below 0). */
export interface SeatTime {
  /** Until the earliest deadline that applies to this seat (its turn, its stage, its clock, the phase), if any. */
  left?: number;
  /** Which limit that is. */
  limit?: Deadline['limit'];
  /** The seat's bank, in a game with a clock (counting down while it runs). */
  clock?: number;
  /** Whether its clock is running. */
  running?: boolean;
}

/**
 * Each seat's remaining time at `now` (a board's countdown: call it with
 * the display's clock). A turn limit applies to the turn's current player,
 * a phase limit to every active seat.
 */
export function timeLeft(ctx: Ctx, now: number): Record<PlayerID, SeatTime> {
  const result: Record<PlayerID, SeatTime> = {};
  const time: TimeState | undefined = ctx.time;
  for (const seat of seats(ctx)) {
    const entry: SeatTime = {};
    const clock = time?.clocks?.[seat];
    if (clock) {
      entry.clock = Math.max(0, clock.since === undefined ? clock.left : clock.since + clock.left - now);
      entry.running = clock.since !== undefined;
    }
    result[seat] = entry;
  }
  for (const deadline of deadlines(ctx)) {
    const applies =
      deadline.seat === undefined ? Object.keys(result).filter((seat) => isPlayerActive(ctx, seat)) : [deadline.seat];
    for (const seat of applies) {
      const entry = result[seat];
      const left = Math.max(0, deadline.at - now);
      if (entry.left === undefined || left < entry.left) {
        entry.left = left;
        entry.limit = deadline.limit;
      }
    }
  }
  return result;
}
