/**
 * `fromLegacyGame`: a game written against boardgame.io 0.2x, 0.3x or 0.4x as
 * a current (0.50-shaped) turnchart game. Translations are cached per config
 * object and API, so machines built from the result are built once, and a
 * translated game passes through unchanged.
 */
import type { Game as GameConfig } from '../../machines/types';
import { LEGACY_APIS, type LegacyApi } from './calling-convention';
import { detectLegacyApi } from './detect';
import { LegacyGameError } from './errors';
import { translate02x } from './from-02x';
import { translate04x } from './from-04x';

export interface FromLegacyOptions {
  /** The API the game was written against; detected from its keys when left out. */
  api?: LegacyApi;
}

const cache = new WeakMap<object, Map<LegacyApi, GameConfig>>();
const apiOfTranslated = new WeakMap<object, LegacyApi>();

/** The API a game returned by fromLegacyGame was translated from (undefined for any other object). */
export function legacyApiOf(game: unknown): LegacyApi | undefined {
  return game !== null && typeof game === 'object' ? apiOfTranslated.get(game) : undefined;
}

/** Translate a legacy game config. Throws LegacyGameError naming the key at fault. */
export function fromLegacyGame<G = any>(game: object, options: FromLegacyOptions = {}): GameConfig<G> {
  if (legacyApiOf(game)) return game as GameConfig<G>;
  if (game === null || typeof game !== 'object') throw new LegacyGameError('game', 'must be an object');
  const { api = detectLegacyApi(game) } = options;
  if (!LEGACY_APIS.includes(api)) throw new LegacyGameError('api', `must be one of ${LEGACY_APIS.join(', ')}, got ${JSON.stringify(api)}`);
  let byApi = cache.get(game);
  if (!byApi) cache.set(game, (byApi = new Map()));
  let translated = byApi.get(api);
  if (!translated) {
    translated = api === '0.2x' ? translate02x(game) : translate04x(game, api);
    apiOfTranslated.set(translated, api);
    byApi.set(api, translated);
  }
  return translated as GameConfig<G>;
}

/** boardgame.io 0.2x's `Game({ setup, moves, flow, ... })`: the translated game, ready for turnchart or its clients. */
export function Game<G = any>(config: object): GameConfig<G> {
  return fromLegacyGame<G>(config, { api: '0.2x' });
}
