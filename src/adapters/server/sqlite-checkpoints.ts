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
 * the log would grow without end. The log is bounded by its file's size:
 * after each commit the store looks at it (one stat), and past the limit
 * its next commit waits while the worker runs a TRUNCATE checkpoint, which
 * copies the rest, syncs the database file and empties the log. Nothing
 * committed is answered later than before; only the writes that arrive
 * meanwhile wait, and only when the worker fell behind. A log that started
 * over by itself is cut back to `journal_size_limit` (sqlite-schema.ts),
 * below the bound, so its file's size is the log's length past that.
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
// A checkpoint that found a lock held (busy) is tried again: by the next tick, or after the next commit.
function checkpoint(mode) {
  try {
    db.pragma('wal_checkpoint(' + mode + ')');
  } catch (error) {
    if (!error || error.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: String(error && error.message) });
  }
}
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'truncate') {
    checkpoint('TRUNCATE');
    return parentPort.postMessage('truncated');
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpoints {
  /**
   * Called after each commit: undefined while the log is within its bound;
   * past it, the TRUNCATE checkpoint under way, which the next commit waits for.
   */
  afterCommit(): Promise<void> | undefined;
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
): Checkpoints {
  // A log that started over is cut back below the bound when it is next written (see above).
  db.pragma(`journal_size_limit = ${Math.floor(walLimit / 4)}`);
  // An empty execArgv: the worker's source is a CommonJS script whatever flags this process runs with.
  const worker = new Worker(CHECKPOINT_WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { sqlitePath: sqliteModulePath(), file, synchronous, intervalMs: CHECKPOINT_MS },
  });
  worker.unref();
  let running = true;
  let stopping = false;
  let truncating: { done: Promise<void>; resolve: () => void } | undefined;
  const truncated = () => {
    if (!stopping) worker.unref();
    truncating?.resolve();
    truncating = undefined;
  };
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      truncated();
      resolve();
    }),
  );
  worker.on('message', (message: 'truncated' | { error: string }) => {
    if (message === 'truncated') truncated();
    else process.emitWarning(`SqliteStore (${file}): a checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => process.emitWarning(`SqliteStore (${file}): the checkpoint worker failed: ${error}`));

  const walFile = `${file}-wal`;
  const truncate = (): Promise<void> | undefined => {
    if (!running) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      return undefined;
    }
    if (!truncating) {
      let resolve = () => {};
      const done = new Promise<void>((settle) => (resolve = settle));
      truncating = { done, resolve };
      worker.ref(); // writes wait for the answer: the process must not end before it
      worker.postMessage('truncate');
    }
    return truncating.done;
  };
  return {
    afterCommit: () => {
      try {
        return (statSync(walFile, { throwIfNoEntry: false })?.size ?? 0) > walLimit ? truncate() : undefined;
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
