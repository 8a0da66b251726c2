/**
 * The shapes boardgame.io 0.50's server, clients and lobby exchange (its
 * `Server` and `LobbyAPI` namespaces), as turnchart's server keeps them.
 */
import type { BoardgameGame, LogEntry, State } from '../types';

export type PlayerID = string;

/** One seat of a match, as boardgame.io's lobby stores it. */
export interface PlayerMetadata {
  id: number;
  name?: string;
  credentials?: string;
  data?: unknown;
  isConnected?: boolean;
}

/** boardgame.io's `Server.MatchData`: everything about a match but its game state. */
export interface MatchMetadata {
  gameName: string;
  players: Record<number, PlayerMetadata>;
  setupData?: unknown;
  gameover?: unknown;
  nextMatchID?: string;
  unlisted?: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A seat as clients see it: without credentials. */
export type PublicPlayerMetadata = Omit<PlayerMetadata, 'credentials'>;
export type FilteredMetadata = PublicPlayerMetadata[];

/** What a client receives when it (re)connects. */
export interface SyncInfo {
  state: State;
  filteredMetadata: FilteredMetadata | undefined;
  initialState: State;
  log: LogEntry[];
}

export interface ChatMessage {
  id: string;
  sender: PlayerID;
  payload: unknown;
}

/** The lobby's view of a match (`LobbyAPI.Match`). */
export type LobbyMatch = Omit<MatchMetadata, 'players'> & { matchID: string; players: PublicPlayerMetadata[] };

/** boardgame.io's hooks for credentials. */
export type GenerateCredentials = (request: unknown) => Promise<string> | string;
export type AuthenticateCredentials = (
  credentials: string,
  playerMetadata: PlayerMetadata,
) => Promise<boolean> | boolean;

/** A game the server plays: a boardgame.io 0.50 game config with a `name`. */
export type ServerGame = BoardgameGame & {
  name: string;
  /** boardgame.io's check of a new match's `setupData`: a message refuses it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's signature: setupData is the game's own
  validateSetupData?: (setupData: any, numPlayers: number) => string | undefined;
};
