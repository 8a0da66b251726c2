/**
 * boardgame.io's reducer-level API on the turnchart engine, for server code:
 * `InitializeGame` and `CreateGameReducer`, taking boardgame.io's actions
 * (MAKE_MOVE, GAME_EVENT, UNDO, REDO, RESET, SYNC, UPDATE) and returning its
 * state shape. Moves and events are worked out by turnchart's pure
 * `evaluateRequest`; the adapter adds what boardgame.io keeps around them:
 * the log, the undo/redo stacks, `_stateID`, and refusals in
 * `transients.error`, checked in boardgame.io's order.
 */
import { isPlayerActive } from '../../machines/active-players';
import { RejectedAction } from '../../machines/errors';
import { initialState, runStart } from '../../machines/flow-run';
import { evaluateRequest, GameStartError, type RequestEvent } from '../../machines/game-machine';
import { makeSeed } from '../../machines/random';
import { getMove } from '../../machines/moves';
import type { Ctx, LongFormMove, Move } from '../../machines/types';
import { FLOW_EVENT_TYPES } from '../../machines/types';
import { GAME_EVENT, MAKE_MOVE, PATCH, REDO, RESET, STRIP_TRANSIENTS, SYNC, UNDO, UPDATE } from './action-creators';
import { ActionErrorType, printError, printInfo, refusal, refusalOf, UpdateErrorType, type Refusal } from './action-errors';
import { CallTape, withTape } from './call-tape';
import { deltalogOf, type ActionRequest } from './deltalog';
import { contextOf, initialStateOf, pluginsOf, undoEntryOf } from './game-state';
import { bindGame, type BoundGame } from './taped-game';
import type { Action, BoardgameGame, EventAction, MoveAction, State, StateAction, TransientState, UndoEntry, UndoRedoAction } from './types';

/** A reducer step: the new state and, when the engine applied a move or event, what the chart actor must replay. */
export interface Applied {
  state: TransientState;
  replay?: { event: RequestEvent; tape: CallTape };
}

export interface InitializeGameOptions {
  game: BoardgameGame;
  numPlayers?: number;
  setupData?: unknown;
}

/** A new match: the game's setup and the first turn's start, with the game code they ran on a tape. */
export interface MatchStart {
  state: State;
  seed: string | number;
  tape: CallTape;
}

export function startMatch(bound: BoundGame, numPlayers: number, setupData?: unknown): MatchStart {
  const seed = bound.game.seed ?? makeSeed();
  const tape = CallTape.record();
  const { init, run } = withTape(tape, () => {
    try {
      const init = initialState(bound.compiled, numPlayers, { seed }, setupData);
      return { init, run: runStart(bound.compiled, init.state, init.random) };
    } catch (error) {
      if (error instanceof RejectedAction) throw new GameStartError(error.rejection);
      throw error;
    }
  });
  const { G, ctx } = run.state;
  tape.finish(G);
  const state = initialStateOf({ G, ctx, random: run.random, stateID: 0 }, bound.game);
  // Events that the start's hooks call are logged, as boardgame.io does.
  const deltalog = deltalogOf({ game: bound.compiled, request: { kind: 'start' }, stateID: 0, start: init.state, steps: run.steps, tape });
  return { state: deltalog.length > 0 ? { ...state, deltalog } : state, seed, tape };
}

/** The state of a new match, as boardgame.io's InitializeGame returns it. */
export function InitializeGame({ game, numPlayers, setupData }: InitializeGameOptions): State {
  return startMatch(bindGame(game), numPlayers || 2, setupData).state;
}

export interface CreateGameReducerOptions {
  game: BoardgameGame;
  /** boardgame.io's multiplayer-client reducer; not supported. */
  isClient?: boolean;
}

export type GameReducer = (state: TransientState | null | undefined, action: Action) => TransientState | null;

/** boardgame.io's game reducer, on turnchart. */
export function CreateGameReducer({ game, isClient }: CreateGameReducerOptions): GameReducer {
  if (isClient) {
    throw new Error('turnchart/boardgameio: isClient reducers (boardgame.io multiplayer clients) are not supported; only the local client and server reducers are');
  }
  const bound = bindGame(game);
  return (state, action) => applyAction(bound, state ?? null, action).state;
}

