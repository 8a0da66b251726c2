/**
 * The options of boardgame.io's `Client`, as turnchart's client takes them
 * (client.ts), with what turnchart adds or does not support.
 */
import type { PlayerID } from '../../machines';
import type { Inspect } from './chart-actor';
import type { MatchClock } from './master/match-deadlines';
import type { TransportFactory } from './transport';
import type { BoardgameGame } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export interface ClientOptions<G = any> {
  game: BoardgameGame<G>;
  numPlayers?: number;
  playerID?: PlayerID | null;
  matchID?: string;
  credentials?: string;
  /** Accepted for compatibility: turnchart has no debug panel (use `inspect`). */
  debug?: unknown;
  /** A transport to a match master: `SocketIO({ server })` or `Local()`. */
  multiplayer?: TransportFactory;
  /** Not supported: there is no redux store to enhance. */
  enhancer?: unknown;
  /** An xstate inspector (e.g. from @statelyai/inspect) for the match's chart actor. */
  inspect?: Inspect;
  /**
   * Refuse a game whose config has a mistake that matters only if play
   * reaches it (a phase's `next` naming no phase) with a GameConfigError.
   * By default such a game runs, as on boardgame.io, after one console.warn.
   */
  strict?: boolean;
  /** turnchart: the clock of a game with time limits (client-time.ts; default: the system's). */
  clock?: MatchClock;
}
