/**
 * boardgame.io's reducer on the turnchart engine: `applyAction` takes
 * boardgame.io's actions (MAKE_MOVE, GAME_EVENT, UNDO, REDO, RESET, SYNC,
 * UPDATE, PATCH) and returns its state shape. Moves and events are worked out by turnchart's pure
 * `evaluateFlow`; the adapter adds what boardgame.io keeps around them:
 * the log, the undo/redo stacks, `_stateID`, and refusals in
 * `transients.error`, checked in boardgame.io's order.
 */
import {
  isPlayerActive,
  evaluateRequest as evaluateFlow,
  getMove,
  FLOW_EVENT_TYPES,
  type Outcome as FlowOutcome,
  type RequestEvent,
  type Ctx,
  type MoveSource,
} from '../../machines';
import {
  GAME_EVENT,
  hasPlayerID,
  MAKE_MOVE,
  PATCH,
  REDO,
  RESET,
  SYNC,
  TIMEOUT,
  UNDO,
  UPDATE,
  gameEvent,
} from './action-creators';
import { ActionErrorType, printInfo, refusal, refusalOf, refused, type Refusal } from './action-errors';
import { withTapeCall } from './active-tape';
import { CallTape } from './call-tape';
import { deltalogOf, type ActionRequest } from './deltalog';
import { contextOf, pluginsAfter } from './game-state';
import { patchedState } from './state-patch';
import { withDeltalog, withOutcome, withoutTransients as stripped } from './state-keys';
import type { BoundGame } from './taped-game';
import type {
  Action,
  EventAction,
  LogEntry,
  MoveAction,
  PatchAction,
  State,
  StateAction,
  TimeoutAction,
  TransientState,
  UndoRedoAction,
} from './types';
import { accepted, applyRedo, applyUndo } from './undo-history';

/** A reducer step: the new state and, when the engine applied a move or event, what the chart actor must replay. */
export interface Applied {
  state: TransientState;
  replay?: { event: RequestEvent; tape: CallTape; outcome: FlowOutcome & { ok: true } };
}

/** The state itself when it carries no transients: moves and events copy it once, at the end. */
const withoutTransients = (state: TransientState): State =>
  Object.prototype.hasOwnProperty.call(state, 'transients') ? stripped(state) : state;

/** The state an action starts from, with an empty `deltalog`: what refusals and no-ops are built on. */
const cleared = (state: State): State => withDeltalog(state, []);

/** A refusal of an action on `state`: its state with an empty `deltalog` and the error, made at once. */
const refuse = (state: State, why: Refusal): Applied => ({ state: refused(state, why, []) });

const FLOW_EVENTS: ReadonlySet<unknown> = new Set(FLOW_EVENT_TYPES);

/** The action's log ends a turn (boardgame.io then starts a fresh undo history). */
function endsTurn(deltalog: LogEntry[]): boolean {
  for (const entry of deltalog)
    if (entry.action.type === GAME_EVENT && entry.action.payload.type === 'endTurn') return true;
  return false;
}

/**
 * Apply one boardgame.io action to a boardgame.io state. `found`: the move
 * of a MAKE_MOVE that a caller with checks of its own (the server's master)
 * looked up for the action's player in this state, so that it is looked up once.
 * `now`: when a move or event happens, in a game with time limits (the
 * caller's clock; without it, when the match last changed). `replayed`: a
 * chart actor follows, and gets the move or event's `replay`.
 */
export function applyAction(
  bound: BoundGame,
  current: TransientState | null,
  action: Action,
  found?: MoveSource | null,
  now?: number,
  replayed = false,
): Applied {
  if (action.type === RESET || action.type === SYNC || action.type === UPDATE)
    return { state: (action as StateAction).state };
  if (current === null) return { state: current as unknown as TransientState };
  switch (action.type) {
    case MAKE_MOVE:
      return applyMove(bound, withoutTransients(current), action as MoveAction, found, now, replayed);
    case GAME_EVENT:
      return applyEvent(bound, withoutTransients(current), action as EventAction, now, replayed);
    case TIMEOUT:
      return applyTimeout(bound, withoutTransients(current), action as TimeoutAction);
    case UNDO:
      return { state: applyUndo(bound, cleared(stripped(current)), action as UndoRedoAction) };
    case REDO:
      return { state: applyRedo(bound, cleared(stripped(current)), action as UndoRedoAction) };
    case PATCH:
      return { state: patchedState(stripped(current), (action as PatchAction).patch) };
    default:
      // STRIP_TRANSIENTS, and actions the reducer does not know.
      return { state: stripped(current) };
  }
}