const stripped = (state: TransientState): State => {
  const { transients: _transients, ...rest } = state;
  return rest;
};

function refuse(state: State, why: Refusal): Applied {
  printError(why.message);
  return { state: { ...state, transients: { error: why.error } } };
}

const hasPlayer = (playerID: unknown) => playerID !== null && playerID !== undefined;

/** Apply one boardgame.io action to a boardgame.io state. */
export function applyAction(bound: BoundGame, current: TransientState | null, action: Action): Applied {
  if (action.type === RESET || action.type === SYNC || action.type === UPDATE) return { state: (action as StateAction).state };
  if (current === null) return { state: current as unknown as TransientState };
  const state = stripped(current);
  switch (action.type) {
    case STRIP_TRANSIENTS:
      return { state };
    case MAKE_MOVE:
      return applyMove(bound, { ...state, deltalog: [] }, action as MoveAction);
    case GAME_EVENT:
      return applyEvent(bound, { ...state, deltalog: [] }, action as EventAction);
    case UNDO:
      return applyUndo(bound, { ...state, deltalog: [] }, action as UndoRedoAction);
    case REDO:
      return applyRedo(bound, { ...state, deltalog: [] }, action as UndoRedoAction);
    case PATCH:
      return refuse(state, refusal(UpdateErrorType.PatchFailed, 'PATCH actions (multiplayer delta state) are not supported by turnchart/boardgameio'));
    default:
      return { state };
  }
}

function applyMove(bound: BoundGame, state: State, action: MoveAction): Applied {
  const { type: name, args: rawArgs, playerID } = action.payload;
  const { ctx } = state;
  const player = playerID || ctx.currentPlayer;
  if (typeof name !== 'string' || !getMove(bound.compiled, ctx, name, player)) {
    return refuse(state, refusal(ActionErrorType.UnavailableMove, `disallowed move: ${name}`));
  }
  if (ctx.gameover !== undefined) return refuse(state, refusal(ActionErrorType.GameOver, 'cannot make move after game end'));
  if (hasPlayer(playerID) && !isPlayerActive(ctx, playerID!)) {
    return refuse(state, refusal(ActionErrorType.InactivePlayer, `disallowed move: ${name}`));
  }
  const args = rawArgs === undefined ? [] : Array.isArray(rawArgs) ? rawArgs : [rawArgs];
  return run(bound, state, action, { kind: 'move', name, playerID: player, args, action }, `move.${name}`);
}

function applyEvent(bound: BoundGame, state: State, action: EventAction): Applied {
  const { type, args: rawArgs, playerID } = action.payload;
  const { ctx } = state;
  if (ctx.gameover !== undefined) return refuse(state, refusal(ActionErrorType.GameOver, 'cannot call event after game end'));
  if (hasPlayer(playerID) && !isPlayerActive(ctx, playerID!)) {
    return refuse(state, refusal(ActionErrorType.InactivePlayer, `disallowed event: ${type}`));
  }
  // boardgame.io ignores events it has no handler for, and counts the action.
  if (!(FLOW_EVENT_TYPES as readonly unknown[]).includes(type)) return { state: counted(bound, state, action) };
  const args = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
  return run(bound, state, action, { kind: 'event', type: type!, playerID: playerID || ctx.currentPlayer, args }, type!);
}

/** The state after an accepted action: a new `_stateID` and an undo entry. */
function counted(bound: BoundGame, state: State, action: MoveAction | EventAction): State {
  const next = { ...state, _stateID: state._stateID + 1 };
  if (bound.game.disableUndo) return next;
  const entry = undoEntryOf(next, action.payload.playerID || next.ctx.currentPlayer, action.type === MAKE_MOVE ? action.payload.type! : undefined);
  return { ...next, _undo: [...next._undo, entry], _redo: [] };
}

/** boardgame.io's words for an end refused by `minMoves` (it accepts the action and changes nothing). */
function minMovesInfo(bound: BoundGame, ctx: Ctx, code: string, player: string): string {
  if (code === 'MIN_MOVES_TURN') {
    const phase = ctx.phase !== null ? bound.compiled.phases.get(ctx.phase) : undefined;
    return `cannot end turn before making ${(phase ?? bound.compiled.nullPhase).turn.minMoves} moves`;
  }
  return `cannot end stage before making ${(ctx._activePlayersMinMoves ?? {})[player]} moves`;
}

