/**
 * turnchart/boardgameio: run a boardgame.io 0.50 game on turnchart by
 * changing one import. `Client` is boardgame.io's local client;
 * `InitializeGame` and `CreateGameReducer` are its reducer-level API for
 * server code; the presets and `INVALID_MOVE` are turnchart's.
 */
export { Client, TurnchartClient } from './client';
export type { ActionListener, ClientOptions } from './client';
export type { ClientState } from './client-view';
export { InitializeGame, CreateGameReducer } from './reducer';
export type { CreateGameReducerOptions, GameReducer, InitializeGameOptions } from './reducer';
export {
  ActionCreators,
  MAKE_MOVE,
  GAME_EVENT,
  UNDO,
  REDO,
  RESET,
  SYNC,
  UPDATE,
  PATCH,
  PLUGIN,
  STRIP_TRANSIENTS,
} from './action-creators';
export { ActionErrorType, UpdateErrorType } from './action-errors';
export type {
  Action,
  ActionError,
  BoardgameGame,
  EventAction,
  LogEntry,
  MoveAction,
  Plugins,
  State,
  StateAction,
  TransientState,
  UndoEntry,
  UndoRedoAction,
} from './types';
export { TurnOrder, ActivePlayers, Stage, INVALID_MOVE, GameConfigError } from '../../index';
export { GameStartError } from '../../machines/game-machine';
// The types a boardgame.io 0.50 game file imports from 'boardgame.io', under the same names.
export type {
  ActivePlayersArg,
  Ctx,
  FnContext,
  Game,
  LongFormMove,
  Move,
  MoveFn,
  MoveMap,
  PhaseConfig,
  PlayerID,
  StageArg,
  StageConfig,
  TurnConfig,
  TurnOrderConfig,
} from '../../index';
