/**
 * The time limits on the chart: each limit is a delayed transition (xstate's
 * `after`, with a named delay) on the state its scope begins with, so an
 * actor fires it by itself on its clock (a browser's, an inspector's, a
 * test's SimulatedClock):
 *
 * | limit | state | delay |
 * |---|---|---|
 * | `phases.P.time` | the phase | until `ctx.time.phase` |
 * | `<turn>.time` | the turn | until `ctx.time.turn` |
 * | `<turn>.stages.S.time` | each seat's `S` | until that seat's `ctx.time.stages` |
 * | `clock` | each seat's `active` and stages | until that seat's clock runs out |
 *
 * A delay counts from `ctx.time.at`, the time of the request that entered
 * the state; deadlines never move while their scope lasts (engine
 * time-update.ts), so the timer fires at the deadline. Its edge, labelled
 * `after 30 s · turn.time → endTurn`, asks the engine for a timeout of that
 * limit at that deadline; the outcome's steps follow on the ordinary edges
 * of their events (an `endTurn` on the turn's order edges). A timer whose
 * deadline is gone (spent, or a clock out of time) waits the longest delay
 * a clock can, and its guard refuses it if it ever fires.
 */
import { clockDeadline } from '../engine/time-state';
import { outcomeName, type CompiledLimit } from '../engine/time-config';
import type { LimitKind } from '../engine/time-types';
import type { Ctx } from '../engine/types';
import type { RuleGuards } from './rule-guards';
import { seatRegionKey } from './seat-state';
import { edgeConfig, type EdgeConfig } from './transition-config';

/** setTimeout's longest delay (about 24.8 days): a longer one fires at once in browsers and Node. */
export const LONGEST_DELAY = 2 ** 31 - 1;

type Delay = (args: { context: unknown }) => number;

/** The deadline of a limit (of `seat`) in ctx, or undefined when there is none. */
export function deadlineOf(ctx: Ctx, limit: LimitKind, seat?: string): number | undefined {
  const time = ctx.time;
  if (time === undefined) return undefined;
  switch (limit) {
    case 'phase':
      return time.phase;
    case 'turn':
      return time.turn;
    case 'stage':
      return seat === undefined ? undefined : time.stages?.[seat];
    case 'clock':
      return seat === undefined ? undefined : clockDeadline(time.clocks?.[seat]);
  }
}

/** A duration for people: `30 s`, `2 min`, `1 h 30 min`, `250 ms`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const minutes = Math.round(ms / 6000) / 10;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The label of a limit's edge: `after 30 s · turn.time → endTurn`. */
export function timerLabel(limit: CompiledLimit): string {
  const after = limit.kind === 'clock' ? `its clock (${duration(limit.limit)})` : duration(limit.limit);
  return `after ${after} · ${limit.where} → ${outcomeName(limit.onTimeout)}`;
}

export class Timers {
  private readonly delays = new Map<string, Delay>();

  constructor(private readonly guards: RuleGuards) {}

  /** The `after` config of a state for `limit` (of seat `seat` for a stage limit or a clock). */
  after(limit: CompiledLimit, seat?: number): Record<string, EdgeConfig[]> {
    const player = seat === undefined ? undefined : String(seat);
    const name = player === undefined ? limit.where : `${limit.where}.${seatRegionKey(player)}`;
    if (!this.delays.has(name)) {
      this.delays.set(name, ({ context }) => {
        const ctx = (context as { ctx: Ctx }).ctx;
        const deadline = deadlineOf(ctx, limit.kind, player);
        if (deadline === undefined || ctx.time === undefined) return LONGEST_DELAY;
        return Math.min(LONGEST_DELAY, Math.max(0, deadline - ctx.time.at));
      });
    }
    const guard = { type: this.guards.timer(limit.where, limit.kind), params: { seat: player } };
    return { [name]: [edgeConfig({ guard, description: timerLabel(limit) })] };
  }

  /** The machine's named delays. */
  implementations(): Record<string, Delay> {
    return Object.fromEntries(this.delays);
  }
}
