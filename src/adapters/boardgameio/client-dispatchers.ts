/**
 * A client's `moves` and `events`: one function per move of the game and per
 * event it does not disable, in boardgame.io's order, each dispatching the
 * action for the client's player and credentials at the time of the call.
 */
import type { FlowEventType, PlayerID } from '../../machines';
import * as actions from './action-creators';
import type { Action, BoardgameGame } from './types';

/** The events boardgame.io's client offers: all but those the game disables, in its order. */
const CLIENT_EVENT_ORDER: FlowEventType[] = [
  'endTurn',
  'pass',
  'endPhase',
  'setPhase',
  'endGame',
  'setActivePlayers',
  'endStage',
  'setStage',
];

export interface Dispatchers {
  moves: Record<string, (...args: unknown[]) => void>;
  events: Partial<Record<FlowEventType, (...args: unknown[]) => void>>;
}

export function clientDispatchers(
  game: BoardgameGame,
  moveNames: readonly string[],
  dispatch: (action: Action) => void,
  player: () => PlayerID | null | undefined,
  credentials: string | undefined,
): Dispatchers {
  const moves: Dispatchers['moves'] = {};
  for (const name of moveNames)
    moves[name] = (...args) => dispatch(actions.makeMove(name, args, player(), credentials));
  const events: Dispatchers['events'] = {};
  const disabled = game.events ?? {};
  for (const type of CLIENT_EVENT_ORDER) {
    if (disabled[type] === false) continue;
    events[type] = (...args) => dispatch(actions.gameEvent(type, args, player(), credentials));
  }
  return { moves, events };
}
