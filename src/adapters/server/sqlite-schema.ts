/**
 * The SQLite store's statements. A match is a row of `matches` (metadata,
 * the current stateID and time), a row of `match_states` (the game
 * machine's persisted snapshot with boardgame.io's undo/redo stacks, and
 * the initial state) and one `match_log` row per action. The tables are
 * made by the numbered migrations in schema-migrations.ts; JSON cells may
 * be text or, as schema 1 wrote them, UTF-8 blobs.
 */
import { migrateSqlite } from './schema-migrations';
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver';

const SQL = {
  insertMatch:
    'INSERT INTO matches (match_id, game_name, state_id, updated_at, metadata, deadline) VALUES (?, ?, ?, ?, ?, ?)',
  insertStates: 'INSERT INTO match_states (match_id, state_id, state, initial) VALUES (?, ?, ?, ?)',
  advance:
    'UPDATE matches SET state_id = ?, metadata = COALESCE(?, metadata), updated_at = COALESCE(?, updated_at), deadline = ? WHERE match_id = ? AND state_id = ?',
  writeState: 'UPDATE match_states SET state_id = ?, state = ? WHERE match_id = ?',
  appendLog: 'INSERT OR REPLACE INTO match_log (match_id, state_id, entries) VALUES (?, ?, ?)',
  setMetadata: 'UPDATE matches SET metadata = ?, updated_at = ? WHERE match_id = ?',
  deleteLog: 'DELETE FROM match_log WHERE match_id = ?',
  deleteStates: 'DELETE FROM match_states WHERE match_id = ?',
  deleteMatch: 'DELETE FROM matches WHERE match_id = ?',
  stateID: 'SELECT state_id FROM matches WHERE match_id = ?',
  fetch:
    'SELECT metadata, updated_at, matches.state_id AS state_id, match_states.state_id AS stored_id, state, initial FROM matches JOIN match_states USING (match_id) WHERE match_id = ?',
  fetchMetadata: 'SELECT metadata, updated_at FROM matches WHERE match_id = ?',
  fetchLog: 'SELECT entries FROM match_log WHERE match_id = ? ORDER BY state_id',
  listAll: 'SELECT match_id, metadata, updated_at FROM matches',
  listGame: 'SELECT match_id, metadata, updated_at FROM matches WHERE game_name = ?',
  deadlines: 'SELECT match_id, deadline FROM matches WHERE deadline IS NOT NULL AND deadline <= ?',
} as const;

export type SqliteStatements = { [name in keyof typeof SQL]: SqliteStatement };

/**
 * WAL with `synchronous` as asked and automatic checkpoints off (a worker
 * runs them, and bounds the log: sqlite-checkpoints.ts); the schema; every
 * statement prepared once.
 */
export async function prepareDatabase(db: SqliteDatabase, synchronous: 'NORMAL' | 'FULL'): Promise<SqliteStatements> {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('wal_autocheckpoint = 0');
  await migrateSqlite(db);
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as SqliteStatements;
}
