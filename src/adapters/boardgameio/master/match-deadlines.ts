/**
 * The server's timers for the matches' time limits: one per match, set to
 * its next deadline after every state it commits (or learns of), so the
 * timeout runs through the match's queue like a move. A sweep reads the
 * store's deadlines when the server starts (a deadline that passed while it
 * was down fires at once) and now and then after, so a match whose timer
 * was set by another instance, or by none, is not forgotten. Time and
 * timers come from a clock, which tests replace.
 */
import type { MatchStore } from './match-store';

/** Where the timers get the time and set their timeouts: the system's, or a test's. */
export interface MatchClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: MatchClock = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => {
    const handle = setTimeout(fire, ms);
    // In Node, a pending deadline does not keep a process alive that is otherwise done (browsers have no unref).
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** setTimeout's longest delay: a later deadline is waited for in steps. */
const LONGEST_DELAY = 2 ** 31 - 1;

/** Default time between two sweeps of the store's deadlines. */
export const SWEEP_MS = 60_000;

export class MatchDeadlines {
  private readonly timers = new Map<string, { at: number; handle: unknown }>();
  private sweeper: unknown;
  private closed = false;

  constructor(
    private readonly clock: MatchClock,
    /** Runs the match's timeout (in its queue). */
    private readonly fire: (matchID: string) => void,
  ) {}

  /** The match's next deadline is `at` (undefined: it has none). */
  set(matchID: string, at: number | undefined): void {
    const known = this.timers.get(matchID);
    if (known?.at === at) return;
    if (known) this.clock.clearTimeout(known.handle);
    this.timers.delete(matchID);
    if (at === undefined || this.closed) return;
    const delay = Math.min(LONGEST_DELAY, Math.max(0, at - this.clock.now()));
    const handle = this.clock.setTimeout(() => {
      if (this.timers.get(matchID)?.handle !== handle) return;
      this.timers.delete(matchID);
      if (this.clock.now() < at) this.set(matchID, at);
      else this.fire(matchID);
    }, delay);
    this.timers.set(matchID, { at, handle });
  }

  /** A deadline found in the store: set unless an earlier one is set already. */
  private found(matchID: string, at: number): void {
    const known = this.timers.get(matchID);
    if (known === undefined || at < known.at) this.set(matchID, at);
  }

  /** The deadline a match's timer is set to, if it has one. */
  at(matchID: string): number | undefined {
    return this.timers.get(matchID)?.at;
  }

  /** Read the store's deadlines up to the next sweep, then again every `every` ms. Resolves after the first read. */
  async sweep(store: MatchStore, every = SWEEP_MS, report: (error: unknown) => void = () => undefined): Promise<void> {
    if (!store.deadlines || this.closed) return;
    for (const { matchID, deadline } of await store.deadlines(this.clock.now() + every)) this.found(matchID, deadline);
    if (every > 0 && !this.closed) {
      this.sweeper = this.clock.setTimeout(() => {
        this.sweep(store, every, report).catch(report);
      }, every);
    }
  }

  /** Clear every match's timer (they may be set again). */
  clear(): void {
    for (const { handle } of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
  }

  /** Clear every timer for good: the server is stopping. */
  close(): void {
    this.closed = true;
    this.clear();
    if (this.sweeper !== undefined) this.clock.clearTimeout(this.sweeper);
  }
}
