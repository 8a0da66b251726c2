/**
 * Matches in Postgres, shared by any number of server instances
 * (`db: 'postgres://…'`). A match is one row (metadata, the game machine's
 * persisted snapshot with the undo/redo stacks, the initial state, as JSON
 * that keeps its key order) plus one log row per action. Every write is one
 * statement, so Postgres commits it as one transaction, and it is
 * conditional: a state write on the stateID it started from, and, for the
 * instances of a cluster, on the row's version (versioned-store.ts). `pg`
 * is an optional peer dependency, loaded on `connect()`. Every wait on
 * Postgres is bounded (`queryTimeoutMs`): one that does not answer fails
 * the request with StoreTimeoutError rather than holding it forever.
 */
import type { Pool } from 'pg';
import type { LogEntry } from '../boardgameio/types';
import {
  matchesListing,
  StaleStateError,
  type ListMatchesOptions,
  type MatchDeadline,
  type StateWrite,
  type StoredMatch,
} from '../boardgameio/master/match-store';
import { storedDeadline } from '../boardgameio/master/match-snapshot';
import { loadPeer } from './optional-peer';
import { migratePostgres } from './schema-migrations';
import { StoreTimeoutError, withinTimeout } from './store-timeout';
import type { MatchMetadata } from '../boardgameio/master/types';
import { MatchExistsError, StaleVersionError, type VersionedMatch, type VersionedStore } from './versioned-store';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (libpq's URL form). */
  connectionString: string;
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * Longest wait for Postgres, in ms, per statement (including the wait for
   * a connection) and for `connect()`; 0 waits forever. Default 10 000.
   */
  queryTimeoutMs?: number;
  /** Anything else for pg's Pool (its own timeouts default to `queryTimeoutMs`). */
  pool?: PgPoolConfig;
}

/**
 * pg's PoolConfig, as far as this module names it: declared here, so the
 * package's types do not import pg's (an optional peer a user may not have).
 */
export interface PgPoolConfig {
  max?: number;
  idleTimeoutMillis?: number;
  connectionTimeoutMillis?: number;
  ssl?: boolean | object;
  [option: string]: unknown;
}

