/**
 * The time of a client's match with time limits. A local client is its
 * match's authority: its moves happen at its clock's time, and a timer set
 * to the next deadline applies it. A multiplayer client's master keeps time;
 * there the clock only counts down what is left of each seat's time.
 */
import { nextDeadline, timeLeft, type PlayerID, type SeatTime } from '../../machines';
import { MatchDeadlines, SYSTEM_CLOCK, type MatchClock } from './master/match-deadlines';
import type { State } from './types';

export class ClientTime {
  readonly clock: MatchClock;
  /** A local match with time limits: its timer for the next deadline. */
  private readonly deadlines: MatchDeadlines | undefined;

  constructor(timed: boolean, local: boolean, clock: MatchClock | undefined, timeout: (now: number) => void) {
    this.clock = clock ?? SYSTEM_CLOCK;
    if (timed && local) this.deadlines = new MatchDeadlines(this.clock, () => timeout(this.clock.now()));
  }

  /** When a local timed match's request happens (undefined: the match keeps no time, or its master does). */
  requestTime(): number | undefined {
    return this.deadlines ? this.clock.now() : undefined;
  }

  /** Set the timer to the next deadline of `state`. */
  follow(state: State | null): void {
    this.deadlines?.set('match', state ? nextDeadline(state.ctx)?.at : undefined);
  }

  clear(): void {
    this.deadlines?.clear();
  }

  /** Each seat's remaining time at `now`, when the state keeps time. */
  left(state: State | null, now = this.clock.now()): Record<PlayerID, SeatTime> | undefined {
    return state?.ctx.time ? timeLeft(state.ctx, now) : undefined;
  }
}