function run(bound: BoundGame, state: State, action: MoveAction | EventAction, request: Exclude<ActionRequest, { kind: 'start' }>, label: string): Applied {
  const event: RequestEvent = {
    type: request.kind === 'move' ? `move.${request.name}` : request.type,
    playerID: request.playerID,
    args: request.args,
  };
  const tape = CallTape.record();
  const outcome = withTape(tape, () => evaluateRequest(bound.compiled, contextOf(state, bound.game), event));
  if (!outcome.ok) {
    const { code } = outcome.rejection;
    if (code === 'MIN_MOVES_TURN' || code === 'MIN_MOVES_STAGE') {
      printInfo(minMovesInfo(bound, state.ctx, code, request.playerID));
      return { state: counted(bound, state, action) };
    }
    return refuse(state, refusalOf(outcome.rejection, request.kind === 'move' ? request.name : label, action.payload.args));
  }
  const { G, ctx, random } = outcome.context;
  tape.finish(G);
  const deltalog = deltalogOf({ game: bound.compiled, request, stateID: state._stateID, start: state, steps: outcome.steps, tape });
  // Ending or starting a turn clears the undo history.
  const turnEnded = deltalog.some((entry) => entry.action.type === GAME_EVENT && entry.action.payload.type === 'endTurn');
  const next: State = {
    ...state,
    G,
    ctx,
    plugins: pluginsOf(random),
    deltalog,
    ...(turnEnded ? { _undo: [], _redo: [] } : {}),
  };
  return { state: counted(bound, next, action), replay: { event, tape } };
}

function canUndo(move: Move | undefined, state: State): boolean {
  if (!move) return false;
  const undoable = (move as LongFormMove).undoable;
  if (undoable === undefined) return true;
  return typeof undoable === 'function' ? Boolean(undoable({ G: state.G, ctx: state.ctx })) : undoable;
}

/** Move through the undo history to `to`'s G, ctx and random state, logging the action. */
function travel(state: State, action: UndoRedoAction, to: UndoEntry, stacks: Pick<State, '_undo' | '_redo'>): Applied {
  const entry = { action, _stateID: state._stateID, turn: state.ctx.turn, phase: state.ctx.phase };
  return {
    state: { ...state, G: to.G, ctx: to.ctx, plugins: to.plugins, deltalog: [entry], _stateID: state._stateID + 1, ...stacks },
  };
}

function applyUndo(bound: BoundGame, state: State, action: UndoRedoAction): Applied {
  if (bound.game.disableUndo) return refuse(state, refusal(ActionErrorType.ActionDisabled, 'Undo is not enabled'));
  const { _undo, _redo } = state;
  if (_undo.length < 2) return refuse(state, refusal(ActionErrorType.ActionInvalid, 'No moves to undo'));
  const last = _undo[_undo.length - 1];
  const restore = _undo[_undo.length - 2];
  const { playerID } = action.payload;
  if (hasPlayer(playerID) && playerID !== last.playerID) {
    return refuse(state, refusal(ActionErrorType.ActionInvalid, "Cannot undo other players' moves"));
  }
  if (last.moveType && !canUndo(getMove(bound.compiled, restore.ctx, last.moveType, last.playerID!)?.move, state)) {
    return refuse(state, refusal(ActionErrorType.ActionInvalid, 'Move cannot be undone'));
  }
  return travel(state, action, restore, { _undo: _undo.slice(0, -1), _redo: [last, ..._redo] });
}

function applyRedo(bound: BoundGame, state: State, action: UndoRedoAction): Applied {
  if (bound.game.disableUndo) return refuse(state, refusal(ActionErrorType.ActionDisabled, 'Redo is not enabled'));
  const { _undo, _redo } = state;
  if (_redo.length === 0) return refuse(state, refusal(ActionErrorType.ActionInvalid, 'No moves to redo'));
  const first = _redo[0];
  const { playerID } = action.payload;
  if (hasPlayer(playerID) && playerID !== first.playerID) {
    return refuse(state, refusal(ActionErrorType.ActionInvalid, "Cannot redo other players' moves"));
  }
  return travel(state, action, first, { _undo: [..._undo, first], _redo: _redo.slice(1) });
}
