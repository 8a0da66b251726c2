/**
 * Where a turn's start seats the players: a *seating* is the state of every
 * seat's region once a turn of a phase has started (`active` for the current
 * player by the turn order, or the stages the turn's `activePlayers` config
 * gives). A turn that ends enters itself again straight into the next
 * turn's seating, in one transition whose targets are the seats' states
 * (turn-ends.ts): one edge per rule and seating, so that xstate takes one
 * transition where a re-entry and a seat-by-seat start took a microstep
 * each and one transition per seat.
 *
 * The seatings listed are those of every current player with the full play
 * order, and with a play order of the current player alone (`pass({ remove
 * })` can shrink it so). A config whose sets follow the play order (`all`,
 * `others`) can seat other play orders too: such a turn also ends by
 * entering itself with every seat idle, the seats then moved one by one by
 * their `startTurn` edges (seat-region.ts), as after a phase is entered
 * (`bySeat`).
 */
import { setActivePlayers } from '../engine/active-players';
import { SEAT_ACTIVE, SEAT_IDLE, type CompiledGame, type CompiledPhase } from '../engine/config';
import type { Ctx } from '../engine/types';
import { stageKey } from './stage-exits';

export interface Seating {
  /** The seats' states, joined: what a step carries and a guard compares. */
  key: string;
  /** Per seat, the state its region is in. */
  seats: string[];
  /** What can seat them so: the turn order (the current player alone), the turn's `activePlayers` config, or both. */
  rules: Set<'order' | 'turnActivePlayers'>;
}

/** Where a turn's start may put one seat: `active` by the turn order, and the states the turn's `activePlayers` gives. */
export interface StartTargets {
  order: boolean;
  stages: Set<string>;
}

export interface TurnSeatings {
  list: Seating[];
  byKey: Map<string, Seating>;
  /** Some turn start may seat players otherwise: seat-by-seat start edges exist. */
  bySeat: boolean;
}

export function seatingKey(seats: readonly string[]): string {
  return seats.join(',');
}

function orderSeating(numPlayers: number, current: number): string[] {
  const seats = new Array<string>(numPlayers).fill(SEAT_IDLE);
  seats[current] = SEAT_ACTIVE;
  return seats;
}

/**
 * The seatings of `phase`'s turn at `numPlayers` seats. The order's seating
 * is listed when the phase has no `activePlayers` config, when the config
 * can leave the set empty, or when the phase may be entered without its
 * turn starting (its `endIf` ends it at once; with no phase, boardgame.io's
 * loop stop).
 */
export function turnSeatings(game: CompiledGame, phase: CompiledPhase, numPlayers: number): TurnSeatings {
  const byKey = new Map<string, Seating>();
  const add = (seats: string[], rule: 'order' | 'turnActivePlayers') => {
    const key = seatingKey(seats);
    const known = byKey.get(key);
    if (known) known.rules.add(rule);
    else byKey.set(key, { key, seats, rules: new Set([rule]) });
  };
  const config = phase.turn.activePlayers;
  const loopStop = phase.name === null && [...game.phases.values()].some((p) => p.endIf !== undefined);
  const orderAlways = config === undefined || phase.endIf !== undefined || loopStop;
  const all = Array.from({ length: numPlayers }, (_, i) => String(i));
  for (let current = 0; current < numPlayers; current++) {
    if (orderAlways) add(orderSeating(numPlayers, current), 'order');
    if (config === undefined) continue;
    for (const playOrder of [all, [String(current)]]) {
      const ctx: Ctx = {
        numPlayers,
        turn: 1,
        currentPlayer: String(current),
        playOrder,
        playOrderPos: playOrder.indexOf(String(current)),
        phase: phase.name,
        activePlayers: null,
      };
      const after = setActivePlayers(ctx, config, `${phase.turn.where}.activePlayers`);
      if (after.activePlayers === null) {
        add(orderSeating(numPlayers, current), 'order');
        continue;
      }
      const seats = new Array<string>(numPlayers).fill(SEAT_IDLE);
      for (const [seat, stage] of Object.entries(after.activePlayers))
        seats[Number(seat)] = stageKey(phase.turn, stage);
      add(seats, 'turnActivePlayers');
    }
  }
  const bySeat = config !== undefined && (config.all !== undefined || config.others !== undefined);
  return { list: [...byKey.values()], byKey, bySeat };
}

/** Per seat, where the turn's start may put it on its own: the seat's part of every seating. */
export function startTargets(seatings: TurnSeatings, numPlayers: number): StartTargets[] {
  const targets = Array.from({ length: numPlayers }, () => ({ order: false, stages: new Set<string>() }));
  for (const { seats, rules } of seatings.list) {
    seats.forEach((state, seat) => {
      if (state === SEAT_IDLE) return;
      if (rules.has('order')) targets[seat].order = true;
      if (rules.has('turnActivePlayers')) targets[seat].stages.add(state);
    });
  }
  return targets;
}
