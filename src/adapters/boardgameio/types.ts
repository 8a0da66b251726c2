/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io 0.50's own types, as its users' code is written against them */
/**
 * The shapes boardgame.io 0.50 code sees: its game config (turnchart's, plus
 * the client-side options), the redux actions its reducer takes, the state it
 * returns, log entries and undo entries.
 */
import type { Ctx, Game, PlayerID, RandomState } from '../../machines';

/**
 * A boardgame.io 0.50 game config, typed as loosely as boardgame.io's own
 * `Game` so that games written against it compile unchanged. turnchart
 * validates it (GameConfigError) and reads it as its `Game`.
 */
export interface BoardgameGame<G = any> {
  name?: string;
  seed?: string | number;
  setup?: (context: any, setupData?: any) => G;
  moves?: Record<string, any>;
  phases?: Record<string, any>;
  turn?: any;
  endIf?: (context: any) => any;
  onEnd?: (context: any) => any;
  events?: Game['events'];
  minPlayers?: number;
  maxPlayers?: number;
  disableUndo?: boolean;
  playerView?: (context: { G: G; ctx: Ctx; playerID: PlayerID | null }) => any;
  /** Custom plugins are not supported (a non-empty list is refused). */
  plugins?: unknown[];
  /** Accepted for compatibility; only boardgame.io's multiplayer master reads it. */
  deltaState?: boolean;
  /** boardgame.io's bot hook: the actions worth trying for a player (ai/bot.ts turns them into actions). */
  ai?: { enumerate: (G: G, ctx: Ctx, playerID: PlayerID) => any[] };
}

export interface ActionPayload {
  type: string | null;
  args: unknown;
  playerID?: PlayerID | null;
  credentials?: string;
  /** What the bot that chose the action learnt (boardgame.io/ai's `Step` adds it). */
  metadata?: unknown;
}

export interface MoveAction {
  type: 'MAKE_MOVE';
  payload: ActionPayload;
}

export interface EventAction {
  type: 'GAME_EVENT';
  payload: ActionPayload;
  automatic?: boolean;
}

export interface UndoRedoAction {
  type: 'UNDO' | 'REDO';
  payload: ActionPayload;
}

export interface StateAction {
  type: 'RESET' | 'SYNC' | 'UPDATE';
  state: State;
  /** UPDATE: the log entries since the last update. */
  deltalog?: LogEntry[];
  /** SYNC: the full log and the match's initial state. */
  log?: LogEntry[];
  initialState?: State;
  clientOnly?: true;
}

/** A `deltaState` game's update: RFC 6902 operations from the state `prevStateID` to `stateID`. */
export interface PatchAction {
  type: 'PATCH';
  prevStateID: number;
  stateID: number;
  patch: unknown;
  deltalog: LogEntry[];
  clientOnly: true;
}

/** turnchart: apply a time limit that ran out (the server's timer, a local client's): never sent by a client. */
export interface TimeoutAction {
  type: 'TIMEOUT';
  payload: { now?: number };
}

export interface OtherAction {
  type: 'PLUGIN' | 'STRIP_TRANSIENTS';
  [key: string]: unknown;
}

export type Action =
  MoveAction | EventAction | UndoRedoAction | StateAction | PatchAction | TimeoutAction | OtherAction;

export interface LogEntry {
  action: MoveAction | EventAction | UndoRedoAction;
  _stateID: number;
  turn: number;
  phase: string | null;
  automatic?: true;
  metadata?: unknown;
  redact?: boolean;
}

export interface PluginState {
  data: unknown;
}

export interface Plugins {
  random: { data: RandomState };
  log: PluginState;
  events: PluginState;
  [name: string]: PluginState;
}

export interface UndoEntry<G = any> {
  G: G;
  ctx: Ctx;
  plugins: Plugins;
  playerID?: PlayerID;
  moveType?: string;
}

export interface ActionError {
  type: string;
  payload?: unknown;
}

/** What InitializeGame and the reducer return (boardgame.io's `State`). */
export interface State<G = any> {
  G: G;
  ctx: Ctx;
  plugins: Plugins;
  _undo: UndoEntry<G>[];
  _redo: UndoEntry<G>[];
  _stateID: number;
  /** The log entries of the last action. */
  deltalog?: LogEntry[];
}

/** A reducer result: the state, plus `transients.error` when the action was refused. */
export type TransientState<G = any> = State<G> & { transients?: { error?: ActionError } };

/** The client's redux-like store: its state, its dispatch, its listeners. */
export interface ClientStore<G = any> {
  /** Null before a multiplayer client's first sync. */
  getState: () => TransientState<G> | null;
  dispatch: (action: Action) => void;
  subscribe: (listener: () => void) => () => void;
}
