/**
 * The embedded default store: one SQLite file (node-sqlite3-wasm, SQLite
 * compiled to WebAssembly with real file access: no native build, no
 * download at install). A match is one row — its metadata, the game
 * machine's persisted snapshot, boardgame.io's undo/redo stacks and its
 * initial state, as JSON — and its log is one row per action.
 *
 * Columns hold JSON as UTF-8 bytes. The file is in WAL mode with an exclusive lock held by this process
 * (one server per file, see database-file-lock.ts); writes are group
 * committed (write-batch.ts). `synchronous` is NORMAL by default: a
 * committed action survives the process being killed (the OS has the
 * bytes); FULL also survives a power cut, at an fsync per commit.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LogEntry } from '../boardgameio/types';
import { claimDatabaseFile } from './database-file-lock';
import type { StoredState } from './match-snapshot';
import { matchesListing, StaleStateError, type ListMatchesOptions, type MatchStore, type StateWrite, type StoredMatch } from './match-store';
import type { MatchMetadata } from './types';
import { WriteBatch } from './write-batch';

export interface SqliteStoreOptions {
  /** The database file (default: `matches.sqlite` in `dataDir`). */
  file?: string;
  /** Where the default file goes (default: `$TURNCHART_DATA_DIR`, else `./.turnchart`). */
  dataDir?: string;
  /** SQLite's `synchronous` pragma (default NORMAL). */
  synchronous?: 'NORMAL' | 'FULL';
}

