/**
 * `fromLegacyGame`: a game written against boardgame.io 0.2x, 0.3x or 0.4x as
 * a current (0.50-shaped) turnchart game. Translations are cached per config
 * object and API, so machines built from the result are built once, and a
 * translated game passes through unchanged.
 */
import {
  tolerateLatentMistakes,
  warnLatentMistakesOnce,
  type LatentMistake,
  type Game as GameConfig,
} from '../../machines';
import { LEGACY_APIS, type LegacyApi } from './calling-convention';
import { detectLegacyApi } from './detect';
import { LegacyGameError } from './errors';
import { translate02x } from './from-02x';
import { translate04x } from './from-04x';

export interface FromLegacyOptions {
  /** The API the game was written against; detected from its keys when left out. */
  api?: LegacyApi;
  /**
   * `true`: a 0.2x phase `next` naming no phase is a LegacyGameError. By
   * default it is warned about once (console.warn) and refused
   * (UNKNOWN_PHASE) only if play reaches it, as the engine treats such
   * mistakes (config.ts). Either way the engine tolerates the translated
   * game's own latent mistakes, so a 0.3x/0.4x game with one runs on the
   * adapters (which warn, or refuse it with their own `strict`); createGame
   * still refuses it unless given `strict: false`.
   */
  strict?: boolean;
}

const cache = new WeakMap<object, Map<LegacyApi, GameConfig>>();
const apiOfTranslated = new WeakMap<object, LegacyApi>();
/** Latent mistakes found by the translation, with their legacy paths. */
const latentOf = new WeakMap<object, LatentMistake[]>();

function checkLatent(translated: object, strict: boolean | undefined): void {
  const latent = latentOf.get(translated);
  if (!latent) return;
  if (strict) throw new LegacyGameError(latent[0].location, latent[0].message);
  warnLatentMistakesOnce(translated, latent);
}

/** The API a game returned by fromLegacyGame was translated from (undefined for any other object). */
export function legacyApiOf(game: unknown): LegacyApi | undefined {
  return game !== null && typeof game === 'object' ? apiOfTranslated.get(game) : undefined;
}

/** Translate a legacy game config. Throws LegacyGameError naming the key at fault. */
export function fromLegacyGame<G = any>(game: object, options: FromLegacyOptions = {}): GameConfig<G> {
  if (legacyApiOf(game)) {
    checkLatent(game, options.strict);
    return game as GameConfig<G>;
  }
  if (game === null || typeof game !== 'object') throw new LegacyGameError('game', 'must be an object');
  const { api = detectLegacyApi(game) } = options;
  if (!LEGACY_APIS.includes(api))
    throw new LegacyGameError('api', `must be one of ${LEGACY_APIS.join(', ')}, got ${JSON.stringify(api)}`);
  let byApi = cache.get(game);
  if (!byApi) cache.set(game, (byApi = new Map()));
  let translated = byApi.get(api);
  if (!translated) {
    const latent: LatentMistake[] = [];
    translated = api === '0.2x' ? translate02x(game, latent) : translate04x(game, api);
    tolerateLatentMistakes(translated);
    if (latent.length > 0) latentOf.set(translated, latent);
    apiOfTranslated.set(translated, api);
    byApi.set(api, translated);
  }
  checkLatent(translated, options.strict);
  return translated as GameConfig<G>;
}

/** boardgame.io 0.2x's `Game({ setup, moves, flow, ... })`: the translated game, ready for turnchart or its clients. */
export function Game<G = any>(config: object): GameConfig<G> {
  return fromLegacyGame<G>(config, { api: '0.2x' });
}
