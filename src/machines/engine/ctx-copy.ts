/**
 * Copies of ctx with some fields changed. The flow copies ctx several times
 * per action, and Node copies an object that was itself made by spreading
 * (`{ ...ctx, turn }`) on a slow path, many times slower than a literal
 * (docs/performance.md). Once a match has started, ctx always has the same keys in
 * boardgame.io's order (gameover last, once set), so the copy is a literal
 * in that order; a ctx without them (during set-up) is spread.
 */
import type { Ctx } from './types';

/** Whether ctx has the keys a started match's ctx has (a set-up ctx has not): `copyCtx` writes those out. */
export const hasTurnKeys = (ctx: Ctx): boolean => 'numMoves' in ctx && '_nextActivePlayers' in ctx;

/**
 * A copy of ctx: the match's ctx written out as a literal in boardgame.io's
 * key order (turnchart's `time` before gameover, gameover last, once set); a
 * ctx without those keys (during set-up) is spread.
 */
export function copyCtx(ctx: Ctx): Ctx {
  if (!hasTurnKeys(ctx)) return { ...ctx };
  const copy: Ctx = {
    numPlayers: ctx.numPlayers,
    turn: ctx.turn,
    currentPlayer: ctx.currentPlayer,
    playOrder: ctx.playOrder,
    playOrderPos: ctx.playOrderPos,
    phase: ctx.phase,
    activePlayers: ctx.activePlayers,
    _activePlayersMinMoves: ctx._activePlayersMinMoves,
    _activePlayersMaxMoves: ctx._activePlayersMaxMoves,
    _activePlayersNumMoves: ctx._activePlayersNumMoves,
    _prevActivePlayers: ctx._prevActivePlayers,
    _nextActivePlayers: ctx._nextActivePlayers,
    numMoves: ctx.numMoves,
  };
  // Only in a game with time limits (time-types.ts): a game without any keeps boardgame.io's ctx.
  if (ctx.time !== undefined) copy.time = ctx.time;
  if ('gameover' in ctx) copy.gameover = ctx.gameover;
  return copy;
}

/**
 * The changes are then assigned onto the copy: the callers pass many
 * shapes of `changes`, and reading each ctx key from them (`key in changes`)
 * was megamorphic, seven times slower than assigning their own keys. A new
 * key (gameover) lands last, where boardgame.io has it.
 */
export function withCtx(ctx: Ctx, changes: Partial<Ctx>): Ctx {
  return Object.assign(copyCtx(ctx), changes);
}
