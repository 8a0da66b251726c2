/**
 * The time of an inspected or stepped match, in a game with time limits.
 * Every request is sent with the session's time, and every timeout is a
 * request of the session's timeline (so a saved trace replays exactly),
 * never a timer of the actor's own: the session's actor gets a clock that
 * sets none.
 *
 * - `manual` (`turnchart step`): time stands still between requests and
 *   moves by `advance`, which applies each deadline it passes, at its time.
 * - `real` (the inspector page): time runs with the wall clock from the
 *   time of the state the session stands at, so time travel takes it back
 *   with the match; a timer applies the next deadline when it comes.
 */
import type { ActorOptions } from 'xstate';
import { nextDeadline, timeLeft, type Ctx, type Deadline, type GameMachine, type SeatTime } from '../../machines';

export type SessionClockMode = 'manual' | 'real';

/** The wall clock and its timers (the system's; a test's ManualClock). */
export interface WallClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM: WallClock = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => {
    const handle = setTimeout(fire, ms);
    // In Node, a pending deadline does not keep a process alive that is otherwise done (browsers have no unref).
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the session tells its page about time (after every change, in a game with time limits). */
export interface TimeMessage {
  type: 'turnchart.time';
  /** The session's time (ms). */
  now: number;
  /** Whether it runs with the wall clock (the page counts down between messages). */
  running: boolean;
  seats: Record<string, SeatTime>;
  next?: Deadline;
}

/** The clock of the session's actor: it sets no timer (the session sends the timeouts). */
export const NO_TIMERS: NonNullable<ActorOptions<GameMachine>['clock']> = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

export class SessionTime {
  /** The time of the state the session stands at, and the wall clock then. */
  private base = { at: 0, wall: 0 };
  /** Moved on by `advance` since then (manual). */
  private advanced = 0;
  private timer: unknown;
  /** The match's start time. */
  readonly start: number;

  constructor(
    readonly mode: SessionClockMode,
    private readonly wall: WallClock = SYSTEM,
  ) {
    this.start = mode === 'real' ? wall.now() : 0;
    this.standAt(this.start);
  }

  /** The session now stands at a state of time `at`. */
  standAt(at: number): void {
    this.base = { at, wall: this.wall.now() };
    this.advanced = 0;
  }

  now(): number {
    return this.base.at + (this.mode === 'real' ? this.wall.now() - this.base.wall : this.advanced);
  }

  /** Manual time moved to `at` (never back). */
  moveTo(at: number): void {
    this.advanced = Math.max(this.advanced, at - this.base.at);
  }

  /** The next deadline of `ctx` passed by `until`, if any. */
  due(ctx: Ctx, until: number): Deadline | undefined {
    const next = nextDeadline(ctx);
    return next !== undefined && next.at <= until ? next : undefined;
  }

  message(ctx: Ctx): TimeMessage {
    const now = this.now();
    const next = nextDeadline(ctx);
    return {
      type: 'turnchart.time',
      now,
      running: this.mode === 'real',
      seats: timeLeft(ctx, now),
      ...(next ? { next } : {}),
    };
  }

  /** Real time: call `fire` when the next deadline of `ctx` comes (instead of any timer set before). */
  schedule(ctx: Ctx, fire: () => void): void {
    this.clear();
    const next = nextDeadline(ctx);
    if (this.mode !== 'real' || next === undefined) return;
    const delay = Math.min(2 ** 31 - 1, Math.max(0, next.at - this.now()));
    this.timer = this.wall.setTimeout(fire, delay);
  }

  clear(): void {
    if (this.timer !== undefined) this.wall.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
