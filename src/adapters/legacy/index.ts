/**
 * turnchart/legacy: run games written against boardgame.io's older APIs by
 * changing their imports. `fromLegacyGame` translates a 0.2x (`flow`), 0.3x
 * or 0.4x (`(G, ctx)`) config into a current turnchart game; `Game` is 0.2x's
 * wrapper; `Client`, `InitializeGame` and `CreateGameReducer` are
 * turnchart/boardgameio's, reading a legacy game and its events; `TurnOrder`,
 * `ActivePlayers`, `Stage`, `PlayerView`, `Pass` and `INVALID_MOVE` are the
 * presets legacy games import from 'boardgame.io/core'.
 */
export { fromLegacyGame, Game, legacyApiOf } from './translate';
export type { FromLegacyOptions } from './translate';
export { detectLegacyApi } from './detect';
export type { LegacyApi } from './calling-convention';
export { LegacyGameError } from './errors';
export { LEGACY_STATE_KEY } from './phase-history';
export type { PhaseHistory } from './phase-history';
export { Client, InitializeGame, CreateGameReducer, translateAction } from './client';
export type {
  LegacyClient,
  LegacyClientOptions,
  LegacyCreateGameReducerOptions,
  LegacyInitializeGameOptions,
} from './client';
export { translateEvent } from './events';
export { enumerateActions } from './bots';
export type { EnumeratedAction, EnumerateOptions, EnumerableState } from './bots';
export { TurnOrder, Pass } from './turn-order';
export type { LegacyTurnOrder } from './turn-order';
export { ActivePlayers } from './active-players';
export { PlayerView } from './player-view';
export { Stage } from '../../machines';
export { INVALID_MOVE, GameConfigError } from '../../machines';
