/**
 * Turns the steps of a flow run into the events the chart takes. Each event
 * carries, for every seat whose state changes, the state it goes to; the
 * guards on the chart's transitions read that, so the decision "seat 1 goes
 * from idle to discard on setStage" is a guarded, named transition.
 */
import { NULL_PHASE_KEY, SEAT_IDLE, type CompiledGame } from './config';
import type { Step, StepEffect } from './flow-run';
import { seatKeys } from './seat-state';
import type { Ctx, PlayerID } from './types';

/** Payload of an event the machine raises to walk through a step. */
export interface StepPayload {
  effect: StepEffect;
  automatic: boolean;
  playerID?: PlayerID;
  /** The phase state to enter (effect `enterPhase`). */
  phaseKey?: string;
  /** Per seat: the state its region goes to, or undefined when it stays. */
  seats: (string | undefined)[];
}

export interface StepEvent {
  type: string;
  tc: StepPayload;
}

const NO_SEATS: (string | undefined)[] = [];

/**
 * Payloads made here, and only these, are steps, and only in the state
 * they were made for. An event sent from outside with a `tc` field is an
 * ordinary request: a client cannot forge a step, nor send again one it
 * saw in an inspector, and move the chart without the flow's checks. The
 * class is not exported and JSON cannot make an instance of it; each step
 * holds (privately: it stays out of JSON and inspectors) the ctx of the
 * outcome that raised it, which the context holds while its steps are
 * walked and never again. Instances all have one shape (fast property
 * access in every guard).
 */
class GenuineStep implements StepPayload {
  readonly #owner: Ctx;

  constructor(
    owner: Ctx,
    readonly effect: StepPayload['effect'],
    readonly automatic: boolean,
    readonly playerID: PlayerID | undefined,
    readonly phaseKey: string | undefined,
    readonly seats: (string | undefined)[],
  ) {
    this.#owner = owner;
  }

  belongsTo(ctx: Ctx | undefined): boolean {
    return this.#owner === ctx;
  }
}

function step(
  owner: Ctx,
  type: string,
  effect: StepPayload['effect'],
  automatic: boolean,
  playerID: PlayerID | undefined,
  seats: (string | undefined)[] = NO_SEATS,
  phase?: string,
): StepEvent {
  return { type, tc: new GenuineStep(owner, effect, automatic, playerID, phase, seats) };
}

/** The step payload of an event the machine raised itself for a context holding `ctx`, or undefined. */
export function stepPayload(event: object, ctx: Ctx | undefined): StepPayload | undefined {
  const tc = (event as { tc?: unknown }).tc;
  return tc instanceof GenuineStep && tc.belongsTo(ctx) ? tc : undefined;
}

export function phaseKey(phase: string | null): string {
  return phase === null ? NULL_PHASE_KEY : phase;
}

function diff(before: string[], after: string[]): (string | undefined)[] {
  return after.map((key, i) => (key === before[i] ? undefined : key));
}

/** Step events on which seat regions have routing transitions (see seat-region.ts). */
export const SEAT_ROUTED_STEPS: ReadonlySet<string> = new Set(['endStage', 'setStage', 'setActivePlayers', 'startTurn']);

/**
 * The events for a run's steps, starting from the chart's current seat states.
 * - A step that (re)enters the turn or a phase is followed by a `startTurn`
 *   event that seats the players in the fresh turn.
 * - A move whose `maxMoves` ended stages is followed by an automatic
 *   `endStage` event that moves the seats.
 * - Seat changes of other steps (an `endTurn` cut short by an `endIf`) are
 *   carried to the next step that moves seats; the chart only has to agree
 *   with ctx once the walk is over.
 */
export function stepEvents(game: CompiledGame, startCtx: Ctx, steps: Step[], owner: Ctx): StepEvent[] {
  const events: StepEvent[] = [];
  // Seat keys are computed only when who-may-act changed: most moves change nothing there.
  let seatsCtx = startCtx;
  let seats: string[] | undefined;
  let lastCtx = startCtx;
  const unchanged = (ctx: Ctx) =>
    ctx.activePlayers === seatsCtx.activePlayers && ctx.currentPlayer === seatsCtx.currentPlayer && ctx.phase === seatsCtx.phase;
  const moveSeats = (type: string, automatic: boolean, playerID: PlayerID | undefined, ctx: Ctx) => {
    seats ??= seatKeys(game, seatsCtx);
    const after = seatKeys(game, ctx);
    events.push(step(owner, type, 'seats', automatic, playerID, diff(seats, after)));
    seats = after;
    seatsCtx = ctx;
  };
  for (const item of steps) {
    const { ctx } = item.state;
    const { type, automatic, playerID } = item;
    lastCtx = ctx;
    if (item.effect === 'gameover') {
      events.push(step(owner, type, 'gameover', automatic, playerID));
      return events;
    }
    if (item.effect === 'seats') {
      const same = unchanged(ctx);
      if (same || !SEAT_ROUTED_STEPS.has(type)) {
        events.push(step(owner, type, 'seats', automatic, playerID));
        if (!same && type.startsWith('move.')) moveSeats('endStage', true, playerID, ctx);
        continue;
      }
      moveSeats(type, automatic, playerID, ctx);
      continue;
    }
    events.push(step(owner, type, item.effect, automatic, playerID, NO_SEATS, item.effect === 'enterPhase' ? phaseKey(ctx.phase) : undefined));
    // The (re)entered turn starts with every seat idle; seat the active ones.
    const after = seatKeys(game, ctx);
    events.push(step(owner, 'startTurn', 'seats', true, playerID, after.map((key) => (key === SEAT_IDLE ? undefined : key))));
    seats = after;
    seatsCtx = ctx;
  }
  // Never expected: seat changes no later step carried. Seat them so the chart agrees with ctx.
  if (!unchanged(lastCtx)) moveSeats('startTurn', true, undefined, lastCtx);
  return events;
}
