/**
 * The embedded default store: one SQLite file, through better-sqlite3
 * (SQLite itself, called synchronously on the serving thread; why this
 * driver, and why an action writes the match's whole state with its log
 * entries: docs/performance.md, "Served matches"). Tables: sqlite-schema.ts.
 *
 * Writes of one event-loop turn share a commit, 16 at most (group-commit.ts), and are
 * answered after it; checkpoints run in a worker, which also keeps the log
 * under `walSizeLimit` (sqlite-checkpoints.ts).
 * The file is in WAL mode, claimed for this process (database-file-lock.ts).
 * `synchronous` is NORMAL by default: a committed action survives the
 * process being killed (the OS has the bytes); FULL also survives a power
 * cut, at an fsync per commit, on the serving thread.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LogEntry } from '../boardgameio/types';
import { claimDatabaseFile } from './database-file-lock';
import { storedDeadline, type StoredState } from '../boardgameio/master/match-snapshot';
import {
  matchesListing,
  StaleStateError,
  type ListMatchesOptions,
  type MatchDeadline,
  type MatchStore,
  type StateWrite,
  type StoredMatch,
} from '../boardgameio/master/match-store';
import { startCheckpoints, type Checkpoints } from './sqlite-checkpoints';
import { loadSqlite, type SqliteDatabase } from './sqlite-driver';
import { parsedCell } from './schema-migrations';
import { prepareDatabase, type SqliteStatements } from './sqlite-schema';
import { GroupCommit } from './group-commit';
import { jsonAround, writtenG } from './written-g';
import type { MatchMetadata } from '../boardgameio/master/types';

export interface SqliteStoreOptions {
  /** The database file (default: `matches.sqlite` in `dataDir`). */
  file?: string;
  /** Where the default file goes (default: `$TURNCHART_DATA_DIR`, else `./.turnchart`). */
  dataDir?: string;
  /** SQLite's `synchronous` pragma (default NORMAL). */
  synchronous?: 'NORMAL' | 'FULL';
  /** Bytes the write-ahead log may reach before writes wait for a checkpoint that empties it (default 64 MiB). */
  walSizeLimit?: number;
}

const DEFAULT_WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** The default database file for a data directory. */
export function defaultDatabaseFile(dataDir?: string): string {
  return join(resolve(dataDir ?? process.env.TURNCHART_DATA_DIR ?? '.turnchart'), 'matches.sqlite');
}

const parsed = parsedCell;

/** Stored metadata with the row's `updated_at`, which is the match's time (schema-2 files may hold an older one in the JSON). */
const withTime = (cell: unknown, updatedAt: number): MatchMetadata => ({ ...parsed(cell), updatedAt });

/**
 * What to do when better-sqlite3 is installed without its native addon:
 * npm 11 runs a dependency's install script only where the project allows
 * it (`allowScripts`), and skips it silently otherwise.
 */
const addonHint = (error: unknown): string =>
  /bindings file|better_sqlite3\.node/.test(String((error as Error)?.message))
    ? ' (better-sqlite3 is installed but its native addon was not built: allow its install script with `npm install-scripts approve better-sqlite3`, then run `npm rebuild better-sqlite3`)'
    : '';

/** A state's JSON, its G's text left for the transport's update (written-g.ts). */
function storedJson(state: StoredState): string {
  const { snapshot } = state;
  const { context } = snapshot;
  return jsonAround(context.G, writtenG(context.G), (G) => ({
    ...state,
    snapshot: { ...snapshot, context: { ...context, G } },
  }));
}

/** An open database: the connection, its statements, its group commit and its checkpoint worker. */
interface OpenDatabase {
  db: SqliteDatabase;
  sql: SqliteStatements;
  commits: GroupCommit;
  checkpoints: Checkpoints;
  release: () => void;
}

export class SqliteStore implements MatchStore {
  readonly file: string;
  private readonly synchronous: 'NORMAL' | 'FULL';
  private readonly walSizeLimit: number;
  private open: OpenDatabase | undefined;

  constructor(options: SqliteStoreOptions | string = {}) {
    const opts = typeof options === 'string' ? { file: options } : options;
    this.file = resolve(opts.file ?? defaultDatabaseFile(opts.dataDir));
    this.synchronous = opts.synchronous ?? 'NORMAL';
    this.walSizeLimit = opts.walSizeLimit ?? DEFAULT_WAL_SIZE_LIMIT;
    if (!(Number.isFinite(this.walSizeLimit) && this.walSizeLimit > 0))
      throw new RangeError(`SqliteStore: walSizeLimit must be a positive number of bytes, not ${opts.walSizeLimit}`);
  }

