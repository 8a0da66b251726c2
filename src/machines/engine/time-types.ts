/**
 * The time a match keeps, as plain data in `ctx.time` (only in games that
 * configure a time limit or a clock): deadlines and clocks in milliseconds
 * on the clock of the requests' `now` (the server's `Date.now()`, a test's
 * clock). Boards render it; `timeLeft` (time-state.ts) reads it for a given
 * now. docs/semantics.md, "Time limits and clocks", gives the rules.
 */

export type LimitKind = 'phase' | 'turn' | 'stage' | 'clock';

/** A deadline of the match: which limit, when it runs out, and whose it is (a seat's stage or clock; the turn's player). */
export interface Deadline {
  limit: LimitKind;
  at: number;
  /** The seat of a stage limit or a clock, the current player for a turn limit; absent for a phase limit. */
  seat?: string;
}

/**
 * One seat's clock. It runs while the seat is active and has time left; its
 * deadline is then `since + left`, which nothing moves until it stops.
 */
export interface SeatClock {
  /** What is left of the bank (ms); while running, as of `since`. */
  left: number;
  /** When it started running; absent while stopped. */
  since?: number;
  /** Moves made while it ran (an increment per move is credited when it stops). */
  moves?: number;
  /** It ran out and its outcome left the seat active: stopped until the seat is next made active. */
  expired?: true;
}

/** `ctx.time`. A deadline is absent when nothing limits that scope, or once its timeout was applied. */
export interface TimeState {
  /** The `now` of the last request the match accepted (or of its start). */
  at: number;
  /** When the current turn's limit runs out. */
  turn?: number;
  /** When the current phase's limit runs out. */
  phase?: number;
  /** Per seat in a stage with a limit: when it runs out. */
  stages?: Record<string, number>;
  /** Per seat, in a game with `clock`. */
  clocks?: Record<string, SeatClock>;
}

/** `ctx.gameover` when a limit's outcome is `endGame`: the seat whose time ran out (null for a phase limit). */
export interface TimedOut {
  timedOut: string | null;
  limit: LimitKind;
}
