/**
 * The stores' schemas, as numbered migrations, and the one runner that
 * applies them to SQLite and to Postgres. A database records how many
 * migrations it has applied (SQLite: `PRAGMA user_version`; Postgres: the
 * `turnchart_schema` row); on open, the store applies the ones after that
 * in order, in one transaction holding the database's write lock (SQLite:
 * `BEGIN IMMEDIATE`; Postgres: an advisory lock), so instances starting
 * together migrate once and a failed migration leaves the database as it
 * was. Migrations are appended, never edited.
 */
import type { SqliteDatabase } from './sqlite-driver';

/** What the runner needs of a database: its lock and transaction, and its count of applied migrations. */
interface MigrationTarget {
  name: string;
  transaction<T>(body: () => Promise<T>): Promise<T>;
  applied(): Promise<number>;
  setApplied(count: number): Promise<void>;
}

/** Apply the migrations `target` has not applied yet; resolves with how many were applied now. */
async function runMigrations(target: MigrationTarget, migrations: readonly (() => unknown)[]): Promise<number> {
  return target.transaction(async () => {
    const applied = await target.applied();
    if (applied > migrations.length)
      throw new Error(
        `the ${target.name} has schema version ${applied}, written by a newer turnchart (this one knows ${migrations.length}): upgrade turnchart`,
      );
    for (const migration of migrations.slice(applied)) await migration();
    if (applied !== migrations.length) await target.setApplied(migrations.length);
    return migrations.length - applied;
  });
}

/** JSON cells: text, or UTF-8 bytes in files of schema 1. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stored JSON state or change list, read by the migration that knows its shape
export const parsedCell = (cell: unknown): any =>
  JSON.parse(typeof cell === 'string' ? cell : Buffer.from(cell as Uint8Array).toString('utf8'));

/**
 * Schema 2 stored, per action, the values it changed (`[stateID before,
 * [[path, value], …]]`) and the whole state only every 32 actions. Schema 3
 * stores whole states: a match's state is its base with those changes put in.
 */
function foldChanges(db: SqliteDatabase): void {
  const bases = db.prepare('SELECT match_id, state_id, state FROM match_states').all();
  const changes = db.prepare(
    'SELECT state_id, delta FROM match_log WHERE match_id = ? AND state_id > ? AND delta IS NOT NULL ORDER BY state_id',
  );
  const rebase = db.prepare('UPDATE match_states SET state_id = ?, state = ? WHERE match_id = ?');
  for (const base of bases) {
    let state = parsedCell(base.state);
    let at: number = base.state_id;
    for (const row of changes.all(base.match_id, base.state_id)) {
      const [from, values] = parsedCell(row.delta) as [number, [(string | number)[], unknown][]];
      if (from !== at) break;
      for (const [path, value] of values) {
        if (path.length === 0) state = value;
        else
          path
            .slice(0, -1)
            .reduce(
              (node: Record<string | number, unknown>, key) => node[key] as Record<string | number, unknown>,
              state,
            )[path[path.length - 1]] = value;
      }
      at = row.state_id;
    }
    // (A gap leaves the state behind the match's stateID: the store refuses to read that match.)
    if (at !== base.state_id) rebase.run(at, JSON.stringify(state), base.match_id);
  }
}

/** The SQLite store's migrations (sqlite-schema.ts has its statements). */
const SQLITE_MIGRATIONS: readonly ((db: SqliteDatabase) => void)[] = [
  // 1: a match is one row, its log one row per action.
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL);
      CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game_name);
      CREATE TABLE IF NOT EXISTS match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, PRIMARY KEY (match_id, state_id));`),
  // 2: states beside the match's row; the log holds each action's changes.
  (db) =>
    db.exec(`
      CREATE TABLE match_states (match_id TEXT PRIMARY KEY, state_id INTEGER NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL);
      INSERT INTO match_states (match_id, state_id, state, initial) SELECT match_id, state_id, state, initial FROM matches;
      ALTER TABLE matches DROP COLUMN state;
      ALTER TABLE matches DROP COLUMN initial;
      ALTER TABLE match_log ADD COLUMN delta BLOB;`),
  // 3: whole states (see foldChanges).
  (db) => {
    foldChanges(db);
    db.exec('ALTER TABLE match_log DROP COLUMN delta');
  },
  // 4: each match's next time limit (ms), so a server restarting reschedules its timeouts.
  (db) =>
    db.exec(`
      ALTER TABLE matches ADD COLUMN deadline INTEGER;
      CREATE INDEX matches_by_deadline ON matches (deadline) WHERE deadline IS NOT NULL;`),
];

/** Bring a SQLite database to the latest schema. */
export function migrateSqlite(db: SqliteDatabase): Promise<number> {
  return runMigrations(
    {
      name: 'file',
      async transaction(body) {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await body();
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      },
      applied: async () => db.pragma('user_version', { simple: true }) as number,
      setApplied: async (count) => void db.pragma(`user_version = ${count}`),
    },
    SQLITE_MIGRATIONS.map((migration) => () => migration(db)),
  );
}

export interface Queryable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as the database driver returns it (pg and better-sqlite3 type it so): columns by name
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** The Postgres store's migrations. */
const POSTGRES_MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE turnchart_matches (
      match_id text PRIMARY KEY,
      game_name text NOT NULL,
      state_id integer NOT NULL,
      version integer NOT NULL,
      updated_at bigint NOT NULL,
      metadata json NOT NULL,
      state json NOT NULL,
      initial json NOT NULL
    )`,
    'CREATE INDEX turnchart_matches_by_game ON turnchart_matches (game_name, updated_at)',
    `CREATE TABLE turnchart_match_log (
      match_id text NOT NULL REFERENCES turnchart_matches (match_id) ON DELETE CASCADE,
      state_id integer NOT NULL,
      entries json NOT NULL,
      PRIMARY KEY (match_id, state_id)
    )`,
  ],
  // Each match's next time limit (ms), so a server restarting reschedules its timeouts.
  [
    'ALTER TABLE turnchart_matches ADD COLUMN deadline bigint',
    'CREATE INDEX turnchart_matches_by_deadline ON turnchart_matches (deadline) WHERE deadline IS NOT NULL',
  ],
];

/** A fixed key for pg_advisory_xact_lock: "turnchart schema". */
const SCHEMA_LOCK = 0x7475726e;

/** Bring a Postgres database to the latest schema (on one client of the pool). */
export function migratePostgres(client: Queryable): Promise<number> {
  let exists = false;
  return runMigrations(
    {
      name: 'database',
      async transaction(body) {
        await client.query('BEGIN');
        try {
          await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
          const result = await body();
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      },
      async applied() {
        await client.query('CREATE TABLE IF NOT EXISTS turnchart_schema (applied integer NOT NULL)');
        const { rows } = await client.query('SELECT applied FROM turnchart_schema');
        exists = rows.length > 0;
        return rows[0]?.applied ?? 0;
      },
      async setApplied(count) {
        await client.query(
          exists ? 'UPDATE turnchart_schema SET applied = $1' : 'INSERT INTO turnchart_schema (applied) VALUES ($1)',
          [count],
        );
      },
    },
    POSTGRES_MIGRATIONS.map((statements) => async () => {
      for (const sql of statements) await client.query(sql);
    }),
  );
}
