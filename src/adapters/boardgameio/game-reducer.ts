/**
 * boardgame.io's reducer-level API on the turnchart engine: `InitializeGame`
 * and `CreateGameReducer`, for server code (reducer.ts) and, with
 * `isClient`, for a multiplayer client's own copy (client-reducer.ts).
 */
import { shapeAnchor } from '../../machines';
import { applyClientAction } from './client-reducer';
import { startMatch } from './match-start';
import { applyAction } from './reducer';
import { bindGame } from './taped-game';
import type { Action, BoardgameGame, State, TransientState } from './types';

export interface InitializeGameOptions {
  game: BoardgameGame;
  numPlayers?: number;
  setupData?: unknown;
  /** A GameConfigError for a config mistake that matters only if play reaches it, instead of a warning (see ClientOptions). */
  strict?: boolean;
}

/** The state of a new match, as boardgame.io's InitializeGame returns it. */
export function InitializeGame({ game, numPlayers, setupData, strict }: InitializeGameOptions): State {
  return startMatch(bindGame(game, strict), numPlayers || 2, setupData).state;
}

export interface CreateGameReducerOptions {
  game: BoardgameGame;
  /** boardgame.io's multiplayer-client reducer: moves run alone on the client's copy, events wait for the server. */
  isClient?: boolean;
  /** As for InitializeGame. */
  strict?: boolean;
}

export type GameReducer = (state: TransientState | null | undefined, action: Action) => TransientState | null;

/** The last state a reducer returned: it keeps the shapes of its G and ctx alive (machines/engine/shape-anchor.ts). */
const anchor = shapeAnchor();

/** boardgame.io's game reducer, on turnchart. */
export function CreateGameReducer({ game, isClient, strict }: CreateGameReducerOptions): GameReducer {
  const bound = bindGame(game, strict);
  const apply = isClient ? applyClientAction : applyAction;
  return (state, action) => (anchor.last = apply(bound, state ?? null, action).state);
}
