/**
 * A fresh schema in the PostgreSQL of PG_TEST_URL per call, dropped after the test: `url` connects
 * with that schema first on the search path, as a deployment's `?options=-c search_path=...` would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach } from 'vitest';

export interface TestSchema {
  /** PG_TEST_URL with the schema as search path. */
  readonly url: string;
  readonly schema: string;
  /** Runs one statement as an administrator (outside the schema's search path). */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
}

export function pgTestUrl(): string {
  const url = process.env.PG_TEST_URL;
  if (!url) throw new Error('PG_TEST_URL is not set: run `make test-setup` (scripts/setup/10-postgres.sh)');
  return url;
}

/** Returns `schema()`; every schema it makes is dropped after the test. */
export function useTestSchemas(): () => Promise<TestSchema> {
  const made: string[] = [];
  afterEach(async () => {
    const admin = new pg.Client({ connectionString: pgTestUrl() });
    await admin.connect();
    try {
      for (const schema of made.splice(0)) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await admin.end();
    }
  });
  return async () => {
    const base = pgTestUrl();
    const schema = `st_${randomBytes(5).toString('hex')}`;
    made.push(schema);
    const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        return await admin.query<R>(sql, params);
      } finally {
        await admin.end();
      }
    };
    await query(`CREATE SCHEMA ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { url: url.toString(), schema, query };
  };
}
