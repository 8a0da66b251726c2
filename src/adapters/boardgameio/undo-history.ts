/**
 * boardgame.io's undo history: every accepted action pushes the state it
 * reached (with who acted and the move's name); a turn's end clears it; undo
 * and redo move along it with boardgame.io's rules (only one's own moves,
 * long-form `undoable`, `disableUndo`), restoring G, ctx and the random state.
 */
import { getMove, withCtx, type LongFormMove, type Move } from '../../machines';
import { hasPlayerID, MAKE_MOVE } from './action-creators';
import { ActionErrorType, refusal, refused } from './action-errors';
import { appended } from './array-append';
import { undoEntryOf } from './game-state';
import type { BoundGame } from './taped-game';
import type { EventAction, MoveAction, State, TransientState, UndoEntry, UndoRedoAction } from './types';

/**
 * The state after an accepted action: a new `_stateID` and its undo entry,
 * after a fresh history if the action ended a turn. `next` is the object the
 * reducer has just made for this action, so it is completed in place rather
 * than copied again (keys it lacks are added in the order copies would add them).
 */
export function accepted(bound: BoundGame, next: State, action: MoveAction | EventAction, turnEnded = false): State {
  next._stateID = next._stateID + 1;
  // An empty redo stack is kept rather than made again: it holds nothing to change.
  if (next._redo.length > 0) next._redo = [];
  if (bound.game.disableUndo) {
    if (turnEnded) next._undo = [];
    return next;
  }
  const entry = undoEntryOf(
    next,
    action.payload.playerID || next.ctx.currentPlayer,
    action.type === MAKE_MOVE ? action.payload.type! : undefined,
  );
  // The history is as long as the turn: mostly a few entries, copied into an array of exactly their number.
  next._undo = turnEnded ? [entry] : appended(next._undo, entry);
  return next;
}

function canUndo(move: Move | undefined, state: State): boolean {
  if (!move) return false;
  const undoable = (move as LongFormMove).undoable;
  if (undoable === undefined) return true;
  return typeof undoable === 'function' ? Boolean(undoable({ G: state.G, ctx: state.ctx })) : undoable;
}

/** Move through the undo history to `to`'s G, ctx and random state, logging the action. */
function travel(
  state: State,
  action: UndoRedoAction,
  to: UndoEntry,
  stacks: Pick<State, '_undo' | '_redo'>,
): TransientState {
  const entry = { action, _stateID: state._stateID, turn: state.ctx.turn, phase: state.ctx.phase };
  // Undo takes back moves, not time: a game with time limits keeps its deadlines and clocks.
  const ctx = state.ctx.time === undefined ? to.ctx : withCtx(to.ctx, { time: state.ctx.time });
  return {
    ...state,
    G: to.G,
    ctx,
    plugins: to.plugins,
    deltalog: [entry],
    _stateID: state._stateID + 1,
    ...stacks,
  };
}

export function applyUndo(bound: BoundGame, state: State, action: UndoRedoAction): TransientState {
  if (bound.game.disableUndo) return refused(state, refusal(ActionErrorType.ActionDisabled, 'Undo is not enabled'));
  const { _undo, _redo } = state;
  if (_undo.length < 2) return refused(state, refusal(ActionErrorType.ActionInvalid, 'No moves to undo'));
  const last = _undo[_undo.length - 1];
  const restore = _undo[_undo.length - 2];
  const { playerID } = action.payload;
  if (hasPlayerID(playerID) && playerID !== last.playerID) {
    return refused(state, refusal(ActionErrorType.ActionInvalid, "Cannot undo other players' moves"));
  }
  if (last.moveType && !canUndo(getMove(bound.compiled, restore.ctx, last.moveType, last.playerID!)?.move, state)) {
    return refused(state, refusal(ActionErrorType.ActionInvalid, 'Move cannot be undone'));
  }
  return travel(state, action, restore, { _undo: _undo.slice(0, -1), _redo: [last, ..._redo] });
}

export function applyRedo(bound: BoundGame, state: State, action: UndoRedoAction): TransientState {
  if (bound.game.disableUndo) return refused(state, refusal(ActionErrorType.ActionDisabled, 'Redo is not enabled'));
  const { _undo, _redo } = state;
  if (_redo.length === 0) return refused(state, refusal(ActionErrorType.ActionInvalid, 'No moves to redo'));
  const first = _redo[0];
  const { playerID } = action.payload;
  if (hasPlayerID(playerID) && playerID !== first.playerID) {
    return refused(state, refusal(ActionErrorType.ActionInvalid, "Cannot redo other players' moves"));
  }
  return travel(state, action, first, { _undo: appended(_undo, first), _redo: _redo.slice(1) });
}
