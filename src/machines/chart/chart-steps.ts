/**
 * Turns the steps of a flow run into the events the chart takes. Each event
 * carries, for every seat whose state changes, the state it goes to; the
 * guards on the chart's transitions read that, so the decision "seat 1 goes
 * from idle to discard on setStage" is a guarded, named transition.
 */
import { NULL_PHASE_KEY, SEAT_IDLE, type CompiledGame } from '../engine/config';
import type { Step, StepEffect, StepRoute } from '../engine/flow-run';
import { seatMoves, type SeatMoves, type SeatRule } from './stage-exits';
import { seatKeys } from './seat-state';
import type { Ctx, PlayerID } from '../engine/types';
import { shapeAnchor } from '../engine/shape-anchor';

/** Payload of an event the machine raises to walk through a step. */
export interface StepPayload {
  effect: StepEffect;
  automatic: boolean;
  playerID?: PlayerID;
  /** The phase state to enter (effect `enterPhase`). */
  phaseKey?: string;
  /** The rule that chose where a phase change, turn restart or game end leads. */
  route?: StepRoute;
  /** Per seat: the state its region goes to, or undefined when it stays. */
  seats: (string | undefined)[];
  /** Per seat that moves: the rule that moves it (stage-exits.ts). */
  rules: (SeatRule | undefined)[];
}

export interface StepEvent {
  type: string;
  tc: StepPayload;
}

const NO_SEATS: (string | undefined)[] = [];
const NO_RULES: (SeatRule | undefined)[] = [];

/**
 * Payloads made here, and only these, are steps, and only in the state
 * they were made for. An event sent from outside with a `tc` field is an
 * ordinary request: a client cannot forge a step, nor send again one it
 * saw in an inspector, and move the chart without the flow's checks. The
 * class is not exported and JSON cannot make an instance of it; each step
 * holds (privately: it stays out of JSON and inspectors) the ctx of the
 * outcome that raised it, which the context holds while its steps are
 * walked and never again.
 */
/** The last step payload made (rules/shape-anchor.ts). */
const anchor = shapeAnchor();

class GenuineStep implements StepPayload {
  readonly #owner: Ctx;

  constructor(
    owner: Ctx,
    readonly effect: StepPayload['effect'],
    readonly automatic: boolean,
    readonly playerID: PlayerID | undefined,
    readonly phaseKey: string | undefined,
    readonly route: StepRoute | undefined,
    readonly seats: (string | undefined)[],
    readonly rules: (SeatRule | undefined)[],
  ) {
    this.#owner = owner;
    anchor.last = this;
  }

  belongsTo(ctx: Ctx | undefined): boolean {
    return this.#owner === ctx;
  }
}

function step(
  owner: Ctx,
  type: string,
  effect: StepEffect,
  automatic: boolean,
  playerID: PlayerID | undefined,
  route?: StepRoute,
  phase?: string,
): StepEvent {
  return { type, tc: new GenuineStep(owner, effect, automatic, playerID, phase, route, NO_SEATS, NO_RULES) };
}

function seatStep(owner: Ctx, moves: SeatMoves, playerID: PlayerID | undefined): StepEvent {
  return {
    type: moves.type,
    tc: new GenuineStep(owner, 'seats', moves.automatic, playerID, undefined, undefined, moves.seats, moves.rules),
  };
}

/** The step payload of an event the machine raised itself for a context holding `ctx`, or undefined. */
export function stepPayload(event: object, ctx: Ctx | undefined): StepPayload | undefined {
  const tc = (event as { tc?: unknown }).tc;
  return tc instanceof GenuineStep && tc.belongsTo(ctx) ? tc : undefined;
}

export function phaseKey(phase: string | null): string {
  return phase === null ? NULL_PHASE_KEY : phase;
}

/** Step events on which seat regions have routing transitions (see seat-region.ts). */
export const SEAT_ROUTED_STEPS: ReadonlySet<string> = new Set([
  'endStage',
  'maxMoves',
  'setStage',
  'setActivePlayers',
  'startTurn',
]);

/**
 * The events for a run's steps, starting from the chart's current seat states.
 * - A step that (re)enters the turn or a phase is followed by a `startTurn`
 *   event that seats the players in the fresh turn.
 * - A move whose `maxMoves` ended stages is followed by an automatic
 *   `maxMoves` event that moves the seats.
 * - Seat moves are labelled with their rules, and split where one rule
 *   does not explain them (stage-exits.ts).
 * - Seat changes of a step that moves no seat on the chart (an `endTurn` cut
 *   short by an `endIf`) are left to the phase change or game end that
 *   always follows it.
 */
export function stepEvents(game: CompiledGame, startCtx: Ctx, steps: Step[], owner: Ctx): StepEvent[] {
  const events: StepEvent[] = [];
  // Seat keys are computed only when who-may-act changed: most moves change nothing there.
  let seatsCtx = startCtx;
  let seats: string[] | undefined;
  const unchanged = (ctx: Ctx) =>
    ctx.activePlayers === seatsCtx.activePlayers &&
    ctx.currentPlayer === seatsCtx.currentPlayer &&
    ctx.phase === seatsCtx.phase;
  const moveSeats = (type: string, automatic: boolean, playerID: PlayerID | undefined, ctx: Ctx, from?: string[]) => {
    const before = from ?? (seats ??= seatKeys(game, seatsCtx));
    const after = seatKeys(game, ctx);
    for (const moves of seatMoves(game, type, automatic, playerID, seatsCtx, ctx, before, after))
      events.push(seatStep(owner, moves, playerID));
    seats = after;
    seatsCtx = ctx;
  };
  for (const item of steps) {
    const { ctx } = item.state;
    const { type, automatic, playerID } = item;
    if (item.effect === 'gameover') {
      events.push(step(owner, type, 'gameover', automatic, playerID, item.route));
      return events;
    }
    if (item.effect === 'seats') {
      const same = unchanged(ctx);
      if (same || !SEAT_ROUTED_STEPS.has(type)) {
        events.push(seatStep(owner, { type, automatic, seats: NO_SEATS, rules: NO_RULES }, playerID));
        // The move reached its player's maxMoves: boardgame.io ends the stage (without following its `next`).
        if (!same && type.startsWith('move.')) moveSeats('maxMoves', true, playerID, ctx);
        continue;
      }
      moveSeats(type, automatic, playerID, ctx);
      continue;
    }
    events.push(
      step(
        owner,
        type,
        item.effect,
        automatic,
        playerID,
        item.route,
        item.effect === 'enterPhase' ? phaseKey(ctx.phase) : undefined,
      ),
    );
    // The (re)entered turn starts with every seat idle; seat the active ones.
    seatsCtx = ctx;
    moveSeats('startTurn', true, playerID, ctx, new Array(ctx.numPlayers).fill(SEAT_IDLE));
  }
  return events;
}
