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
  // Made by fromEntries, not assigned by name: V8 kept every function stored under a computed key, and the client
  // it reaches, alive through young-generation collections until the next full one (docs/performance.md).
  const moves: Dispatchers['moves'] = Object.fromEntries(
    moveNames.map((name) => [
      name,
      (...args: unknown[]) => dispatch(actions.makeMove(name, args, player(), credentials)),
    ]),
  );
  const disabled = game.events ?? {};
  const events: Dispatchers['events'] = Object.fromEntries(
    CLIENT_EVENT_ORDER.filter((type) => disabled[type] !== false).map((type) => [
      type,
      (...args: unknown[]) => dispatch(actions.gameEvent(type, args, player(), credentials)),
    ]),
  );
  return { moves, events };
}
