/**
 * @module test/support/store/test-stores
 * Fresh, isolated stores for tests, one per call: an SQLite file in a temporary directory, or a
 * new schema in the PostgreSQL named by PG_TEST_URL (written by scripts/setup/10-postgres.sh).
 * Loop a suite over `DIALECTS` to run it against both engines.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgresStore } from '../../../src/store/postgres-store.js';
import { openSqliteStore } from '../../../src/store/sqlite-store.js';
import type { Dialect, ResourceStore } from '../../../src/store/types.js';

/** Both dialects, for `describe.each(DIALECTS)`. */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** A store plus the function that closes it and removes its data. */
export interface TestStore {
  readonly store: ResourceStore;
  /** The `database` setting that opens the same data again (file path or URL + schema). */
  readonly database: string;
  readonly schema?: string;
  dispose(): Promise<void>;
}

/** The PostgreSQL URL for tests; throws a message that says how to get one. */
export function pgTestUrl(): string {
  const url = process.env.PG_TEST_URL;
  if (!url) {
    throw new Error(
      'PG_TEST_URL is not set: run `make test-setup` (scripts/setup/10-postgres.sh), then `set -a; . .data/test-env`',
    );
  }
  return url;
}

/** Opens a fresh, empty, migrated store of the given dialect. */
export async function openTestStore(dialect: Dialect): Promise<TestStore> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-resources-'));
    const file = join(dir, 'resources.db');
    const store = await openSqliteStore(file);
    return {
      store,
      database: file,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = pgTestUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openPostgresStore(url, { schema, maxConnections: 4 });
  return {
    store,
    database: url,
    schema,
    dispose: async () => {
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}
