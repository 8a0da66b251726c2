import { GameConfigError } from './errors';

/**
 * A config mistake that stops nothing until play reaches it: a phase's static
 * `next` naming a phase that does not exist. Published games carry such
 * mistakes in phases play never reaches, and boardgame.io runs them.
 * `compileGame` throws the first one as a GameConfigError unless the game
 * object was passed to `tolerateLatentMistakes`; a tolerated game runs, and
 * a request that reaches the mistake is refused (`UNKNOWN_PHASE`).
 */
export interface LatentMistake {
  location: string;
  message: string;
}

const tolerant = new WeakSet<object>();

/** Whether `tolerateLatentMistakes` was called for this game object. */
export function isTolerated(game: object): boolean {
  return tolerant.has(game);
}

/** Let `compileGame` accept this game object's latent mistakes (the boardgame.io and legacy adapters, `createGame(..., { strict: false })`). */
export function tolerateLatentMistakes(game: unknown): void {
  if (game !== null && typeof game === 'object') tolerant.add(game);
}

export function throwFirst(mistakes: readonly LatentMistake[]): void {
  const [first] = mistakes;
  if (first) throw new GameConfigError(first.location, first.message);
}

/** Strict entry points: the first latent mistake as a GameConfigError. */
export function assertNoLatentMistakes(game: { latentMistakes: readonly LatentMistake[] }): void {
  throwFirst(game.latentMistakes);
}

const warned = new WeakSet<object>();

/** Lenient entry points: one console.warn naming every latent mistake, once per compiled game. */
export function warnLatentMistakes(game: { latentMistakes: readonly LatentMistake[] }): void {
  warnLatentMistakesOnce(game, game.latentMistakes);
}

/** One console.warn naming `mistakes`, the first time it is called with `key` (a game, compiled or translated). */
export function warnLatentMistakesOnce(key: object, mistakes: readonly LatentMistake[]): void {
  if (mistakes.length === 0 || warned.has(key)) return;
  warned.add(key);
  const lines = mistakes.map(({ location, message }) => `  ${location}: ${message}`);
  console.warn(
    `turnchart: the game config has ${lines.length === 1 ? 'a mistake' : `${lines.length} mistakes`} that matter${lines.length === 1 ? 's' : ''} only if play reaches ${lines.length === 1 ? 'it' : 'them'}:\n` +
      `${lines.join('\n')}\n` +
      'The game runs; a move or event that reaches one is refused with UNKNOWN_PHASE and changes nothing. Pass `strict: true` to make this an error.',
  );
}
