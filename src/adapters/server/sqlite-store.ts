/**
 * The embedded default store: one SQLite file (node-sqlite3-wasm, SQLite
 * compiled to WebAssembly with real file access: no native build, no
 * download at install). A match is one row — its metadata, the game
 * machine's persisted snapshot, boardgame.io's undo/redo stacks and its
 * initial state, as JSON in UTF-8 bytes — and its log is one row per action.
 *
 * SQLite runs in a worker thread (sqlite-worker.ts): writes are group
 * committed there and answered after COMMIT. The file is in WAL mode with an
 * exclusive lock, claimed for this process (database-file-lock.ts).
 * `synchronous` is NORMAL by default: a committed action survives the
 * process being killed (the OS has the bytes); FULL also survives a power
 * cut, at an fsync per commit.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LogEntry } from '../boardgameio/types';
import { claimDatabaseFile } from './database-file-lock';
import type { StoredState } from './match-snapshot';
import { ReusingJson } from './reusing-json';
import {
  matchesListing,
  StaleStateError,
  type ListMatchesOptions,
  type MatchStore,
  type StateWrite,
  type StoredMatch,
} from './match-store';
import { SQLITE_WORKER_SOURCE } from './sqlite-worker';
import type { MatchMetadata } from './types';

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

/**
 * JSON goes in and out as UTF-8 bytes: the WebAssembly build copies a
 * string into its memory one character at a time in JavaScript, a byte
 * array with one native copy (measured: a third of a state write's time).
 */
const bytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value), 'utf8');
const parsed = (cell: unknown): any =>
  JSON.parse(typeof cell === 'string' ? cell : Buffer.from(cell as Uint8Array).toString('utf8'));

/** Where node-sqlite3-wasm is, for the worker to load (from this module's own place). */
function sqlitePath(): string {
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  return createRequire(base).resolve('node-sqlite3-wasm');
}

/** How many matches' last writes (state text, metadata) are kept for reuse. */
const LAST_WRITES = 1024;

/** What was last written for a match: its state's encoder, and the metadata the stored one equals but for `updatedAt`. */
interface LastWrite {
  text: ReusingJson;
  metadata: MatchMetadata | undefined;
}

/**
 * Whether `next` differs from `last` only in `updatedAt` (the master copies
 * the metadata with a new time for each action, sharing everything else).
 */
function onlyTimeChanged(last: MatchMetadata | undefined, next: MatchMetadata): boolean {
  if (last === undefined) return false;
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(last).length) return false;
  for (const key of keys) if (key !== 'updatedAt' && (next as any)[key] !== (last as any)[key]) return false;
  return true;
}

/** Stored metadata with the row's `updated_at`: an action that changed only the time writes only the column. */
const withTime = (cell: unknown, updatedAt: number): MatchMetadata => ({ ...parsed(cell), updatedAt });

type Call = { resolve: (value: any) => void; reject: (error: unknown) => void };
type Reply = {
  id: number;
  result?: unknown;
  error?: { message: string; stale?: { matchID: string; expected: number; found?: number } };
};

export class SqliteStore implements MatchStore {
  readonly file: string;
  private readonly synchronous: 'NORMAL' | 'FULL';
  private worker: Worker | undefined;
  private readonly calls = new Map<number, Call>();
  /** Per match, the JSON of its last stored state, to reuse (reusing-json.ts; writing it out was a tenth of a served action), and its metadata. */
  private readonly lastWrites = new Map<string, LastWrite>();
  private outbox: { id: number; op: string; args: unknown[] }[] = [];
  private nextCall = 1;
  private release: (() => void) | undefined;
  private failure: Error | undefined;

  constructor(options: SqliteStoreOptions | string = {}) {
    const opts = typeof options === 'string' ? { file: options } : options;
    this.file = resolve(opts.file ?? defaultDatabaseFile(opts.dataDir));
    this.synchronous = opts.synchronous ?? 'NORMAL';
  }

  async connect(): Promise<void> {
    if (this.worker) return;
    mkdirSync(dirname(this.file), { recursive: true });
    this.release = claimDatabaseFile(this.file);
    // An empty execArgv: the worker's source is a CommonJS script whatever flags this process runs with.
    const worker = new Worker(SQLITE_WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { sqlitePath: sqlitePath() },
    });
    this.worker = worker;
    this.failure = undefined;
    worker.on('message', (replies: Reply[]) => {
      for (const reply of replies) this.answer(reply);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const call of this.calls.values()) call.reject(error);
      this.calls.clear();
    };
    worker.on('error', (error) =>
      fail(new Error(`SqliteStore (${this.file}): the database worker failed: ${error.message}`)),
    );
    worker.on('exit', () => fail(this.failure ?? new Error(`SqliteStore (${this.file}): the database is closed`)));
    try {
      await this.call('open', [this.file, this.synchronous]);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private answer({ id, result, error }: Reply): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    if (!error) call.resolve(result);
    else if (error.stale)
      call.reject(new StaleStateError(error.stale.matchID, error.stale.expected, error.stale.found));
    else call.reject(new Error(`SqliteStore (${this.file}): ${error.message}`));
  }

