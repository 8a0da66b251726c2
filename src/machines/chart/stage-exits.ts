/**
 * Where a seat leaves a stage, and why. Every move of a seat's region is
 * one of these rules, and the chart has an edge for a rule only from and to
 * the states that rule can connect:
 *
 * | rule | event | from → to |
 * |---|---|---|
 * | `order` | startTurn | idle → active: the turn order made this seat the current player |
 * | `turnActivePlayers` | startTurn | idle → the stages the turn's `activePlayers` config gives |
 * | `stageNext` | endStage | a stage → its declared `next` |
 * | `leave` | endStage | a stage without `next`, or active → idle: the seat leaves the set |
 * | `limit` | maxMoves | a stage or active → idle: the seat made its `maxMoves` (a stage's `next` is not followed) |
 * | `emptied` | endStage, maxMoves | idle or a stage → active: the set emptied and this is the current player |
 * | `setStage` | setStage | any state → a declared stage or active (argument) |
 * | `setActivePlayers` | setActivePlayers | any state → any other (argument, or a set's `next` / `revert` once it empties) |
 *
 * A step whose seat changes no single rule explains (an `endStage` that
 * empties a set with a `next`) is split: the ending seat's own rule first,
 * then an automatic `setActivePlayers` step for the set that follows.
 */
import { SEAT_ACTIVE, SEAT_IDLE, phaseOf, type CompiledGame, type CompiledTurn } from '../engine/config';
import type { Ctx, PlayerID } from '../engine/types';

export type SeatRule =
  'order' | 'turnActivePlayers' | 'stageNext' | 'leave' | 'limit' | 'emptied' | 'setStage' | 'setActivePlayers';

/** One event's seat moves: per seat, the state it goes to and the rule that sends it (undefined: stays). */
export interface SeatMoves {
  type: string;
  automatic: boolean;
  seats: (string | undefined)[];
  rules: (SeatRule | undefined)[];
}

/** The region state of a stage value in a turn: its node when declared, else `active`. */
export function stageKey(turn: CompiledTurn, stage: string | null): string {
  return stage !== null && Object.prototype.hasOwnProperty.call(turn.stages, stage) ? stage : SEAT_ACTIVE;
}

function declaredNext(turn: CompiledTurn, from: string): string | undefined {
  if (from === SEAT_IDLE || from === SEAT_ACTIVE) return undefined;
  return turn.stages[from]?.next;
}

/** The seat a stage event acts on: the acting player, else (a hook's call) the current player. */
function actingSeat(actor: PlayerID | undefined, before: Ctx): number {
  return Number(actor || before.currentPlayer);
}

function emptiedTo(after: Ctx, seat: number, to: string): boolean {
  return to === SEAT_ACTIVE && after.activePlayers === null && String(seat) === after.currentPlayer;
}

/** The rule that moves `seat` from `from` to `to` on a stage event, or undefined when none explains it alone. */
function stageRule(
  turn: CompiledTurn,
  type: string,
  seat: number,
  acting: number,
  from: string,
  to: string,
  after: Ctx,
): SeatRule | undefined {
  if (seat !== acting) return emptiedTo(after, seat, to) && type !== 'setStage' ? 'emptied' : undefined;
  if (type === 'setStage') return to === SEAT_IDLE ? undefined : 'setStage';
  if (type === 'maxMoves') return to === SEAT_IDLE ? 'limit' : emptiedTo(after, seat, to) ? 'emptied' : undefined;
  const next = declaredNext(turn, from);
  if (next !== undefined) return to === stageKey(turn, next) ? 'stageNext' : undefined;
  if (to === SEAT_IDLE) return 'leave';
  return emptiedTo(after, seat, to) ? 'emptied' : undefined;
}

/**
 * The events for seat changes `from` → `to` caused by one step of type
 * `type` (a startTurn, a stage event or a setActivePlayers), each seat
 * labelled with the rule that moved it.
 */
export function seatMoves(
  game: CompiledGame,
  type: string,
  automatic: boolean,
  actor: PlayerID | undefined,
  before: Ctx,
  after: Ctx,
  from: string[],
  to: string[],
): SeatMoves[] {
  const n = to.length;
  const seats: (string | undefined)[] = new Array(n).fill(undefined);
  const rules: (SeatRule | undefined)[] = new Array(n).fill(undefined);
  if (type === 'startTurn' || type === 'setActivePlayers') {
    const rule: SeatRule =
      type === 'setActivePlayers' ? 'setActivePlayers' : after.activePlayers === null ? 'order' : 'turnActivePlayers';
    for (let seat = 0; seat < n; seat++) {
      if (from[seat] === to[seat]) continue;
      seats[seat] = to[seat];
      rules[seat] = rule;
    }
    return [{ type, automatic, seats, rules }];
  }
  const turn = phaseOf(game, after.phase).turn;
  const acting = actingSeat(actor, before);
  let rest: SeatMoves | undefined;
  for (let seat = 0; seat < n; seat++) {
    if (from[seat] === to[seat]) continue;
    const rule = stageRule(turn, type, seat, acting, from[seat], to[seat], after);
    if (rule !== undefined) {
      seats[seat] = to[seat];
      rules[seat] = rule;
      continue;
    }
    // The set that followed an emptied one (its `next`, or a revert) placed this seat.
    rest ??= {
      type: 'setActivePlayers',
      automatic: true,
      seats: new Array(n).fill(undefined),
      rules: new Array(n).fill(undefined),
    };
    let via = from[seat];
    if (seat === acting && via !== SEAT_IDLE) {
      seats[seat] = SEAT_IDLE;
      rules[seat] = 'leave';
      via = SEAT_IDLE;
    }
    if (via !== to[seat]) {
      rest.seats[seat] = to[seat];
      rest.rules[seat] = 'setActivePlayers';
    }
  }
  const first: SeatMoves = { type, automatic, seats, rules };
  return rest === undefined ? [first] : [first, rest];
}
