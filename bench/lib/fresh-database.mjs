/**
 * A fresh, empty resources database for a resources bench: an SQLite file in a temporary folder,
 * or a schema of its own in the PostgreSQL of PG_TEST_URL (`set -a; . .data/test-env`). Returns what
 * the resources plugin takes as `database` and how to remove it afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** `name` tells the bench's folder or schema apart from another bench's. */
export async function freshDatabase(dialect, name) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `gatehouse-${name}-`));
    return {
      database: join(dir, 'resources.db'),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
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
  return { database: withSchema.toString(), dispose: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}