  /**
   * Calls made during one turn of the event loop go to the worker as one
   * message (and come back as one): each message wakes the other thread,
   * and on a busy machine the wake-ups cost more than the SQL.
   */
  private call<T = unknown>(op: string, args: unknown[]): Promise<T> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('SqliteStore: call connect() first'));
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.outbox.push({ id, op, args });
      if (this.outbox.length === 1) setImmediate(this.post);
    });
  }

  private readonly post = (): void => {
    const batch = this.outbox;
    this.outbox = [];
    this.worker?.postMessage(batch);
  };

  async fetch(matchID: string): Promise<StoredMatch | undefined> {
    const row = await this.call<Record<string, Uint8Array> & { updated_at: number }>('fetch', [matchID]);
    if (!row) return undefined;
    return {
      metadata: withTime(row.metadata, row.updated_at),
      state: parsed(row.state) as StoredState,
      initialState: parsed(row.initial) as StoredState,
    };
  }

  async fetchMetadata(matchID: string): Promise<MatchMetadata | undefined> {
    const row = await this.call<{ metadata: Uint8Array; updated_at: number } | null>('fetchMetadata', [matchID]);
    return row ? withTime(row.metadata, row.updated_at) : undefined;
  }

  async fetchLog(matchID: string): Promise<LogEntry[]> {
    const cells = await this.call<Uint8Array[]>('fetchLog', [matchID]);
    const log: LogEntry[] = [];
    for (const cell of cells) log.push(...(parsed(cell) as LogEntry[]));
    return log;
  }

  async createMatch(matchID: string, match: StoredMatch): Promise<void> {
    const state = bytes(match.state);
    const initial = match.initialState === match.state ? state : bytes(match.initialState);
    const { metadata } = match;
    await this.call('createMatch', [
      matchID,
      metadata.gameName,
      match.state.snapshot.context.stateID,
      metadata.updatedAt,
      bytes(metadata),
      state,
      initial,
    ]);
    this.lastWrites.delete(matchID);
  }

  async setState(matchID: string, write: StateWrite): Promise<void> {
    const last = this.lastWrite(matchID);
    const entries = write.deltalog.length > 0 ? bytes(write.deltalog) : null;
    const metadata = write.metadata && !onlyTimeChanged(last.metadata, write.metadata) ? bytes(write.metadata) : null;
    const state = Buffer.from(last.text.stringify(write.state), 'utf8');
    await this.call('setState', [
      matchID,
      write.stateID,
      write.expectedStateID,
      state,
      entries,
      metadata,
      write.metadata?.updatedAt ?? null,
    ]);
    if (write.metadata) last.metadata = write.metadata;
  }

  async setMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    // The next action writes its metadata whole (only the master's copies are compared: nothing changes them later).
    this.lastWrite(matchID).metadata = undefined;
    await this.call('setMetadata', [matchID, bytes(metadata), metadata.updatedAt]);
  }

  /** What was last written for a match; the least recently written matches' are let go beyond LAST_WRITES. */
  private lastWrite(matchID: string): LastWrite {
    const last = this.lastWrites.get(matchID) ?? { text: new ReusingJson(), metadata: undefined };
    this.lastWrites.delete(matchID);
    this.lastWrites.set(matchID, last);
    if (this.lastWrites.size > LAST_WRITES) this.lastWrites.delete(this.lastWrites.keys().next().value!);
    return last;
  }

  async wipe(matchID: string): Promise<void> {
    this.lastWrites.delete(matchID);
    await this.call('wipe', [matchID]);
  }

  async listMatches(options?: ListMatchesOptions): Promise<string[]> {
    const rows = await this.call<{ match_id: string; metadata: Uint8Array; updated_at: number }[]>('listMatches', [
      options?.gameName ?? null,
    ]);
    return rows
      .filter((row) => matchesListing(withTime(row.metadata, row.updated_at), options))
      .map((row) => row.match_id);
  }

  async close(): Promise<void> {
    if (!this.worker) return;
    try {
      await this.call('close', []);
    } finally {
      await this.stop();
    }
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.release?.();
    this.release = undefined;
  }
}