  async connect(): Promise<void> {
    if (this.open) return;
    const Database = await loadSqlite();
    if (this.open) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const release = claimDatabaseFile(this.file);
    let db: SqliteDatabase | undefined;
    try {
      db = new Database(this.file);
      const sql = await prepareDatabase(db, this.synchronous);
      const checkpoints = startCheckpoints(db, this.file, this.synchronous, this.walSizeLimit);
      this.open = { db, sql, commits: new GroupCommit(db, checkpoints.afterCommit), checkpoints, release };
    } catch (error) {
      db?.close();
      release();
      throw new Error(`SqliteStore (${this.file}): ${(error as Error).message}${addonHint(error)}`, {
        cause: error,
      });
    }
  }

  private database(): OpenDatabase {
    if (!this.open) throw new Error('SqliteStore: call connect() first');
    return this.open;
  }

  /** A write in this turn's commit. */
  private write(run: (sql: SqliteStatements) => void): Promise<void> {
    const open = this.open;
    if (!open) return Promise.reject(new Error('SqliteStore: call connect() first'));
    return open.commits.add(() => run(open.sql));
  }

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const { sql } = this.database();
    const row = sql.fetch.get(matchID);
    if (!row) return undefined;
    if (row.stored_id !== row.state_id)
      throw new Error(`SqliteStore: match ${matchID}: its stored state is at ${row.stored_id}, not ${row.state_id}`);
    return {
      metadata: withTime(row.metadata, row.updated_at),
      state: parsed(row.state) as StoredState,
      initialState: parsed(row.initial) as StoredState,
    };
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    const row = this.database().sql.fetchMetadata.get(matchID);
    return row ? withTime(row.metadata, row.updated_at) : undefined;
  }

  async fetchLog(matchID: string): Promise<LogEntry[]> {
    const log: LogEntry[] = [];
    for (const row of this.database().sql.fetchLog.all(matchID)) log.push(...(parsed(row.entries) as LogEntry[]));
    return log;
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    const state = JSON.stringify(match.state);
    const initial = match.initialState === match.state ? state : JSON.stringify(match.initialState);
    const { metadata } = match;
    const stateID = match.state.snapshot.context.stateID;
    const row = [
      matchID,
      metadata.gameName,
      stateID,
      metadata.updatedAt,
      JSON.stringify(metadata),
      storedDeadline(match.state),
    ];
    await this.write((sql) => {
      sql.insertMatch.run(...row);
      sql.insertStates.run(matchID, stateID, state, initial);
    });
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    const entries = JSON.stringify(write.deltalog);
    const state = storedJson(write.state);
    const metadata = write.metadata ? JSON.stringify(write.metadata) : null;
    const { stateID, expectedStateID } = write;
    const deadline = storedDeadline(write.state);
    await this.write((sql) => {
      const updatedAt = write.metadata?.updatedAt ?? null;
      if (sql.advance.run(stateID, metadata, updatedAt, deadline, matchID, expectedStateID).changes !== 1)
        throw new StaleStateError(matchID, expectedStateID, sql.stateID.get(matchID)?.state_id);
      sql.writeState.run(stateID, state, matchID);
      sql.appendLog.run(matchID, stateID, entries);
    });
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    const text = JSON.stringify(metadata);
    await this.write((sql) => sql.setMetadata.run(text, metadata.updatedAt, matchID));
  }

  async wipe(matchID: string): Promise<void> {
    await this.write((sql) => {
      sql.deleteLog.run(matchID);
      sql.deleteStates.run(matchID);
      sql.deleteMatch.run(matchID);
    });
  }

  async listMatches(options?: ListMatchesOptions): Promise<string[]> {
    const { sql } = this.database();
    const gameName = options?.gameName;
    const rows = gameName === undefined ? sql.listAll.all() : sql.listGame.all(gameName);
    return rows
      .filter((row) => matchesListing(withTime(row.metadata, row.updated_at), options))
      .map((row) => row.match_id as string);
  }

  async deadlines(until: number): Promise<MatchDeadline[]> {
    return this.database()
      .sql.deadlines.all(until)
      .map((row) => ({ matchID: row.match_id as string, deadline: Number(row.deadline) }));
  }

  async close(): Promise<void> {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    try {
      open.commits.flush();
      await open.checkpoints.stop();
      open.db.close();
    } finally {
      open.release();
    }
  }
}
