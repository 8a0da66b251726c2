/**
 * Turns the steps of a flow run into the events the chart takes. Each event
 * carries the rule behind it and, for every seat whose state changes, the
 * state it goes to; the guards on the chart's transitions read that, so the
 * decision "seat 1 goes from idle to discard on setStage" is a guarded,
 * named transition. A turn restarted straight into its next seating
 * carries that seating (seatings.ts).
 */
import { NULL_PHASE_KEY, SEAT_IDLE, type CompiledGame } from '../engine/config';
import type { Step, StepEffect, StepRoute } from '../engine/flow-run';
import type { Ctx, PlayerID } from '../engine/types';
import { seatMoves, type SeatMoves, type SeatRule } from './stage-exits';
import { seatKeys } from './seat-state';
import { seatingKey, turnSeatings, type TurnSeatings } from './seatings';

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
  /** A turn restarted straight into this seating (seatings.ts); undefined: seat by seat afterwards. */
  seating?: string;
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
class GenuineStep implements StepPayload {
  readonly #owner: Ctx;

  constructor(
    owner: Ctx,
    readonly effect: StepEffect,
    readonly automatic: boolean,
    readonly playerID: PlayerID | undefined,
    readonly phaseKey: string | undefined,
    readonly route: StepRoute | undefined,
    readonly seats: (string | undefined)[],
    readonly rules: (SeatRule | undefined)[],
    readonly seating: string | undefined,
  ) {
    this.#owner = owner;
  }

  belongsTo(ctx: Ctx | undefined): boolean {
    return this.#owner === ctx;
  }
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

const seatingCache = new WeakMap<CompiledGame, Map<string, TurnSeatings>>();

/** The seatings of the turn of `ctx.phase` at `ctx.numPlayers` seats, made once per game. */
export function seatingsOf(game: CompiledGame, phase: string | null, numPlayers: number): TurnSeatings {
  let byPhase = seatingCache.get(game);
  if (byPhase === undefined) seatingCache.set(game, (byPhase = new Map()));
  const key = `${numPlayers}:${phase === null ? '' : `=${phase}`}`;
  let seatings = byPhase.get(key);
  if (seatings === undefined) {
    const compiled = phase === null ? game.nullPhase : game.phases.get(phase)!;
    byPhase.set(key, (seatings = turnSeatings(game, compiled, numPlayers)));
  }
  return seatings;
}

function step(
  owner: Ctx,
  type: string,
  effect: StepEffect,
  automatic: boolean,
  playerID: PlayerID | undefined,
  more: { route?: StepRoute; phaseKey?: string; seating?: string } = {},
): StepEvent {
  const { route, phaseKey, seating } = more;
  return {
    type,
    tc: new GenuineStep(owner, effect, automatic, playerID, phaseKey, route, NO_SEATS, NO_RULES, seating),
  };
}

function seatStep(owner: Ctx, moves: SeatMoves, playerID: PlayerID | undefined): StepEvent {
  const tc = new GenuineStep(
    owner,
    'seats',
    moves.automatic,
    playerID,
    undefined,
    undefined,
    moves.seats,
    moves.rules,
    undefined,
  );
  return { type: moves.type, tc };
}

/**
 * The events for a run's steps, starting from the chart's current seat states.
 * - A step that restarts the turn enters it straight into its seating
 *   (seatings.ts). One that enters a phase, or restarts the turn into a
 *   seating no edge lists, is followed by a `startTurn` event that seats the
 *   players one by one. At the match's start (`atStart`) the chart already
 *   stands in the starting phase's fresh turn, every seat idle: a first
 *   restart is left out, and the players are seated one by one.
 * - A move whose `maxMoves` ended stages is followed by an automatic
 *   `maxMoves` event that moves the seats.
 * - Seat moves are labelled with their rules, and split where one rule
 *   does not explain them (stage-exits.ts).
 * - Seat changes of a step that moves no seat on the chart (an `endTurn` cut
 *   short by an `endIf`) are left to the phase change or game end that
 *   always follows it; so are those of a phase end that the game's end cut
 *   short before a next phase was chosen.
 */
export function stepEvents(game: CompiledGame, startCtx: Ctx, steps: Step[], owner: Ctx, atStart = false): StepEvent[] {
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
  for (let index = 0; index < steps.length; index++) {
    const item = steps[index];
    const { ctx } = item.state;
    const { type, automatic, playerID, route } = item;
    if (item.effect === 'gameover') {
      events.push(step(owner, type, 'gameover', automatic, playerID, { route }));
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
    // A phase that ended with no next phase chosen: the game's end, the next step, moves the chart.
    if (item.effect === 'enterPhase' && route === undefined) {
      events.push(seatStep(owner, { type, automatic, seats: NO_SEATS, rules: NO_RULES }, playerID));
      continue;
    }
    const idle = new Array<string>(Number(ctx.numPlayers)).fill(SEAT_IDLE);
    if (item.effect === 'enterPhase') {
      events.push(step(owner, type, 'enterPhase', automatic, playerID, { route, phaseKey: phaseKey(ctx.phase) }));
      seatsCtx = ctx;
      moveSeats('startTurn', true, playerID, ctx, idle);
      continue;
    }
    if (atStart && index === 0) {
      seatsCtx = ctx;
      moveSeats('startTurn', true, playerID, ctx, idle);
      continue;
    }
    const after = seatKeys(game, ctx);
    const seating = seatingsOf(game, ctx.phase, Number(ctx.numPlayers)).byKey.get(seatingKey(after));
    events.push(step(owner, type, 'restartTurn', automatic, playerID, { route, seating: seating?.key }));
    seatsCtx = ctx;
    if (seating !== undefined) seats = after;
    else moveSeats('startTurn', true, playerID, ctx, idle);
  }
  return events;
}
