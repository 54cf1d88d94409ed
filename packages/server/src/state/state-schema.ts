/**
 * @module state/state-schema
 * The PostgreSQL tables of the shared state store and their migrations. The versions live in a
 * table of their own (`gatehouse_state_migrations`), not in the resources store's
 * `schema_migrations`: both may share one database and schema, and each migrates on its own.
 * Migrations run under an advisory lock, so instances starting together apply each one once; each
 * runs in one transaction with its version row, so a failed step leaves the previous version.
 */
import type pg from 'pg';

export const TABLE = 'gatehouse_state';
const VERSIONS = 'gatehouse_state_migrations';
/** The advisory lock of state migrations ("gsta"), distinct from the resources store's. */
const LOCK_KEY = 0x6773_7461;

interface Migration {
  version: number;
  name: string;
  sql: readonly string[];
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'state table',
    sql: [
      // Logged (not UNLOGGED): a revocation must survive a database crash.
      `CREATE TABLE ${TABLE} (key text PRIMARY KEY, value text NOT NULL, expires_at timestamptz NOT NULL)`,
      `CREATE INDEX ${TABLE}_expires_at ON ${TABLE} (expires_at)`,
    ],
  },
];

/** Brings the state tables of the connection's schema up to the newest version. */
export async function migrateStateTable(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    // Waiting for another instance's migration is no runaway statement.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      return await applyMigrations(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

async function applyMigrations(client: pg.PoolClient): Promise<number[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${VERSIONS} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${VERSIONS}`);
  const done = new Set(rows.map((row) => row.version));
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue;
    await client.query('BEGIN');
    try {
      for (const statement of migration.sql) await client.query(statement);
      await client.query(`INSERT INTO ${VERSIONS} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    applied.push(migration.version);
  }
  return applied;
}
