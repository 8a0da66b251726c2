/**
 * A game object's compiled config, made once per object. A game of a shape
 * already checked (game-shape.ts) skips the checks: a server or a page that
 * makes its game object per match pays them once.
 */
import { compileGame, type CompiledGame } from './config';
import { CHECKED, TRUSTED } from './config-checks';
import { knownShape } from './game-shape';
import type { Game } from './types';

const compiledCache = new WeakMap<Game, CompiledGame>();

/** Validated, defaulted game (cached per game object). Throws GameConfigError. */
export function compiledGame(game: Game): CompiledGame {
  let compiled = compiledCache.get(game);
  if (compiled) return compiled;
  if (game === null || typeof game !== 'object') return compileGame(game);
  const shape = knownShape(game);
  compiled = compileGame(game, shape?.checked ? TRUSTED : CHECKED);
  if (shape) shape.checked = true;
  compiledCache.set(game, compiled);
  return compiled;
}