/** The default database file for a data directory. */
export function defaultDatabaseFile(dataDir?: string): string {
  return join(resolve(dataDir ?? process.env.TURNCHART_DATA_DIR ?? '.turnchart'), 'matches.sqlite');
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS matches (
  match_id   TEXT PRIMARY KEY,
  game_name  TEXT NOT NULL,
  state_id   INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  metadata   BLOB NOT NULL,
  state      BLOB NOT NULL,
  initial    BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game_name);
CREATE TABLE IF NOT EXISTS match_log (
  match_id TEXT NOT NULL,
  state_id INTEGER NOT NULL,
  entries  BLOB NOT NULL,
  PRIMARY KEY (match_id, state_id)
);
PRAGMA user_version = 1;
`;

type Row = Record<string, unknown>;

/**
 * JSON goes in and out as UTF-8 bytes: the WebAssembly build copies a
 * string into its memory one character at a time in JavaScript, and a
 * byte array with one native copy (measured: about a third of a state
 * write's time went to that string copy).
 */
const bytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value), 'utf8');
const parsed = (cell: unknown): any => JSON.parse(typeof cell === 'string' ? cell : Buffer.from(cell as Uint8Array).toString('utf8'));
interface Statement {
  run(values?: unknown): { changes: number };
  get(values?: unknown): Row | null;
  all(values?: unknown): Row[];
  finalize(): void;
}
interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  get(sql: string, values?: unknown): Row | null;
  close(): void;
}

async function openDatabase(file: string): Promise<Database> {
  const sqlite: any = await import('node-sqlite3-wasm');
  const Database = sqlite.Database ?? sqlite.default?.Database;
  return new Database(file) as Database;
}

export class SqliteStore implements MatchStore {
  readonly file: string;
  private readonly synchronous: 'NORMAL' | 'FULL';
  private db: Database | undefined;
  private statements = new Map<string, Statement>();
  private batch: WriteBatch | undefined;
  private release: (() => void) | undefined;

  constructor(options: SqliteStoreOptions | string = {}) {
    const opts = typeof options === 'string' ? { file: options } : options;
    this.file = resolve(opts.file ?? defaultDatabaseFile(opts.dataDir));
    this.synchronous = opts.synchronous ?? 'NORMAL';
  }

  async connect(): Promise<void> {
    if (this.db) return;
    mkdirSync(dirname(this.file), { recursive: true });
    this.release = claimDatabaseFile(this.file);
    try {
      const db = await openDatabase(this.file);
      this.db = db;
      // Exclusive locking lets WAL work without shared memory, which this SQLite build lacks.
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      db.get('PRAGMA journal_mode = WAL');
      db.exec(`PRAGMA synchronous = ${this.synchronous}`);
      // Checkpoints (the fsyncs of NORMAL) every 16 MB of WAL rather than 4.
      db.exec('PRAGMA wal_autocheckpoint = 4000');
      db.exec(SCHEMA);
      this.batch = new WriteBatch({
        begin: () => db.exec('BEGIN IMMEDIATE'),
        commit: () => db.exec('COMMIT'),
        rollback: () => db.exec('ROLLBACK'),
        savepoint: () => db.exec('SAVEPOINT w'),
        release: () => db.exec('RELEASE w'),
        rollbackToSavepoint: () => db.exec('ROLLBACK TO w'),
      });
    } catch (error) {
      this.release();
      this.release = undefined;
      throw error;
    }
  }

  private statement(sql: string): Statement {
    if (!this.db) throw new Error('SqliteStore: call connect() first');
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private write(apply: () => void): Promise<void> {
    if (!this.batch) return Promise.reject(new Error('SqliteStore: call connect() first'));
    return this.batch.write(apply);
  }

  fetch(matchID: string): StoredMatch | undefined {
    const row = this.statement('SELECT metadata, state, initial FROM matches WHERE match_id = ?').get([matchID]);
    if (!row) return undefined;
    return {
      metadata: parsed(row.metadata),
      state: parsed(row.state) as StoredState,
      initialState: parsed(row.initial) as StoredState,
    };
  }

  fetchMetadata(matchID: string): MatchMetadata | undefined {
    const row = this.statement('SELECT metadata FROM matches WHERE match_id = ?').get([matchID]);
    return row ? parsed(row.metadata) : undefined;
  }

  fetchLog(matchID: string): LogEntry[] {
    const rows = this.statement('SELECT entries FROM match_log WHERE match_id = ? ORDER BY state_id').all([matchID]);
    const log: LogEntry[] = [];
    for (const row of rows) log.push(...(parsed(row.entries) as LogEntry[]));
    return log;
  }

  createMatch(matchID: string, match: StoredMatch): Promise<void> {
    const state = bytes(match.state);
    const initial = match.initialState === match.state ? state : bytes(match.initialState);
    return this.write(() => {
      this.statement('INSERT INTO matches (match_id, game_name, state_id, updated_at, metadata, state, initial) VALUES (?, ?, ?, ?, ?, ?, ?)').run([
        matchID,
        match.metadata.gameName,
        match.state.snapshot.context.stateID,
        match.metadata.updatedAt,
        bytes(match.metadata),
        state,
        initial,
      ]);
    });
  }

  setState(matchID: string, write: StateWrite): Promise<void> {
    const state = bytes(write.state);
    const entries = write.deltalog.length > 0 ? bytes(write.deltalog) : undefined;
    const metadata = write.metadata ? bytes(write.metadata) : null;
    return this.write(() => {
      const { changes } = this.statement(
        'UPDATE matches SET state_id = ?, state = ?, metadata = COALESCE(?, metadata), updated_at = COALESCE(?, updated_at) WHERE match_id = ? AND state_id = ?',
      ).run([write.stateID, state, metadata, write.metadata?.updatedAt ?? null, matchID, write.expectedStateID]);
      if (changes !== 1) {
        const found = this.statement('SELECT state_id FROM matches WHERE match_id = ?').get([matchID]);
        throw new StaleStateError(matchID, write.expectedStateID, found ? (found.state_id as number) : undefined);
      }
      if (entries) this.statement('INSERT OR REPLACE INTO match_log (match_id, state_id, entries) VALUES (?, ?, ?)').run([matchID, write.stateID, entries]);
    });
  }

  setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    const json = bytes(metadata);
    return this.write(() => {
      this.statement('UPDATE matches SET metadata = ?, updated_at = ? WHERE match_id = ?').run([json, metadata.updatedAt, matchID]);
    });
  }

  wipe(matchID: string): Promise<void> {
    return this.write(() => {
      this.statement('DELETE FROM match_log WHERE match_id = ?').run([matchID]);
      this.statement('DELETE FROM matches WHERE match_id = ?').run([matchID]);
    });
  }

  listMatches(options?: ListMatchesOptions): string[] {
    const rows =
      options?.gameName !== undefined
        ? this.statement('SELECT match_id, metadata FROM matches WHERE game_name = ?').all([options.gameName])
        : this.statement('SELECT match_id, metadata FROM matches').all();
    return rows.filter((row) => matchesListing(parsed(row.metadata), options)).map((row) => row.match_id as string);
  }

  async close(): Promise<void> {
    if (!this.db) return;
    this.batch?.flush();
    for (const statement of this.statements.values()) statement.finalize();
    this.statements.clear();
    this.db.close();
    this.db = undefined;
    this.batch = undefined;
    this.release?.();
    this.release = undefined;
  }
}
