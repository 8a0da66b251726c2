/**
 * boardgame.io's redux actions, built the way its client builds them, so that
 * log entries and server code see the same objects.
 */
import type { PlayerID } from '../../machines';
import type {
  EventAction,
  LogEntry,
  MoveAction,
  PatchAction,
  State,
  StateAction,
  TimeoutAction,
  UndoRedoAction,
} from './types';

export const MAKE_MOVE = 'MAKE_MOVE';
export const GAME_EVENT = 'GAME_EVENT';
export const UNDO = 'UNDO';
export const REDO = 'REDO';
export const RESET = 'RESET';
export const SYNC = 'SYNC';
export const UPDATE = 'UPDATE';
export const PATCH = 'PATCH';
export const PLUGIN = 'PLUGIN';
export const STRIP_TRANSIENTS = 'STRIP_TRANSIENTS';
export const TIMEOUT = 'TIMEOUT';

type Player = PlayerID | null | undefined;

/** boardgame.io checks who acts only when an action names a player. */
export const hasPlayerID = (playerID: Player): playerID is PlayerID => playerID !== null && playerID !== undefined;

export const makeMove = (type: string, args: unknown, playerID?: Player, credentials?: string): MoveAction => ({
  type: MAKE_MOVE,
  payload: { type, args, playerID, credentials },
});

export const gameEvent = (type: string, args?: unknown, playerID?: Player, credentials?: string): EventAction => ({
  type: GAME_EVENT,
  payload: { type, args, playerID, credentials },
});

/** A time limit ran out by `now` (ms): apply the earliest deadline that has passed. */
export const timeout = (now?: number): TimeoutAction => ({ type: TIMEOUT, payload: { now } });

export const undo = (playerID?: Player, credentials?: string): UndoRedoAction => ({
  type: UNDO,
  payload: { type: null, args: null, playerID, credentials },
});

export const redo = (playerID?: Player, credentials?: string): UndoRedoAction => ({
  type: REDO,
  payload: { type: null, args: null, playerID, credentials },
});

export const reset = (state: State): StateAction => ({ type: RESET, state, clientOnly: true });

export const update = (state: State, deltalog: LogEntry[]): StateAction => ({
  type: UPDATE,
  state,
  deltalog,
  clientOnly: true,
});

export const sync = (info: { state: State; log?: LogEntry[]; initialState?: State }): StateAction => ({
  type: SYNC,
  state: info.state,
  log: info.log,
  initialState: info.initialState,
  clientOnly: true,
});

export const patch = (
  prevStateID: number,
  stateID: number,
  operations: unknown,
  deltalog: LogEntry[],
): PatchAction => ({
  type: PATCH,
  prevStateID,
  stateID,
  patch: operations,
  deltalog,
  clientOnly: true,
});

export const stripTransients = () => ({ type: STRIP_TRANSIENTS }) as const;

/** The same set boardgame.io exports as `ActionCreators`. */
export const ActionCreators = { makeMove, gameEvent, undo, redo, reset, update, sync, patch, stripTransients };
