/**
 * Who may act, and in which stage: `Stage`, the `ActivePlayers` presets, and
 * the pure logic of `setActivePlayers`, `revert` and `next`, with boardgame.io
 * 0.50.2's semantics. No xstate here: the seat regions read these results.
 */
import { copyCtx, withCtx } from './ctx-copy';
import { describe } from './describe-value';
import { reject, RejectedAction, rejection, type ActionRejection } from './errors';
import type {
  ActivePlayers as ActivePlayersMap,
  ActivePlayersArg,
  ActivePlayersConfig,
  Ctx,
  PlayerID,
  StageArg,
  StageName,
} from './types';

export const Stage = { NULL: null } as const;

export const ActivePlayers = {
  /** Every player may move, in no particular stage. */
  ALL: { all: Stage.NULL } as ActivePlayersConfig,
  /** Every player makes exactly one move. */
  ALL_ONCE: { all: Stage.NULL, minMoves: 1, maxMoves: 1 } as ActivePlayersConfig,
  /** Every player but the current one may move. */
  OTHERS: { others: Stage.NULL } as ActivePlayersConfig,
  /** Every player but the current one makes exactly one move. */
  OTHERS_ONCE: { others: Stage.NULL, minMoves: 1, maxMoves: 1 } as ActivePlayersConfig,
};

const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Stage values boardgame.io accepts that turnchart also accepts: null or a plain, non-empty name. */
export function isValidStageName(value: unknown): value is StageName {
  return value === null || (typeof value === 'string' && value !== '' && !RESERVED.has(value));
}

export function assertStageName(value: unknown, where: string): asserts value is StageName {
  if (!isValidStageName(value)) {
    reject('INVALID_STAGE', `${where}: ${describe(value)} is not a stage name (a non-empty string, or Stage.NULL)`);
  }
}

export function assertSeat(ctx: Ctx, id: unknown, where: string): asserts id is PlayerID {
  if (!isSeat(ctx, id)) throw new RejectedAction(notASeat(ctx, id, where));
}

export function notASeat(ctx: Ctx, id: unknown, where: string): ActionRejection {
  return rejection('NOT_A_SEAT', `${where}: ${describe(id)} is not a player of this match (0..${ctx.numPlayers - 1})`);
}

/** Seat ids as strings, by seat number: a request's seat is checked against these, not a string made per request. */
const SEAT_IDS: string[] = [];

export function isSeat(ctx: Ctx, id: unknown): id is PlayerID {
  if (typeof id !== 'string') return false;
  const n = Number(id);
  if (!(Number.isInteger(n) && n >= 0 && n < ctx.numPlayers)) return false;
  // The canonical spelling only ("1", not "01", " 1" or "1.0").
  return (SEAT_IDS[n] ??= String(n)) === id;
}

/**
 * A set being built, with its seats listed as they join: the loops below
 * walk that list instead of enumerating the maps (seat ids are integer
 * keys, which for-in and Object.keys collect into a fresh array each time).
 */
interface Building {
  active: ActivePlayersMap;
  ids: PlayerID[];
  min: Record<PlayerID, number>;
  max: Record<PlayerID, number>;
  hasMin: boolean;
  hasMax: boolean;
}

/**
 * Long form `{ stage, minMoves, maxMoves }` or a bare stage name, applied to
 * one player. A stage is required, as everywhere else: `value: { 1: undefined }`
 * or a long form without `stage` is refused (boardgame.io skips the player,
 * docs/differences.md).
 */
function applyStageArg(set: Building, id: PlayerID, arg: StageArg, where: string): void {
  if (typeof arg !== 'object' || arg === null) {
    // A bare stage name (most calls, once per seat): no long form made for it.
    assertStageName(arg, where);
    if (set.active[id] === undefined) set.ids.push(id);
    set.active[id] = arg;
    return;
  }
  assertStageName(arg.stage, `${where}.stage`);
  if (set.active[id] === undefined) set.ids.push(id);
  set.active[id] = arg.stage;
  const maxMoves = arg.moveLimit || arg.maxMoves;
  if (arg.minMoves) {
    set.min[id] = arg.minMoves;
    set.hasMin = true;
  }
  if (maxMoves) {
    set.max[id] = maxMoves;
    set.hasMax = true;
  }
}

