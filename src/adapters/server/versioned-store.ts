/**
 * A store several server instances share (Postgres). Each match row has a
 * version that every write bumps, and every write names the version it
 * was computed from: a write from an instance whose view of the match is
 * out of date is refused (StaleStateError) instead of overwriting what
 * another instance committed. Instances compare versions to tell whether
 * their copy of a match is current without reading the whole row.
 */
import type { LogEntry } from '../boardgameio/types';
import { StaleStateError, type MatchStore, type StateWrite, type StoredMatch } from '../boardgameio/master/match-store';
import type { MatchMetadata } from '../boardgameio/master/types';

export interface VersionedMatch extends StoredMatch {
  version: number;
}

export interface VersionedStore extends MatchStore {
  readonly shared: true;
  /** The match's version, undefined if it is gone. */
  version(matchID: string): Promise<number | undefined>;
  fetchVersioned(matchID: string): Promise<VersionedMatch | undefined>;
  /** Log entries of the actions taken since state `stateID` (those that made the states after it). */
  fetchLogSince(matchID: string, stateID: number): Promise<LogEntry[]>;
  /** Resolves with the new version; StaleStateError if the stateID or the version moved on. */
  setStateAt(matchID: string, write: StateWrite, version: number): Promise<number>;
  setMetadataAt(matchID: string, metadata: MatchMetadata, version: number): Promise<number>;
}

export function isVersionedStore(store: MatchStore): store is VersionedStore {
  return (store as Partial<VersionedStore>).shared === true;
}

/** Another instance created a match with this ID first. */
export class MatchExistsError extends StaleStateError {
  constructor(matchID: string) {
    super(matchID, 0, undefined);
    this.message = `match ${matchID} already exists`;
    this.name = 'MatchExistsError';
  }
}

/** Another instance wrote the match since `version`. */
export class StaleVersionError extends StaleStateError {
  constructor(matchID: string, version: number) {
    super(matchID, version, undefined);
    this.message = `match ${matchID} changed since version ${version}`;
    this.name = 'StaleVersionError';
  }
}
