/**
 * WAL checkpoints run in a worker thread on a second connection, so the
 * copy of the log into the database file and its fsync never stall the
 * event loop that serves the matches (a checkpoint on the main thread was
 * what made the served benchmark's p99 latency). The main connection has
 * automatic checkpoints off; the worker checkpoints PASSIVE (never waiting
 * for the writer) every CHECKPOINT_MS. SQLite starts the log over at the
 * first write after a checkpoint has caught up with it.
 *
 * The worker is JavaScript source text, started with `eval`, so it runs the
 * same from the ES module and CommonJS builds and from the TypeScript sources.
 */
import { Worker } from 'node:worker_threads';
import { sqliteModulePath } from './sqlite-driver';

const CHECKPOINT_MS = 250;

const CHECKPOINT_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const db = new Database(workerData.file, { timeout: 1000 });
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // SQLITE_BUSY while the writer holds its lock: the next tick tries again.
    if (!error || error.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: String(error && error.message) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Start checkpointing `file`; the returned function stops the worker (and closes its connection). */
export function startCheckpoints(file: string, synchronous: 'NORMAL' | 'FULL'): () => Promise<void> {
  // An empty execArgv: the worker's source is a CommonJS script whatever flags this process runs with.
  const worker = new Worker(CHECKPOINT_WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { sqlitePath: sqliteModulePath(), file, synchronous, intervalMs: CHECKPOINT_MS },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', ({ error }) => process.emitWarning(`SqliteStore (${file}): a checkpoint failed: ${error}`));
  worker.on('error', (error) => process.emitWarning(`SqliteStore (${file}): the checkpoint worker failed: ${error}`));
  return () => {
    worker.ref(); // the process waits for the worker to close its connection
    worker.postMessage('stop');
    return exited;
  };
}
