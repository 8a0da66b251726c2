/**
 * Copies of ctx with some fields changed. The flow copies ctx several times
 * per action, and Node copies an object that was itself made by spreading
 * (`{ ...ctx, turn }`) on a slow path: about 1 µs for a ctx, 25 times a
 * literal. Once a match has started, ctx always has the same keys in
 * boardgame.io's order (gameover last, once set), so the copy is a literal
 * in that order; a ctx without them (during set-up) is spread.
 */
import type { Ctx } from './types';

const pick = <K extends keyof Ctx>(changes: Partial<Ctx>, ctx: Ctx, key: K): Ctx[K] => (key in changes ? changes[key] : ctx[key]) as Ctx[K];

export function withCtx(ctx: Ctx, changes: Partial<Ctx>): Ctx {
  if (!('numMoves' in ctx) || !('_nextActivePlayers' in ctx)) return { ...ctx, ...changes };
  const copy: Ctx = {
    numPlayers: pick(changes, ctx, 'numPlayers'),
    turn: pick(changes, ctx, 'turn'),
    currentPlayer: pick(changes, ctx, 'currentPlayer'),
    playOrder: pick(changes, ctx, 'playOrder'),
    playOrderPos: pick(changes, ctx, 'playOrderPos'),
    phase: pick(changes, ctx, 'phase'),
    activePlayers: pick(changes, ctx, 'activePlayers'),
    _activePlayersMinMoves: pick(changes, ctx, '_activePlayersMinMoves'),
    _activePlayersMaxMoves: pick(changes, ctx, '_activePlayersMaxMoves'),
    _activePlayersNumMoves: pick(changes, ctx, '_activePlayersNumMoves'),
    _prevActivePlayers: pick(changes, ctx, '_prevActivePlayers'),
    _nextActivePlayers: pick(changes, ctx, '_nextActivePlayers'),
    numMoves: pick(changes, ctx, 'numMoves'),
  };
  if ('gameover' in ctx || 'gameover' in changes) copy.gameover = pick(changes, ctx, 'gameover');
  return copy;
}
