/**
 * turnchart/boardgameio: run a boardgame.io 0.50 game on turnchart by
 * changing one import. `Client` is boardgame.io's client, local or with
 * `multiplayer: SocketIO({ server })` / `Local()` (boardgame.io/multiplayer's
 * transports); `InitializeGame` and `CreateGameReducer` are its
 * reducer-level API for server code; `RandomBot`, `MCTSBot`, `Step` and
 * `Simulate` are boardgame.io/ai's; the presets and `INVALID_MOVE` are
 * turnchart's.
 */
export { Client, TurnchartClient } from './client';
export type { ActionListener, ClientOptions } from './client';
export { SocketIO } from './multiplayer/socketio';
export type { SocketIOOptions } from './multiplayer/socketio';
export { Local } from './multiplayer/local';
export type { LocalOptions } from './multiplayer/local';
export { Transport } from './transport';
export type { ChatMessage, SeatData, SyncInfo, TransportData, TransportFactory, TransportOpts } from './transport';
export type { ClientState } from './client-view';
export { InitializeGame, CreateGameReducer } from './game-reducer';
export type { CreateGameReducerOptions, GameReducer, InitializeGameOptions } from './game-reducer';
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
export { Bot } from './ai/bot';
export type { BotAction, BotClass, BotOption, BotOptions, BotPlay, Enumerate, EnumeratedAction } from './ai/bot';
export { BotError } from './ai/bot-error';
export { RandomBot } from './ai/random-bot';
export { MCTSBot } from './ai/mcts-bot';
export type { MCTSBotOptions, MCTSNode, Objective, Objectives } from './ai/mcts-bot';
export { Step } from './ai/step';
export { Simulate } from './ai/simulate';
export type { SimulateOptions } from './ai/simulate';
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
export { TurnOrder, ActivePlayers, Stage, INVALID_MOVE, GameConfigError } from '../../machines';
export { GameStartError, nextDeadline, timeLeft } from '../../machines';
export type { Deadline, SeatTime, TimeState, TimedOut } from '../../machines';
export type { MatchClock } from './master/match-deadlines';
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
} from '../../machines';
