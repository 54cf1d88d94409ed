/**
 * A fresh, empty resources database for a resources bench: an SQLite file in a temporary folder,
 * or a schema of its own in the PostgreSQL of PG_TEST_URL (`set -a; . .data/test-env`). Returns what
 * the resources plugin takes as `database` and how to remove it afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * `name` tells the bench's folder or schema apart from another bench's. `settled(tables)` waits
 * until the database's own upkeep has passed over the loaded tables (PostgreSQL's autovacuum;
 * nothing to wait for on SQLite).
 */
export async function freshDatabase(dialect, name) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `gatehouse-${name}-`));
    return {
      database: join(dir, 'resources.db'),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
      settled: async () => 0,
    };
  }
  const url = process.env.PG_TEST_URL;
  if (!url) throw new Error('PG_TEST_URL is not set: `set -a; . .data/test-env`');
  const schema = `bench_${name}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    database: withSchema.toString(),
    dispose: () => admin(`DROP SCHEMA ${schema} CASCADE`),
    settled: (tables) => autovacuumed(url, schema, tables),
  };
}

/**
 * Waits (at most `limitMs`) until PostgreSQL's autovacuum has passed over `tables` of `schema`
 * since they were loaded, as it has over the tables of a PuppetDB fed in an earlier run: right
 * after a bulk load, index-only scans have no visibility map yet and indexes still point at the
 * row versions that updates replaced, so a query measured then measures the load, not the
 * steady state. Nothing is vacuumed by hand. Resolves with the seconds waited, or undefined when
 * autovacuum did not come in time (the table then says so).
 */
async function autovacuumed(url, schema, tables, limitMs = 180_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    while (performance.now() - started < limitMs) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS done FROM pg_stat_user_tables
         WHERE schemaname = $1 AND relname = ANY($2) AND last_autovacuum IS NOT NULL AND n_dead_tup < 100`,
        [schema, tables],
      );
      if (rows[0].done === tables.length) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return undefined;
  } finally {
    await client.end();
  }
}