function assertConfigObject(arg: unknown, where: string): asserts arg is ActivePlayersArg {
  if (Array.isArray(arg)) return;
  if (arg === null || typeof arg !== 'object') {
    reject('INVALID_ARGUMENT', `${where}: expected an object or an array of player ids, got ${describe(arg)}`);
  }
}

/** No own enumerable key (a for-in: no key array for named keys, though integer keys are still collected). */
function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

/**
 * A map of the seats of `like` (a seat map, listed in `ids`), each set to
 * `value`: a spread and assignments are several times faster than a new
 * object's integer keys added one by one.
 */
function filled<T>(like: ActivePlayersMap, ids: readonly PlayerID[], value: T): Record<PlayerID, T> {
  const map = { ...like } as unknown as Record<PlayerID, T>;
  for (const id of ids) map[id] = value;
  return map;
}

/** `setActivePlayers(arg)`: replaces the whole set, as boardgame.io does. */
export function setActivePlayers(ctx: Ctx, arg: ActivePlayersArg, where = 'setActivePlayers'): Ctx {
  assertConfigObject(arg, where);
  // The common case at every turn start of a game without turn.activePlayers: an empty set.
  // Keys in the order the general path (and boardgame.io) writes them: snapshots compare byte for byte.
  if (!Array.isArray(arg) && isEmpty(arg)) {
    return withCtx(ctx, {
      activePlayers: null,
      _activePlayersMinMoves: null,
      _activePlayersMaxMoves: null,
      _activePlayersNumMoves: {},
      _prevActivePlayers: [],
      _nextActivePlayers: null,
    });
  }
  const set: Building = { active: {}, ids: [], min: {}, max: {}, hasMin: false, hasMax: false };
  let prev: Ctx['_prevActivePlayers'] = [];
  let next: ActivePlayersConfig | null = null;

  if (Array.isArray(arg)) {
    for (const id of arg) {
      assertSeat(ctx, id, `${where}([...])`);
      if (set.active[id] === undefined) set.ids.push(id);
      set.active[id] = Stage.NULL;
    }
  } else {
    const maxMoves = arg.moveLimit || arg.maxMoves;
    if (arg.next) {
      // Checked now, not when the set empties: a bad `next` would otherwise refuse a later, innocent endStage.
      setActivePlayers(ctx, arg.next, `${where}.next`);
      next = arg.next;
    }
    if (arg.revert) {
      prev = [
        ...(ctx._prevActivePlayers ?? []),
        {
          activePlayers: ctx.activePlayers,
          _activePlayersMinMoves: ctx._activePlayersMinMoves ?? null,
          _activePlayersMaxMoves: ctx._activePlayersMaxMoves ?? null,
          _activePlayersNumMoves: ctx._activePlayersNumMoves ?? {},
        },
      ];
    }
    if (arg.currentPlayer !== undefined) {
      applyStageArg(set, ctx.currentPlayer, arg.currentPlayer, `${where}.currentPlayer`);
    }
    // Each location made once, not per seat.
    if (arg.others !== undefined) {
      const at = `${where}.others`;
      for (const id of ctx.playOrder) {
        if (id !== ctx.currentPlayer) applyStageArg(set, id, arg.others, at);
      }
    }
    if (arg.all !== undefined) {
      const at = `${where}.all`;
      for (const id of ctx.playOrder) applyStageArg(set, id, arg.all, at);
    }
    if (arg.value) {
      if (typeof arg.value !== 'object') reject('INVALID_ARGUMENT', `${where}.value must be an object`);
      for (const id of Object.keys(arg.value)) {
        assertSeat(ctx, id, `${where}.value`);
        applyStageArg(set, id, arg.value[id], `${where}.value.${id}`);
      }
    }
    const perSeatLimits = set.hasMin || set.hasMax;
    if (arg.minMoves && !perSeatLimits && set.ids.length > 0) {
      set.min = filled(set.active, set.ids, arg.minMoves);
      set.hasMin = true;
    } else if (arg.minMoves) {
      for (const id of set.ids) if (set.min[id] === undefined) set.min[id] = arg.minMoves;
      set.hasMin ||= set.ids.length > 0;
    }
    if (maxMoves && maxMoves === arg.minMoves && !perSeatLimits) {
      // The same limit both ways for every seat (`minMoves: 1, maxMoves: 1`): one map for both, never changed in place.
      set.max = set.min;
      set.hasMax = set.hasMin;
    } else if (maxMoves) {
      for (const id of set.ids) if (set.max[id] === undefined) set.max[id] = maxMoves;
      set.hasMax ||= set.ids.length > 0;
    }
  }

  const numMoves: Record<PlayerID, number> = set.ids.length > 0 ? filled(set.active, set.ids, 0) : {};
  // Assigned in the order boardgame.io writes them (keys new to a set-up ctx land in that order).
  const after = copyCtx(ctx);
  after.activePlayers = set.ids.length > 0 ? set.active : null;
  after._activePlayersMinMoves = set.hasMin ? set.min : null;
  after._activePlayersMaxMoves = set.hasMax ? set.max : null;
  after._activePlayersNumMoves = numMoves;
  after._prevActivePlayers = prev;
  after._nextActivePlayers = next;
  return after;
}

