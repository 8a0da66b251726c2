/**
 * What the server needs from storage. Writes resolve once they are
 * committed, so the server broadcasts and acknowledges an action only after
 * it is durable.
 */
import type { LogEntry } from '../types';
import type { StoredState } from './match-snapshot';
import type { MatchMetadata } from './types';

export interface StoredMatch {
  metadata: MatchMetadata;
  state: StoredState;
  initialState: StoredState;
}

export interface ListMatchesOptions {
  gameName?: string;
  where?: { isGameover?: boolean; updatedBefore?: number; updatedAfter?: number };
}

/** A state write: refused (StaleStateError) unless the stored state is still `expectedStateID`. */
export interface StateWrite {
  state: StoredState;
  stateID: number;
  expectedStateID: number;
  /** Log entries of the action, appended to the match's log. */
  deltalog: LogEntry[];
  /** Written in the same transaction, when the action changed it. */
  metadata?: MatchMetadata;
}

/** A match whose next time limit runs out at `deadline` (ms). */
export interface MatchDeadline {
  matchID: string;
  deadline: number;
}

export interface MatchStore {
  /** Open the store (create the schema, recover after a crash). */
  connect(): Promise<void>;
  fetch(matchID: string): Promise<StoredMatch | undefined>;
  fetchMetadata(matchID: string): Promise<MatchMetadata | undefined>;
  fetchLog(matchID: string): Promise<LogEntry[]>;
  createMatch(matchID: string, match: StoredMatch): Promise<void>;
  setState(matchID: string, write: StateWrite): Promise<void>;
  setMetadata(matchID: string, metadata: MatchMetadata): Promise<void>;
  wipe(matchID: string): Promise<void>;
  listMatches(options?: ListMatchesOptions): Promise<string[]>;
  /**
   * The matches whose next deadline is at `until` or before (each state
   * written keeps its next deadline). A store without it: the server
   * reschedules only the matches it loads.
   */
  deadlines?(until: number): Promise<MatchDeadline[]>;
  close(): Promise<void>;
}

/** A write lost a race: the stored state is no longer the one the action started from. */
export class StaleStateError extends Error {
  constructor(matchID: string, expected: number, found: number | undefined) {
    super(
      `match ${matchID}: the stored state is ${found === undefined ? 'gone' : `at stateID ${found}`}, not ${expected}`,
    );
    this.name = 'StaleStateError';
  }
}

/** The listing filter boardgame.io's stores apply. */
export function matchesListing(metadata: MatchMetadata, options: ListMatchesOptions = {}): boolean {
  if (options.gameName !== undefined && metadata.gameName !== options.gameName) return false;
  const where = options.where ?? {};
  if (where.isGameover === true && metadata.gameover === undefined) return false;
  if (where.isGameover === false && metadata.gameover !== undefined) return false;
  if (where.updatedBefore !== undefined && !(metadata.updatedAt < where.updatedBefore)) return false;
  if (where.updatedAfter !== undefined && !(metadata.updatedAt > where.updatedAfter)) return false;
  return true;
}
