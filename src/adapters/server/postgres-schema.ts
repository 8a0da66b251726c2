/**
 * The Postgres schema, as numbered migrations. On start, a server applies
 * the ones the database has not seen, in one transaction, under an advisory
 * lock: instances starting together migrate once, and a failed migration
 * leaves the database as it was.
 */

/** Migrations in order; the database records how many it has applied. Append, never edit. */
export const MIGRATIONS: readonly string[][] = [
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
];

/** A fixed key for pg_advisory_xact_lock: "turnchart schema". */
const SCHEMA_LOCK = 0x7475726e;

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Bring the database up to the latest schema; resolves with the number of migrations applied now. */
export async function migrate(client: Queryable): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS turnchart_schema (applied integer NOT NULL)');
    const { rows } = await client.query('SELECT applied FROM turnchart_schema');
    const applied: number = rows[0]?.applied ?? 0;
    if (applied > MIGRATIONS.length)
      throw new Error(
        `the database has schema version ${applied}; this turnchart knows ${MIGRATIONS.length}: upgrade turnchart`,
      );
    for (const migration of MIGRATIONS.slice(applied)) for (const sql of migration) await client.query(sql);
    if (rows.length === 0)
      await client.query('INSERT INTO turnchart_schema (applied) VALUES ($1)', [MIGRATIONS.length]);
    else await client.query('UPDATE turnchart_schema SET applied = $1', [MIGRATIONS.length]);
    await client.query('COMMIT');
    return MIGRATIONS.length - applied;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