const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/** pg's own timeouts (set to the same bound, so they may fire first): no connection, no answer, cancelled by Postgres. */
const isPgTimeout = (error: unknown): boolean =>
  error instanceof Error &&
  (/^(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/.test(
    error.message,
  ) ||
    ((error as { code?: string }).code === '57014' && /statement timeout/.test(error.message)));

/** Is `db` a Postgres URL? */
export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//i.test(db);

const json = (value: unknown): string => JSON.stringify(value);

/** Named statements: each connection prepares them once. */
const SQL = {
  version: 'SELECT version FROM turnchart_matches WHERE match_id = $1',
  fetch: 'SELECT metadata, state, initial, version FROM turnchart_matches WHERE match_id = $1',
  fetchMetadata: 'SELECT metadata FROM turnchart_matches WHERE match_id = $1',
  // A log row is keyed by the stateID its action made: the actions taken since state $2 made the rows above it.
  fetchLog: 'SELECT entries FROM turnchart_match_log WHERE match_id = $1 AND state_id > $2 ORDER BY state_id',
  create:
    'INSERT INTO turnchart_matches (match_id, game_name, state_id, version, updated_at, metadata, state, initial, deadline) VALUES ($1, $2, $3, 1, $4, $5::json, $6::json, $7::json, $8)',
  setState: `WITH updated AS (
      UPDATE turnchart_matches
      SET state_id = $2, state = $3::json, version = version + 1, metadata = COALESCE($5::json, metadata), updated_at = COALESCE($6, updated_at), deadline = $9
      WHERE match_id = $1 AND state_id = $4 AND ($7::integer IS NULL OR version = $7::integer)
      RETURNING version
    ), logged AS (
      INSERT INTO turnchart_match_log (match_id, state_id, entries)
      SELECT $1, $2, $8::json FROM updated WHERE $8::text IS NOT NULL
      ON CONFLICT (match_id, state_id) DO UPDATE SET entries = EXCLUDED.entries
    )
    SELECT version FROM updated`,
  setMetadata: `UPDATE turnchart_matches SET metadata = $2::json, updated_at = $3, version = version + 1
    WHERE match_id = $1 AND ($4::integer IS NULL OR version = $4::integer) RETURNING version`,
  wipe: 'DELETE FROM turnchart_matches WHERE match_id = $1',
  list: 'SELECT match_id, metadata FROM turnchart_matches WHERE $1::text IS NULL OR game_name = $1::text',
  stateID: 'SELECT state_id FROM turnchart_matches WHERE match_id = $1',
  deadlines: 'SELECT match_id, deadline FROM turnchart_matches WHERE deadline IS NOT NULL AND deadline <= $1',
} as const;

export class PostgresStore implements VersionedStore {
  readonly shared = true;
  private pool: Pool | undefined;
  private readonly options: PostgresStoreOptions;

  constructor(options: PostgresStoreOptions | string) {
    this.options = typeof options === 'string' ? { connectionString: options } : options;
  }

  /** The URL without its password, for messages. */
  get where(): string {
    return this.options.connectionString.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }

  async connect(): Promise<void> {
    if (this.pool) return;
    const pg = await loadPeer<typeof import('pg')>('pg', 'A Postgres store (db: postgres://…)');
    const timeout = this.timeoutMs || undefined;
    const pool = new pg.Pool({
      max: this.options.max ?? 10,
      // pg's own timers free what a timed-out request leaves behind: a connection attempt with no
      // answer, a connection whose statement got none (it is closed), and, on a live but slow
      // Postgres, the statement itself (statement_timeout: Postgres cancels it, nothing is written).
      connectionTimeoutMillis: timeout,
      query_timeout: timeout,
      statement_timeout: timeout,
      ...this.options.pool,
      connectionString: this.options.connectionString,
    });
    // An idle connection that breaks (Postgres restarted) must not crash the process; the pool reconnects on the next query.
    pool.on('error', (error) =>
      console.error(`turnchart server: Postgres connection lost (${this.where}): ${error.message}`),
    );
    const opened = (async () => {
      const client = await pool.connect();
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
    })();
    try {
      await this.bounded(opened, 'connect');
    } catch (error) {
      // A pool waiting on a frozen Postgres would wait to end too.
      void pool.end().catch(() => undefined);
      if (error instanceof StoreTimeoutError) throw error;
      throw new Error(`PostgresStore (${this.where}): ${(error as Error).message}`, { cause: error });
    }
    this.pool = pool;
  }

  private get timeoutMs(): number {
    return this.options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  }

  /** `work`, failing with StoreTimeoutError when Postgres does not answer in time (whichever timer fires first). */
  private async bounded<T>(work: Promise<T>, operation: string): Promise<T> {
    const timedOut = () => new StoreTimeoutError(`PostgresStore (${this.where})`, operation, this.timeoutMs);
    try {
      return await withinTimeout(work, this.timeoutMs, timedOut);
    } catch (error) {
      throw isPgTimeout(error) ? timedOut() : error;
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as the database driver returns it (pg and better-sqlite3 type it so): columns by name
  private async query(name: keyof typeof SQL, values: unknown[]): Promise<{ rows: any[] }> {
    if (!this.pool) throw new Error('PostgresStore: call connect() first');
    return this.bounded(this.pool.query({ name: `turnchart_${name}`, text: SQL[name], values }), name);
  }

  async version(matchID: string): Promise<number | undefined> {
    return (await this.query('version', [matchID])).rows[0]?.version;
  }

  async fetchVersioned(matchID: string): Promise<VersionedMatch | undefined> {
    const row = (await this.query('fetch', [matchID])).rows[0];
    return (
      row && {
        metadata: row.metadata,
        state: row.state,
        initialState: row.initial,
        version: row.version,
      }
    );
  }

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const match = await this.fetchVersioned(matchID);
    return (
      match && {
        metadata: match.metadata,
        state: match.state,
        initialState: match.initialState,
      }
    );
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    return (await this.query('fetchMetadata', [matchID])).rows[0]?.metadata;
  }

  async fetchLogSince(matchID: string, stateID: number): Promise<LogEntry[]> {
    const { rows } = await this.query('fetchLog', [matchID, stateID]);
    return rows.flatMap((row) => row.entries as LogEntry[]);
  }

  fetchLog(matchID: string): Promise<LogEntry[]> {
    return this.fetchLogSince(matchID, 0);
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    const { metadata } = match;
    const state = json(match.state);
    const values = [
      matchID,
      metadata.gameName,
      match.state.snapshot.context.stateID,
      metadata.updatedAt,
      json(metadata),
      state,
      match.initialState === match.state ? state : json(match.initialState),
      storedDeadline(match.state),
    ];
    try {
      await this.query('create', values);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new MatchExistsError(matchID);
      throw error;
    }
  }

  async setStateAt(matchID: string, write: StateWrite, version: number | null): Promise<number> {
    const entries = write.deltalog.length > 0 ? json(write.deltalog) : null;
    const metadata = write.metadata ? json(write.metadata) : null;
    const values = [
      matchID,
      write.stateID,
      json(write.state),
      write.expectedStateID,
      metadata,
      write.metadata?.updatedAt ?? null,
      version,
      entries,
      storedDeadline(write.state),
    ];
    const row = (await this.query('setState', values)).rows[0];
    if (!row) throw new StaleStateError(matchID, write.expectedStateID, await this.stateID(matchID));
    return row.version;
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    await this.setStateAt(matchID, write, null);
  }

  async setMetadataAt(matchID: string, metadata: MatchMetadata, version: number | null): Promise<number> {
    const row = (await this.query('setMetadata', [matchID, json(metadata), metadata.updatedAt, version])).rows[0];
    if (!row && version !== null) throw new StaleVersionError(matchID, version);
    return row?.version;
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    await this.setMetadataAt(matchID, metadata, null);
  }

  async wipe(matchID: string): Promise<void> {
    await this.query('wipe', [matchID]);
  }

  async listMatches(options?: ListMatchesOptions): Promise<string[]> {
    const { rows } = await this.query('list', [options?.gameName ?? null]);
    return rows.filter((row) => matchesListing(row.metadata, options)).map((row) => row.match_id);
  }

  async deadlines(until: number): Promise<MatchDeadline[]> {
    const { rows } = await this.query('deadlines', [until]);
    return rows.map((row) => ({ matchID: row.match_id as string, deadline: Number(row.deadline) }));
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  private async stateID(matchID: string): Promise<number | undefined> {
    return (await this.query('stateID', [matchID])).rows[0]?.state_id;
  }
}
