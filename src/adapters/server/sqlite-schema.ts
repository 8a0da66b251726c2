/**
 * The SQLite store's tables and statements (schema 2). A match is a row of
 * `matches` (metadata, the current stateID and time), a row of
 * `match_states` (a base state — the game machine's persisted snapshot,
 * boardgame.io's undo/redo stacks — with its stateID, and the initial
 * state), and one `match_log` row per action: its log entries and, after
 * the base, what the action changed (`[stateID before, changes]`, the
 * changes as state-delta.ts writes them). The current state is
 * the base with the later changes applied. Small rows per action, instead
 * of rewriting a whole state: see sqlite-store.ts.
 *
 * Files of schema 1 (one row per match holding state and initial state)
 * are migrated when opened; JSON cells may be text or, as earlier releases
 * wrote them, UTF-8 blobs.
 */
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver';

const SCHEMA_VERSION = 2;

const MATCH_STATES =
  'CREATE TABLE IF NOT EXISTS match_states (match_id TEXT PRIMARY KEY, state_id INTEGER NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL)';

const CREATE = [
  'CREATE TABLE IF NOT EXISTS matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL)',
  'CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game_name)',
  MATCH_STATES,
  'CREATE TABLE IF NOT EXISTS match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, delta BLOB, PRIMARY KEY (match_id, state_id))',
];

const FROM_SCHEMA_1 = [
  MATCH_STATES,
  'INSERT INTO match_states (match_id, state_id, state, initial) SELECT match_id, state_id, state, initial FROM matches',
  'ALTER TABLE matches DROP COLUMN state',
  'ALTER TABLE matches DROP COLUMN initial',
  'ALTER TABLE match_log ADD COLUMN delta BLOB',
];

const SQL = {
  insertMatch: 'INSERT INTO matches (match_id, game_name, state_id, updated_at, metadata) VALUES (?, ?, ?, ?, ?)',
  insertStates: 'INSERT INTO match_states (match_id, state_id, state, initial) VALUES (?, ?, ?, ?)',
  advance:
    'UPDATE matches SET state_id = ?, metadata = COALESCE(?, metadata), updated_at = COALESCE(?, updated_at) WHERE match_id = ? AND state_id = ?',
  rebase: 'UPDATE match_states SET state_id = ?, state = ? WHERE match_id = ?',
  appendLog: 'INSERT OR REPLACE INTO match_log (match_id, state_id, entries, delta) VALUES (?, ?, ?, ?)',
  setMetadata: 'UPDATE matches SET metadata = ?, updated_at = ? WHERE match_id = ?',
  deleteLog: 'DELETE FROM match_log WHERE match_id = ?',
  deleteStates: 'DELETE FROM match_states WHERE match_id = ?',
  deleteMatch: 'DELETE FROM matches WHERE match_id = ?',
  stateID: 'SELECT state_id FROM matches WHERE match_id = ?',
  fetch:
    'SELECT metadata, updated_at, matches.state_id AS state_id, match_states.state_id AS base_id, state, initial FROM matches JOIN match_states USING (match_id) WHERE match_id = ?',
  fetchDeltas: 'SELECT state_id, delta FROM match_log WHERE match_id = ? AND state_id > ? ORDER BY state_id',
  fetchMetadata: 'SELECT metadata, updated_at FROM matches WHERE match_id = ?',
  fetchLog: 'SELECT entries FROM match_log WHERE match_id = ? ORDER BY state_id',
  listAll: 'SELECT match_id, metadata, updated_at FROM matches',
  listGame: 'SELECT match_id, metadata, updated_at FROM matches WHERE game_name = ?',
} as const;

export type SqliteStatements = { [name in keyof typeof SQL]: SqliteStatement };

/** Create the tables, or bring a schema-1 file to schema 2, in one transaction. */
function migrate(db: SqliteDatabase): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION)
    throw new Error(`the file has schema ${version}, written by a newer turnchart (this one reads ${SCHEMA_VERSION})`);
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const sql of version === 1 ? FROM_SCHEMA_1 : CREATE) db.exec(sql);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * WAL with `synchronous` as asked and automatic checkpoints off (a worker
 * runs them: sqlite-checkpoints.ts); the schema; every statement prepared once.
 */
export function prepareDatabase(db: SqliteDatabase, synchronous: 'NORMAL' | 'FULL'): SqliteStatements {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('wal_autocheckpoint = 0');
  migrate(db);
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as SqliteStatements;
}