/**
 * A copy of a seat map (or of none: empty) with one seat set. A spread and
 * an assignment: a computed key after a spread in one literal is twice as slow.
 */
export function withSeat<T>(
  map: Record<PlayerID, T> | null | undefined,
  seat: PlayerID,
  value: T,
): Record<PlayerID, T> {
  const copy: Record<PlayerID, T> = { ...map };
  copy[seat] = value;
  return copy;
}

/** A copy of a seat map without one seat (spread and delete: several times faster than enumerating integer keys). */
export function withoutSeat<T>(map: Record<PlayerID, T>, seat: PlayerID): Record<PlayerID, T> {
  const copy = { ...map };
  delete copy[seat];
  return copy;
}

/** Whether a seat map is empty: any seat still in it proves it is not; only then are its keys enumerated. */
export function isEmptySeatMap(map: Record<PlayerID, unknown>, numPlayers: number): boolean {
  for (let i = 0; i < numPlayers; i++) if ((map as Record<number, unknown>)[i] !== undefined) return false;
  return isEmpty(map);
}

/**
 * Once the set is empty it becomes `next`, else the reverted set, else null.
 * boardgame.io can revert to an empty set and lock the game (its quirk 20);
 * turnchart treats an emptied set as null instead (docs/differences.md).
 */
export function updateActivePlayersOnceEmpty(ctx: Ctx): Ctx {
  const active = ctx.activePlayers;
  if (!active || !isEmpty(active)) return ctx;
  if (ctx._nextActivePlayers) {
    return setActivePlayers(ctx, ctx._nextActivePlayers, 'setActivePlayers.next');
  }
  const prev = ctx._prevActivePlayers ?? [];
  if (prev.length > 0) {
    const last = prev[prev.length - 1];
    const restored = withCtx(ctx, {
      activePlayers: last.activePlayers,
      _activePlayersMinMoves: last._activePlayersMinMoves,
      _activePlayersMaxMoves: last._activePlayersMaxMoves,
      _activePlayersNumMoves: last._activePlayersNumMoves,
      _prevActivePlayers: prev.slice(0, -1),
    });
    return restored.activePlayers && isEmpty(restored.activePlayers)
      ? withCtx(restored, { activePlayers: null })
      : restored;
  }
  return withCtx(ctx, { activePlayers: null, _activePlayersMinMoves: null, _activePlayersMaxMoves: null });
}

/** The stage of a player, `undefined` when the player is not active. */
export function stageOf(ctx: Ctx, playerID: PlayerID): StageName | undefined {
  if (ctx.activePlayers) {
    return Object.prototype.hasOwnProperty.call(ctx.activePlayers, playerID) ? ctx.activePlayers[playerID] : undefined;
  }
  return playerID === ctx.currentPlayer ? null : undefined;
}

/** boardgame.io's IsPlayerActive. */
export function isPlayerActive(ctx: Ctx, playerID: PlayerID): boolean {
  if (ctx.activePlayers) return Object.prototype.hasOwnProperty.call(ctx.activePlayers, playerID);
  return ctx.currentPlayer === playerID;
}
