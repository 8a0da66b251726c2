/**
 * Which move a player may make where, by boardgame.io's rule: a declared stage
 * with `moves` allows only those; otherwise the phase's moves if it has any;
 * otherwise the global moves.
 */
import { phaseOf, type CompiledGame, type CompiledPhase } from './config';
import type { Ctx, Move, MoveFn, PlayerID } from './types';

export interface MoveSource {
  move: Move;
  /** Config location, e.g. `phases.play.turn.stages.discard.moves.discard`. */
  where: string;
  /** The move's name in its set. */
  name: string;
  /** The flow step a move makes, `move.<name>`: made once, not per move. */
  label: string;
}

/** A move set with its config location, and each move's source made once. */
export interface MoveSet {
  moves: Record<string, Move>;
  where: string;
  sources: Map<string, MoveSource>;
}

/** A phase's move sets: its own (or the game's) and those of its stages that declare moves. */
export interface PhaseMoveSets {
  plain: MoveSet;
  stages: Map<string, MoveSet | null>;
}

function moveSet(moves: Record<string, Move>, where: string): MoveSet {
  return { moves, where, sources: new Map() };
}

/** Made on first use and kept on the compiled phase: a move's lookup then builds no strings or objects. */
function setsOf(game: CompiledGame, phase: CompiledPhase): PhaseMoveSets {
  return (phase.moveSets ??= {
    plain: phase.moves ? moveSet(phase.moves, `${phase.where}.moves`) : moveSet(game.moves, 'moves'),
    stages: new Map(),
  });
}

/** The move set a player draws from right now, with its config location. */
export function moveSetFor(game: CompiledGame, ctx: Ctx, playerID: PlayerID): MoveSet {
  const phase = phaseOf(game, ctx.phase);
  const sets = setsOf(game, phase);
  const active = ctx.activePlayers;
  const stage = active ? active[playerID] : undefined;
  if (stage === undefined || stage === null) return sets.plain;
  let set = sets.stages.get(stage);
  if (set === undefined) {
    const stages = phase.turn.stages;
    const declared = Object.prototype.hasOwnProperty.call(stages, stage) ? stages[stage].moves : undefined;
    set = declared !== undefined ? moveSet(declared, `${phase.turn.where}.stages.${stage}.moves`) : null;
    sets.stages.set(stage, set);
  }
  return set ?? sets.plain;
}

export function getMove(game: CompiledGame, ctx: Ctx, name: string, playerID: PlayerID): MoveSource | null {
  const set = moveSetFor(game, ctx, playerID);
  let source = set.sources.get(name);
  if (source === undefined) {
    if (!Object.prototype.hasOwnProperty.call(set.moves, name)) return null;
    source = { move: set.moves[name], where: `${set.where}.${name}`, name, label: `move.${name}` };
    set.sources.set(name, source);
  }
  return source;
}

export function moveFunction(move: Move): MoveFn {
  return typeof move === 'function' ? move : move.move;
}

/** boardgame.io counts a move toward limits unless it is long-form with `noLimit: true`. */
export function countsTowardLimits(move: Move | undefined): boolean {
  return !move || typeof move === 'function' || move.noLimit !== true;
}
