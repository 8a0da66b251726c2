/**
 * Matches kept in memory: gone when the process ends, as with boardgame.io's
 * default `InMemory`. For tests and for `--db :memory:`. Metadata is copied
 * on the way in and out, so no caller shares the stored object.
 */
import type { LogEntry } from '../types';
import { storedDeadline } from './match-snapshot';
import {
  matchesListing,
  StaleStateError,
  type ListMatchesOptions,
  type MatchDeadline,
  type MatchStore,
  type StateWrite,
  type StoredMatch,
} from './match-store';
import type { MatchMetadata } from './types';

interface Entry extends StoredMatch {
  stateID: number;
  log: LogEntry[];
}

const copy = <T>(value: T): T => structuredClone(value);

export class MemoryStore implements MatchStore {
  private readonly matches = new Map<string, Entry>();

  async connect(): Promise<void> {}

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const entry = this.matches.get(matchID);
    return entry && { metadata: copy(entry.metadata), state: entry.state, initialState: entry.initialState };
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    const entry = this.matches.get(matchID);
    return entry && copy(entry.metadata);
  }

  async fetchLog(matchID: string): Promise<LogEntry[]> {
    return [...(this.matches.get(matchID)?.log ?? [])];
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    this.matches.set(matchID, {
      ...match,
      metadata: copy(match.metadata),
      stateID: match.state.snapshot.context.stateID,
      log: [],
    });
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    const entry = this.matches.get(matchID);
    if (!entry || entry.stateID !== write.expectedStateID)
      throw new StaleStateError(matchID, write.expectedStateID, entry?.stateID);
    entry.state = write.state;
    entry.stateID = write.stateID;
    entry.log.push(...write.deltalog);
    // The master hands over a new metadata object with each action and never changes it afterwards.
    if (write.metadata) entry.metadata = write.metadata;
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    const entry = this.matches.get(matchID);
    if (entry) entry.metadata = copy(metadata);
  }

  async wipe(matchID: string): Promise<void> {
    this.matches.delete(matchID);
  }

  async listMatches(options?: ListMatchesOptions): Promise<string[]> {
    const ids: string[] = [];
    for (const [id, entry] of this.matches) if (matchesListing(entry.metadata, options)) ids.push(id);
    return ids;
  }

  async deadlines(until: number): Promise<MatchDeadline[]> {
    const due: MatchDeadline[] = [];
    for (const [matchID, entry] of this.matches) {
      const deadline = storedDeadline(entry.state);
      if (deadline !== null && deadline <= until) due.push({ matchID, deadline });
    }
    return due;
  }

  async close(): Promise<void> {}
}
