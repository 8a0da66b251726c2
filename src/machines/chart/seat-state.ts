/**
 * Which state a seat's region is in for a given ctx (design invariant 1):
 * `idle` when the player may not act, the node of its stage when the stage is
 * declared in the phase's turn config, otherwise `active` (Stage.NULL, or an
 * undeclared stage label as boardgame.io allows).
 */
import { stageOf } from '../engine/active-players';
import { NULL_PHASE_KEY, phaseOf, SEAT_ACTIVE, SEAT_IDLE, type CompiledGame } from '../engine/config';
import type { Ctx, PlayerID } from '../engine/types';

export function seatStateKey(game: CompiledGame, ctx: Ctx, playerID: PlayerID): string {
  const stage = stageOf(ctx, playerID);
  if (stage === undefined) return SEAT_IDLE;
  if (stage === null) return SEAT_ACTIVE;
  const stages = phaseOf(game, ctx.phase).turn.stages;
  return Object.prototype.hasOwnProperty.call(stages, stage) ? stage : SEAT_ACTIVE;
}

export function seatKeys(game: CompiledGame, ctx: Ctx): string[] {
  const keys: string[] = new Array(Number(ctx.numPlayers));
  const active = ctx.activePlayers;
  if (active === null) {
    for (let i = 0; i < keys.length; i++) keys[i] = SEAT_IDLE;
    const current = Number(ctx.currentPlayer);
    if (current >= 0 && current < keys.length) keys[current] = SEAT_ACTIVE;
    return keys;
  }
  for (let i = 0; i < keys.length; i++) keys[i] = seatStateKey(game, ctx, String(i));
  return keys;
}

/** State key of a seat's region in the chart. */
export function seatRegionKey(playerID: PlayerID | number): string {
  return `player${playerID}`;
}

/**
 * The chart's state value for a ctx (design invariant 1 as a function): the
 * phase's state, and each seat's region state; `gameover` once the game ended.
 */
export function chartValueFor(
  game: CompiledGame,
  ctx: Ctx,
): string | { phases: Record<string, { turn: Record<string, string> }> } {
  if (ctx.gameover !== undefined) return 'gameover';
  const turn: Record<string, string> = {};
  seatKeys(game, ctx).forEach((key, seat) => {
    turn[seatRegionKey(seat)] = key;
  });
  return { phases: { [ctx.phase === null ? NULL_PHASE_KEY : ctx.phase]: { turn } } };
}
