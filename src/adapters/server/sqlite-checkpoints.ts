/**
 * WAL checkpoints run in a worker thread on a second connection, so the
 * copy of the log into the database file and its fsync never stall the
 * event loop that serves the matches (a checkpoint on the main thread was
 * what made the served benchmark's p99 latency). The main connection has
 * automatic checkpoints off; the worker checkpoints PASSIVE (never waiting
 * for the writer) every CHECKPOINT_MS. SQLite starts the log over at the
 * first write after a checkpoint has caught up with it.
 *
 * With commits back to back, a PASSIVE checkpoint never catches up (it
 * copies what was in the log when it began, while the writer appends), so
 * the log would grow without end. Two bounds, each holding the next commit
 * while the worker empties the log (only the writes that arrive meanwhile
 * wait; nothing committed is answered later):
 * - past a quarter of the limit, as the worker's PASSIVE checkpoint finds it, a
 *   RESTART checkpoint: the log starts over at the start of its file, which
 *   keeps its size. Just after a PASSIVE one, it has little to copy.
 * - past the limit, as the log file's size says after each commit (one
 *   stat), a TRUNCATE checkpoint, which also cuts the file to nothing. That
 *   costs the filesystem the freeing of every block of the file, with
 *   commits held (docs/performance.md, "Served matches"), so it is the
 *   bound for a log that grew faster than the worker looked.
 * The log's file is never cut otherwise (`journal_size_limit` -1): a log
 * that starts over reuses its blocks, and the file's size is the longest
 * the log was since it was last truncated.
 *
 * The worker is JavaScript source text, started with `eval`, so it runs the
 * same from the ES module and CommonJS builds and from the TypeScript sources.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { sqliteModulePath, type SqliteDatabase } from './sqlite-driver';

const CHECKPOINT_MS = 250;

const CHECKPOINT_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const db = new Database(workerData.file, { timeout: 1000 });
db.pragma('synchronous = ' + workerData.synchronous);
const frameBytes = db.pragma('page_size', { simple: true }) + 24;
let restartAsked = false;
// A checkpoint that found a lock held (busy) is tried again: by the next tick, or after the next commit.
function checkpoint(mode) {
  try {
    const [result] = db.pragma('wal_checkpoint(' + mode + ')');
    if (mode === 'PASSIVE' && !restartAsked && result.log * frameBytes > workerData.restartBytes) {
      restartAsked = true;
      parentPort.postMessage('restart');
    }
  } catch (error) {
    if (!error || error.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: String(error && error.message) });
  }
}
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.postMessage('ready');
parentPort.on('message', (message) => {
  if (message === 'TRUNCATE' || message === 'RESTART') {
    checkpoint(message);
    restartAsked = false;
    return parentPort.postMessage('emptied');
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpoints {
  /**
   * Called after each commit: undefined while the log may go on growing;
   * else the checkpoint under way that empties it, which the next commit waits for.
   */
  afterCommit(): Promise<void> | undefined;
  /** Resolves once the worker has its connection and its timer (or has failed). */
  ready: Promise<void>;
  /** Stop the worker (it closes its connection). */
  stop(): Promise<void>;
}

/**
 * Checkpoint `file` in a worker, keeping its log under `walLimit` bytes.
 * Without the worker (it failed), `db`, the main connection, empties the log itself.
 */
export function startCheckpoints(
  db: SqliteDatabase,
  file: string,
  synchronous: 'NORMAL' | 'FULL',
  walLimit: number,
  /** How often the worker checkpoints (tests shorten it). */
  intervalMs = CHECKPOINT_MS,
): Checkpoints {
  db.pragma('journal_size_limit = -1');
  // An empty execArgv: the worker's source is a CommonJS script whatever flags this process runs with.
  const worker = new Worker(CHECKPOINT_WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: {
      sqlitePath: sqliteModulePath(),
      file,
      synchronous,
      intervalMs,
      restartBytes: walLimit / 4,
    },
  });
  worker.unref();
  let running = true;
  let stopping = false;
  /** The worker found the log past a quarter of its bound: the next commit holds for a RESTART. */
  let restartAsked = false;
  let emptying: { done: Promise<void>; resolve: () => void } | undefined;
  let started = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  const emptied = () => {
    if (!stopping) worker.unref();
    emptying?.resolve();
    emptying = undefined;
  };
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      started();
      emptied();
      resolve();
    }),
  );
  worker.on('message', (message: 'ready' | 'emptied' | 'restart' | { error: string }) => {
    if (message === 'ready') started();
    else if (message === 'emptied') emptied();
    // Asked before an emptying under way ends: that emptying answers it.
    else if (message === 'restart') restartAsked = emptying === undefined;
    else process.emitWarning(`SqliteStore (${file}): a checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => process.emitWarning(`SqliteStore (${file}): the checkpoint worker failed: ${error}`));

  const walFile = `${file}-wal`;
  const empty = (mode: 'TRUNCATE' | 'RESTART'): Promise<void> | undefined => {
    if (!running) {
      db.pragma(`wal_checkpoint(${mode})`);
      return undefined;
    }
    if (!emptying) {
      let resolve = () => {};
      const done = new Promise<void>((settle) => (resolve = settle));
      emptying = { done, resolve };
      worker.ref(); // writes wait for the answer: the process must not end before it
      worker.postMessage(mode);
    }
    return emptying.done;
  };
  return {
    ready,
    afterCommit: () => {
      try {
        const over = (statSync(walFile, { throwIfNoEntry: false })?.size ?? 0) > walLimit;
        if (!over && !restartAsked) return undefined;
        restartAsked = false;
        return empty(over ? 'TRUNCATE' : 'RESTART');
      } catch (error) {
        // The commit stands; the next one looks again.
        process.emitWarning(`SqliteStore (${file}): the log could not be checked or emptied: ${error}`);
        return undefined;
      }
    },
    stop: () => {
      stopping = true;
      worker.ref(); // the process waits for the worker to close its connection
      worker.postMessage('stop');
      return exited;
    },
  };
}
