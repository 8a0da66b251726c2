/**
 * boardgame.io's multiplayer-client reducer (`isClient`): what a client does
 * with its own actions before the server answers. A move runs at once on the
 * client's copy of G, and only the move: hooks, `endIf`s and turn ends are
 * the server's (they may read what the player view hides). A move marked
 * `client: false`, or one that rolls dice or calls events, changes nothing
 * here and waits for the server, as boardgame.io's random and events plugins
 * mark it `noClient`. Events always wait. The server's update then replaces
 * the client's state, whatever it guessed.
 */
import {
  isPlayerActive,
  RejectedAction,
  EventQueue,
  getMove,
  moveFunction,
  RandomSource,
  INVALID_MOVE_VALUE,
  createEnv,
  runOnDraft,
} from '../../machines';
import { GAME_EVENT, hasPlayerID, MAKE_MOVE } from './action-creators';
import { ActionErrorType, refusal, refusalOf, refused } from './action-errors';
import { applyAction, type Applied } from './reducer';
import { withDeltalog } from './state-keys';
import type { BoundGame } from './taped-game';
import type { Action, MoveAction, State, TransientState } from './types';

/** Apply one action on a multiplayer client. */
export function applyClientAction(bound: BoundGame, current: TransientState | null, action: Action): Applied {
  if (current === null || (action.type !== MAKE_MOVE && action.type !== GAME_EVENT))
    return applyAction(bound, current, action);
  const { transients: _transients, ...state } = current;
  const cleared = withDeltalog(state, []);
  return { state: action.type === MAKE_MOVE ? clientMove(bound, cleared, action as MoveAction) : cleared };
}

/** `state` has an empty deltalog; the result is it unchanged, refused, or with the move's G. */
function clientMove(bound: BoundGame, state: State, action: MoveAction): TransientState {
  const { type: name, args: rawArgs, playerID } = action.payload;
  const { ctx } = state;
  const source = typeof name === 'string' ? getMove(bound.compiled, ctx, name, playerID || ctx.currentPlayer) : null;
  if (!source) return refused(state, refusal(ActionErrorType.UnavailableMove, `disallowed move: ${name}`));
  if (typeof source.move === 'object' && source.move.client === false) return state;
  if (ctx.gameover !== undefined)
    return refused(state, refusal(ActionErrorType.GameOver, 'cannot make move after game end'));
  if (hasPlayerID(playerID) && !isPlayerActive(ctx, playerID))
    return refused(state, refusal(ActionErrorType.InactivePlayer, `disallowed move: ${name}`));
  const args = rawArgs === undefined ? [] : Array.isArray(rawArgs) ? rawArgs : [rawArgs];
  const queue = new EventQueue(ctx);
  // The server hides the random state from clients: a roll is only noticed, never trusted.
  const random = new RandomSource(state.plugins.random?.data ?? { seed: '' });
  const unrolled = random.state;
  let G: unknown;
  try {
    G = runOnDraft(
      createEnv(queue, random),
      moveFunction(source.move),
      state.G,
      ctx,
      playerID ?? undefined,
      'MOVE',
      source.where,
      args,
    );
  } catch (error) {
    if (error instanceof RejectedAction) return refused(state, refusalOf(error.rejection, name!, rawArgs));
    throw error;
  }
  if (G === INVALID_MOVE_VALUE)
    return refused(state, refusal(ActionErrorType.InvalidMove, `invalid move: ${name} args: ${rawArgs}`));
  if (random.state !== unrolled || queue.dispatch.length > 0) return state;
  return { ...state, G, _stateID: state._stateID + 1 };
}
