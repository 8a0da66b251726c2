/**
 * The SQLite store's tables and statements. A match is one row: its
 * metadata, the game machine's persisted snapshot, boardgame.io's undo/redo
 * stacks and its initial state, as JSON; its log is one row per action.
 * (Files written by earlier releases hold the JSON as UTF-8 blobs; reads
 * take either.)
 */
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver';

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL)',
  'CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game_name)',
  'CREATE TABLE IF NOT EXISTS match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, PRIMARY KEY (match_id, state_id))',
  'PRAGMA user_version = 1',
];

const SQL = {
  insertMatch:
    'INSERT INTO matches (match_id, game_name, state_id, updated_at, metadata, state, initial) VALUES (?, ?, ?, ?, ?, ?, ?)',
  updateState:
    'UPDATE matches SET state_id = ?, state = ?, metadata = COALESCE(?, metadata), updated_at = COALESCE(?, updated_at) WHERE match_id = ? AND state_id = ?',
  appendLog: 'INSERT OR REPLACE INTO match_log (match_id, state_id, entries) VALUES (?, ?, ?)',
  setMetadata: 'UPDATE matches SET metadata = ?, updated_at = ? WHERE match_id = ?',
  deleteLog: 'DELETE FROM match_log WHERE match_id = ?',
  deleteMatch: 'DELETE FROM matches WHERE match_id = ?',
  stateID: 'SELECT state_id FROM matches WHERE match_id = ?',
  fetch: 'SELECT metadata, updated_at, state, initial FROM matches WHERE match_id = ?',
  fetchMetadata: 'SELECT metadata, updated_at FROM matches WHERE match_id = ?',
  fetchLog: 'SELECT entries FROM match_log WHERE match_id = ? ORDER BY state_id',
  listAll: 'SELECT match_id, metadata, updated_at FROM matches',
  listGame: 'SELECT match_id, metadata, updated_at FROM matches WHERE game_name = ?',
} as const;

export type SqliteStatements = { [name in keyof typeof SQL]: SqliteStatement };

/**
 * WAL with `synchronous` as asked and automatic checkpoints off (a worker
 * runs them: sqlite-checkpoints.ts); the schema; every statement prepared once.
 */
export function prepareDatabase(db: SqliteDatabase, synchronous: 'NORMAL' | 'FULL'): SqliteStatements {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('wal_autocheckpoint = 0');
  for (const sql of SCHEMA) db.exec(sql);
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as SqliteStatements;
}
