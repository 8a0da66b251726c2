/**
 * A VersionedStore in memory that several server instances of one test
 * share, standing for Postgres (postgres-store.ts): the same conditional
 * writes (MatchExistsError, StaleStateError, StaleVersionError) and the
 * same version bumps. Each instance gets its own view (`instance()`),
 * whose reads and writes can be held at a gate: a test decides exactly
 * where one instance stops while the other goes on, instead of hoping a
 * busy machine interleaves them that way.
 */
import {
  MatchExistsError,
  StaleStateError,
  StaleVersionError,
  type MatchMetadata,
  type StateWrite,
  type StoredMatch,
  type VersionedMatch,
  type VersionedStore,
} from 'turnchart/server';

interface Row extends StoredMatch {
  stateID: number;
  version: number;
  /** Log entries by the stateID their action made, as Postgres keeps them. */
  log: { stateID: number; entries: unknown[] }[];
}

/** Called before each store method with its name and match: resolve to let it run. */
export type Gate = (method: string, matchID: string) => Promise<void>;

const copy = <T>(value: T): T => structuredClone(value);

export class SharedMemoryStore implements VersionedStore {
  readonly shared = true;

  constructor(
    private readonly rows = new Map<string, Row>(),
    private readonly gate: Gate = async () => {},
  ) {}

  /** Another instance's view of the same matches, held by its own gate. */
  instance(gate?: Gate): SharedMemoryStore {
    return new SharedMemoryStore(this.rows, gate);
  }

  async connect(): Promise<void> {}
  async close(): Promise<void> {}

  private async row(method: string, matchID: string): Promise<Row | undefined> {
    await this.gate(method, matchID);
    return this.rows.get(matchID);
  }

  async version(matchID: string): Promise<number | undefined> {
    return (await this.row('version', matchID))?.version;
  }

  async fetchVersioned(matchID: string): Promise<VersionedMatch | undefined> {
    const row = await this.row('fetchVersioned', matchID);
    return (
      row && copy({ metadata: row.metadata, state: row.state, initialState: row.initialState, version: row.version })
    );
  }

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const match = await this.fetchVersioned(matchID);
    return match && { metadata: match.metadata, state: match.state, initialState: match.initialState };
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    return copy((await this.row('fetchMetadata', matchID))?.metadata);
  }

  async fetchLogSince(matchID: string, stateID: number): Promise<any[]> {
    const row = await this.row('fetchLog', matchID);
    return copy((row?.log ?? []).filter((entry) => entry.stateID > stateID).flatMap((entry) => entry.entries));
  }

  fetchLog(matchID: string): Promise<any[]> {
    return this.fetchLogSince(matchID, 0);
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    if (await this.row('createMatch', matchID)) throw new MatchExistsError(matchID);
    this.rows.set(matchID, { ...copy(match), stateID: match.state.snapshot.context.stateID, version: 1, log: [] });
  }

  async setStateAt(matchID: string, write: StateWrite, version: number | null): Promise<number> {
    const row = await this.row('setState', matchID);
    if (!row || row.stateID !== write.expectedStateID || (version !== null && row.version !== version))
      throw new StaleStateError(matchID, write.expectedStateID, row?.stateID);
    Object.assign(row, { state: copy(write.state), stateID: write.stateID, version: row.version + 1 });
    if (write.metadata) row.metadata = copy(write.metadata);
    if (write.deltalog.length > 0) row.log.push({ stateID: write.stateID, entries: copy(write.deltalog) });
    return row.version;
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    await this.setStateAt(matchID, write, null);
  }

  async setMetadataAt(matchID: string, metadata: MatchMetadata, version: number | null): Promise<number> {
    const row = await this.row('setMetadata', matchID);
    if (version !== null && row?.version !== version) throw new StaleVersionError(matchID, version);
    if (!row) return undefined as unknown as number; // as Postgres: an unconditional write to no match is a no-op
    row.metadata = copy(metadata);
    return ++row.version;
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    await this.setMetadataAt(matchID, metadata, null);
  }

  async wipe(matchID: string): Promise<void> {
    await this.gate('wipe', matchID);
    this.rows.delete(matchID);
  }

  async listMatches(): Promise<string[]> {
    return [...this.rows.keys()];
  }
}