/** `state` is only read: the action's result is a new object. */
function applyMove(
  bound: BoundGame,
  state: State,
  action: MoveAction,
  found: MoveSource | null | undefined,
  now: number | undefined,
  replayed: boolean,
): Applied {
  const { type: name, args: rawArgs, playerID } = action.payload;
  const { ctx } = state;
  const player = playerID || ctx.currentPlayer;
  const source = found ?? (typeof name === 'string' ? getMove(bound.compiled, ctx, name, player) : null);
  if (!source) return refuse(state, refusal(ActionErrorType.UnavailableMove, `disallowed move: ${name}`));
  if (ctx.gameover !== undefined)
    return refuse(state, refusal(ActionErrorType.GameOver, 'cannot make move after game end'));
  if (hasPlayerID(playerID) && !isPlayerActive(ctx, playerID!)) {
    return refuse(state, refusal(ActionErrorType.InactivePlayer, `disallowed move: ${name}`));
  }
  const args = rawArgs === undefined ? [] : Array.isArray(rawArgs) ? rawArgs : [rawArgs];
  const request = { kind: 'move' as const, name: name!, playerID: player, args, action, move: source.move };
  return run(bound, state, action, request, now, replayed, source);
}

/** `state` is only read: the action's result is a new object. */
function applyEvent(
  bound: BoundGame,
  state: State,
  action: EventAction,
  now: number | undefined,
  replayed: boolean,
): Applied {
  const { type, args: rawArgs, playerID } = action.payload;
  const { ctx } = state;
  if (ctx.gameover !== undefined)
    return refuse(state, refusal(ActionErrorType.GameOver, 'cannot call event after game end'));
  if (hasPlayerID(playerID) && !isPlayerActive(ctx, playerID!)) {
    return refuse(state, refusal(ActionErrorType.InactivePlayer, `disallowed event: ${type}`));
  }
  // boardgame.io ignores events it has no handler for, and counts the action.
  if (!FLOW_EVENTS.has(type)) return { state: accepted(bound, cleared(state), action) };
  const args = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
  const request = { kind: 'event' as const, type: type!, playerID: playerID || ctx.currentPlayer, args };
  return run(bound, state, action, request, now, replayed);
}

/**
 * A time limit ran out: the engine applies the earliest deadline passed by
 * `now`. boardgame.io's clients see an update like any other; the outcome is
 * logged as the flow's own, and the undo history starts again after it.
 */
function applyTimeout(bound: BoundGame, state: State, action: TimeoutAction): Applied {
  const tape = CallTape.record(false);
  const request = {
    type: 'timeout' as const,
    ...(action.payload?.now !== undefined ? { now: action.payload.now } : {}),
  };
  const outcome = withTapeCall(tape, evaluateFlow, bound.compiled, contextOf(state, bound.game), request, undefined);
  if (!outcome.ok) return refuse(state, refusalOf(outcome.rejection, 'timeout', []));
  const { G, ctx, random } = outcome.context;
  tape.finish(G);
  const deltalog = deltalogOf({
    game: bound.compiled,
    request: { kind: 'timeout' },
    stateID: state._stateID,
    start: state,
    steps: outcome.steps,
    tape,
  });
  const next = withOutcome(state, deltalog, G, ctx, pluginsAfter(state.plugins, random));
  return { state: accepted(bound, next, gameEvent('timeout', undefined, state.ctx.currentPlayer), true) };
}

/** boardgame.io's words for an end refused by `minMoves` (it accepts the action and changes nothing). */
function minMovesInfo(bound: BoundGame, ctx: Ctx, code: string, player: string): string {
  if (code === 'MIN_MOVES_TURN') {
    const phase = ctx.phase !== null ? bound.compiled.phases.get(ctx.phase) : undefined;
    return `cannot end turn before making ${(phase ?? bound.compiled.nullPhase).turn.minMoves} moves`;
  }
  return `cannot end stage before making ${(ctx._activePlayersMinMoves ?? {})[player]} moves`;
}

/** `found`: the move applyMove looked up, handed to the engine so that a move is looked up once. */
function run(
  bound: BoundGame,
  state: State,
  action: MoveAction | EventAction,
  request: Extract<ActionRequest, { kind: 'move' | 'event' }>,
  now: number | undefined,
  replayed: boolean,
  found?: MoveSource,
): Applied {
  const event: RequestEvent = {
    // A move's step label is made once per move (its source's), not joined per action.
    type: request.kind === 'move' ? (found?.label ?? `move.${request.name}`) : request.type,
    playerID: request.playerID,
    args: request.args,
  };
  if (now !== undefined) event.now = now;
  const tape = CallTape.record(replayed);
  const outcome = withTapeCall(tape, evaluateFlow, bound.compiled, contextOf(state, bound.game), event, found);
  if (!outcome.ok) {
    const { code } = outcome.rejection;
    if (code === 'MIN_MOVES_TURN' || code === 'MIN_MOVES_STAGE') {
      printInfo(minMovesInfo(bound, state.ctx, code, request.playerID));
      return { state: accepted(bound, cleared(state), action) };
    }
    return refuse(
      state,
      refusalOf(outcome.rejection, request.kind === 'move' ? request.name : request.type, action.payload.args),
    );
  }
  const { G, ctx, random } = outcome.context;
  tape.finish(G);
  const deltalog = deltalogOf({
    game: bound.compiled,
    request,
    stateID: state._stateID,
    start: state,
    steps: outcome.steps,
    tape,
  });
  const turnEnded = endsTurn(deltalog);
  const next = withOutcome(state, deltalog, G, ctx, pluginsAfter(state.plugins, random));
  const after = accepted(bound, next, action, turnEnded);
  return replayed ? { state: after, replay: { event, tape, outcome } } : { state: after };
}
