/**
 * A boardgame.io 0.50 storage (`StorageAPI.Sync` or `.Async`: its
 * `InMemory`, `FlatFile`, or a third-party adapter such as a Postgres one)
 * as the server's store, so a deployment keeps the database it has. Such a
 * store keeps boardgame.io's state shape, so states are converted at the
 * boundary: the machine's snapshot on the server's side, boardgame.io's
 * `State` in the database (which boardgame.io's own server can read back).
 * boardgame.io's storage API has no conditional write, so the stateID check
 * is a read before the write: the match queue serializes one server's
 * writes, and one server should own a database's matches.
 */
import type { LogEntry, State } from '../boardgameio/types';
import type { ServerBoundGame } from '../boardgameio/master/live-matches';
import { nextDeadline } from '../../machines';
import { stateOfStored, storedStateOf, type StoredState } from '../boardgameio/master/match-snapshot';
import {
  StaleStateError,
  type ListMatchesOptions,
  type MatchDeadline,
  type MatchStore,
  type StateWrite,
  type StoredMatch,
} from '../boardgameio/master/match-store';
import type { MatchMetadata } from '../boardgameio/master/types';

type MaybePromise<T> = T | Promise<T>;

/** The part of boardgame.io's StorageAPI the server uses. */
export interface BoardgameioStorageAPI {
  type(): number;
  connect?(): MaybePromise<void>;
  createMatch(matchID: string, opts: { initialState: State; metadata: MatchMetadata }): MaybePromise<void>;
  setState(matchID: string, state: State, deltalog?: LogEntry[]): MaybePromise<void>;
  setMetadata(matchID: string, metadata: MatchMetadata): MaybePromise<void>;
  fetch(
    matchID: string,
    opts: { state?: boolean; metadata?: boolean; log?: boolean; initialState?: boolean },
  ): MaybePromise<{ state?: State; metadata?: MatchMetadata; log?: LogEntry[]; initialState?: State }>;
  wipe(matchID: string): MaybePromise<void>;
  listMatches(opts?: ListMatchesOptions): MaybePromise<string[]>;
}

/** Does `db` look like a boardgame.io storage (rather than a turnchart MatchStore)? */
export function isBoardgameioStorage(db: unknown): db is BoardgameioStorageAPI {
  const value = db as Record<string, unknown> | null;
  return (
    !!value &&
    typeof value.type === 'function' &&
    typeof value.fetch === 'function' &&
    typeof value.setState === 'function' &&
    typeof value.fetchLog !== 'function'
  );
}

export class BoardgameioStorage implements MatchStore {
  constructor(
    readonly db: BoardgameioStorageAPI,
    private readonly games: ReadonlyMap<string, ServerBoundGame>,
  ) {}

  private bound(metadata: MatchMetadata | undefined): ServerBoundGame | undefined {
    return metadata ? this.games.get(metadata.gameName) : undefined;
  }

  async connect(): Promise<void> {
    await this.db.connect?.();
  }

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const { state, metadata, initialState } = await this.db.fetch(matchID, {
      state: true,
      metadata: true,
      initialState: true,
    });
    const bound = this.bound(metadata);
    if (!state || !metadata || !bound) return undefined;
    return { metadata, state: storedStateOf(bound, state), initialState: storedStateOf(bound, initialState ?? state) };
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    return (await this.db.fetch(matchID, { metadata: true })).metadata;
  }

  async fetchLog(matchID: string): Promise<LogEntry[]> {
    return (await this.db.fetch(matchID, { log: true })).log ?? [];
  }

  private stateOf(metadata: MatchMetadata, stored: StoredState): State {
    const bound = this.bound(metadata);
    if (!bound) throw new Error(`no game named ${metadata.gameName}`);
    return stateOfStored(bound, stored);
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    await this.db.createMatch(matchID, {
      initialState: this.stateOf(match.metadata, match.initialState),
      metadata: match.metadata,
    });
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    const { state: current, metadata } = await this.db.fetch(matchID, { state: true, metadata: true });
    if (!current || !metadata || current._stateID !== write.expectedStateID)
      throw new StaleStateError(matchID, write.expectedStateID, current?._stateID);
    await this.db.setState(matchID, this.stateOf(metadata, write.state), write.deltalog);
    if (write.metadata) await this.db.setMetadata(matchID, write.metadata);
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    await this.db.setMetadata(matchID, metadata);
  }

  async wipe(matchID: string): Promise<void> {
    await this.db.wipe(matchID);
  }

  async listMatches(options?: ListMatchesOptions): Promise<string[]> {
    return this.db.listMatches(options);
  }

  /** boardgame.io's storage indexes no deadline: every match still playing is read (a server sweeps them now and then). */
  async deadlines(until: number): Promise<MatchDeadline[]> {
    const due: MatchDeadline[] = [];
    for (const matchID of await this.db.listMatches({ where: { isGameover: false } })) {
      const { state } = await this.db.fetch(matchID, { state: true });
      const deadline = state && nextDeadline(state.ctx)?.at;
      if (deadline !== undefined && deadline <= until) due.push({ matchID, deadline });
    }
    return due;
  }

  async close(): Promise<void> {}
}
