/**
 * Which move a player may make where, by boardgame.io's rule: a declared stage
 * with `moves` allows only those; otherwise the phase's moves if it has any;
 * otherwise the global moves.
 */
import { phaseOf, type CompiledGame } from './config';
import type { Ctx, Move, MoveFn, PlayerID } from './types';

export interface MoveSource {
  move: Move;
  /** Config location, e.g. `phases.play.turn.stages.discard.moves.discard`. */
  where: string;
}

/** The move set a player draws from right now, with its config location. */
export function moveSetFor(game: CompiledGame, ctx: Ctx, playerID: PlayerID): { moves: Record<string, Move>; where: string } {
  const phase = phaseOf(game, ctx.phase);
  const stages = phase.turn.stages;
  const active = ctx.activePlayers;
  const stage = active ? active[playerID] : undefined;
  if (
    active &&
    stage !== undefined &&
    stage !== null &&
    Object.prototype.hasOwnProperty.call(stages, stage) &&
    stages[stage].moves !== undefined
  ) {
    return { moves: stages[stage].moves!, where: `${phase.turn.where}.stages.${stage}.moves` };
  }
  if (phase.moves) return { moves: phase.moves, where: `${phase.where}.moves` };
  return { moves: game.moves, where: 'moves' };
}

export function getMove(game: CompiledGame, ctx: Ctx, name: string, playerID: PlayerID): MoveSource | null {
  const { moves, where } = moveSetFor(game, ctx, playerID);
  if (!Object.prototype.hasOwnProperty.call(moves, name)) return null;
  return { move: moves[name], where: `${where}.${name}` };
}

export function moveFunction(move: Move): MoveFn {
  return typeof move === 'function' ? move : move.move;
}

/** boardgame.io counts a move toward limits unless it is long-form with `noLimit: true`. */
export function countsTowardLimits(move: Move | undefined): boolean {
  return !move || typeof move === 'function' || move.noLimit !== true;
}
