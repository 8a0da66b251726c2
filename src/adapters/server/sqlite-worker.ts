/**
 * The SQLite side of SqliteStore, run in a worker thread so that SQL,
 * file writes, fsyncs and WAL checkpoints never stall the event loop that
 * serves the matches (on the served benchmark, checkpoints on the main
 * thread made the p99 latency). It is JavaScript source text (the worker is
 * started from it with `eval`), so it runs the same from the ES module and
 * CommonJS builds and from the TypeScript sources.
 *
 * Protocol: the main thread posts batches of calls `{ id, op, args }` and
 * gets back batches of replies `{ id, result }` or
 * `{ id, error: { message, stale? } }`. JSON travels as UTF-8 bytes
 * (Uint8Array). Writes that arrive during one turn of the worker's event
 * loop share a transaction (group commit), each in its own savepoint, so one
 * refused write does not undo the others; each write is answered after
 * COMMIT returned, and the replies of a turn go back as one message.
 */
export const SQLITE_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { Database } = require(workerData.sqlitePath);

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL)',
  'CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game_name)',
  'CREATE TABLE IF NOT EXISTS match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, PRIMARY KEY (match_id, state_id))',
  'PRAGMA user_version = 1',
];

let db;
const statements = new Map();
const statement = (sql) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
};
const run = (sql, values) => statement(sql).run(values);

function stale(matchID, expected) {
  const row = statement('SELECT state_id FROM matches WHERE match_id = ?').get([matchID]);
  const error = new Error('match ' + matchID + ': the stored state is ' + (row ? 'at stateID ' + row.state_id : 'gone') + ', not ' + expected);
  error.stale = { matchID, expected, found: row ? row.state_id : undefined };
  return error;
}

const writes = {
  createMatch([matchID, gameName, stateID, updatedAt, metadata, state, initial]) {
    run('INSERT INTO matches (match_id, game_name, state_id, updated_at, metadata, state, initial) VALUES (?, ?, ?, ?, ?, ?, ?)', [matchID, gameName, stateID, updatedAt, metadata, state, initial]);
  },
  setState([matchID, stateID, expectedStateID, state, entries, metadata, updatedAt]) {
    const { changes } = run('UPDATE matches SET state_id = ?, state = ?, metadata = COALESCE(?, metadata), updated_at = COALESCE(?, updated_at) WHERE match_id = ? AND state_id = ?', [stateID, state, metadata, updatedAt, matchID, expectedStateID]);
    if (changes !== 1) throw stale(matchID, expectedStateID);
    if (entries) run('INSERT OR REPLACE INTO match_log (match_id, state_id, entries) VALUES (?, ?, ?)', [matchID, stateID, entries]);
  },
  setMetadata([matchID, metadata, updatedAt]) {
    run('UPDATE matches SET metadata = ?, updated_at = ? WHERE match_id = ?', [metadata, updatedAt, matchID]);
  },
  wipe([matchID]) {
    run('DELETE FROM match_log WHERE match_id = ?', [matchID]);
    run('DELETE FROM matches WHERE match_id = ?', [matchID]);
  },
};

const reads = {
  open([file, synchronous]) {
    db = new Database(file);
    // Exclusive locking lets WAL work without shared memory, which this SQLite build lacks.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.get('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = ' + (synchronous === 'FULL' ? 'FULL' : 'NORMAL'));
    // Checkpoints (the fsyncs of NORMAL) every 16 MB of WAL rather than 4.
    db.exec('PRAGMA wal_autocheckpoint = 4000');
    for (const sql of SCHEMA) db.exec(sql);
    return true;
  },
  fetch([matchID]) {
    return statement('SELECT metadata, updated_at, state, initial FROM matches WHERE match_id = ?').get([matchID]);
  },
  fetchMetadata([matchID]) {
    return statement('SELECT metadata, updated_at FROM matches WHERE match_id = ?').get([matchID]);
  },
  fetchLog([matchID]) {
    return statement('SELECT entries FROM match_log WHERE match_id = ? ORDER BY state_id').all([matchID]).map((row) => row.entries);
  },
  listMatches([gameName]) {
    return gameName === null
      ? statement('SELECT match_id, metadata, updated_at FROM matches').all()
      : statement('SELECT match_id, metadata, updated_at FROM matches WHERE game_name = ?').all([gameName]);
  },
  close() {
    flush();
    for (const s of statements.values()) s.finalize();
    statements.clear();
    if (db) db.close();
    db = undefined;
    return true;
  },
};

let pending = [];
let scheduled = false;

function flush() {
  const batch = pending;
  pending = [];
  if (batch.length === 0) return;
  const outcomes = [];
  try {
    run('BEGIN IMMEDIATE');
    for (const { op, args } of batch) {
      run('SAVEPOINT w');
      try {
        writes[op](args);
        run('RELEASE w');
        outcomes.push(null);
      } catch (error) {
        run('ROLLBACK TO w');
        run('RELEASE w');
        outcomes.push(error);
      }
    }
    run('COMMIT');
  } catch (error) {
    try {
      run('ROLLBACK');
    } catch {}
    for (const { id } of batch) reply(id, undefined, error);
    return;
  }
  batch.forEach(({ id }, i) => reply(id, true, outcomes[i]));
}

let replies = [];

function reply(id, result, error) {
  if (error) replies.push({ id, error: { message: String(error && error.message ? error.message : error), stale: error.stale } });
  else replies.push({ id, result });
}

function answer() {
  scheduled = false;
  flush();
  const batch = replies;
  replies = [];
  if (batch.length > 0) parentPort.postMessage(batch);
}

parentPort.on('message', (calls) => {
  for (const { id, op, args } of calls) {
    if (Object.prototype.hasOwnProperty.call(writes, op)) {
      pending.push({ id, op, args });
      continue;
    }
    try {
      reply(id, reads[op](args));
    } catch (error) {
      reply(id, undefined, error);
    }
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(answer);
  }
});
`;
