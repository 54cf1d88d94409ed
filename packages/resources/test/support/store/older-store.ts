/**
 * @module test/support/store/older-store
 * A database as an older release left it: only the first migrations applied, so a test can put rows
 * in it and then open it with this release, which runs the migrations that are left (the upgrade
 * path of a real installation). An SQLite file in a temporary directory, or a new schema in the
 * PostgreSQL named by PG_TEST_URL.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Migratable, migrate } from '../../../src/store/migrate.js';
import { connectionConfig, openPostgresStore } from '../../../src/store/postgres-store.js';
import { MIGRATIONS } from '../../../src/store/schema.js';
import { openSqliteStore, SqliteStore } from '../../../src/store/sqlite-store.js';
import type { Dialect, ResourceStore, SqlParam, SqlRunner } from '../../../src/store/types.js';

/** An older database: write rows to it, then `open` it with this release. */
export interface OlderDatabase {
  /** Runs a statement on the older schema (the dialect's own placeholders). */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /** Stops writing as the older release and opens the database with this one (migrating it). */
  open(): Promise<ResourceStore>;
  /** Closes what is open and removes the data. */
  dispose(): Promise<void>;
}

/** A database of `dialect` with the migrations up to `version` applied. */
export async function olderDatabase(dialect: Dialect, version: number): Promise<OlderDatabase> {
  const older = MIGRATIONS.filter((m) => m.version <= version);
  return dialect === 'sqlite' ? olderSqlite(older) : olderPostgres(older);
}

async function olderSqlite(older: typeof MIGRATIONS): Promise<OlderDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-older-'));
  const file = join(dir, 'resources.db');
  // The constructor opens the file without migrating it; openSqliteStore would apply every migration.
  const writer = new SqliteStore(file, { readWorkers: 0 });
  await migrate(writer, older);
  let current: ResourceStore = writer;
  return {
    run: (sql, params) => current.run(sql, params),
    open: async () => {
      await writer.close();
      current = await openSqliteStore(file);
      return current;
    },
    dispose: async () => {
      await current.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function olderPostgres(older: typeof MIGRATIONS): Promise<OlderDatabase> {
  const url = process.env.PG_TEST_URL;
  if (!url) throw new Error('PG_TEST_URL is not set: `set -a; . .data/test-env`');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(connectionConfig(url, schema, 0));
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  const runner: SqlRunner = {
    dialect: 'postgres',
    run: async (sql, params = []) => (await client.query(sql, [...params])).rowCount ?? 0,
    all: async (sql, params = []) => (await client.query(sql, [...params])).rows,
    bulkInsert: () => Promise.reject(new Error('an older database takes rows one statement at a time')),
  };
  const migratable: Migratable = {
    ...runner,
    transaction: async (work) => {
      await client.query('BEGIN');
      try {
        const result = await work(runner);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
  await migrate(migratable, older);
  let opened: ResourceStore | undefined;
  return {
    run: (sql, params) => runner.run(sql, params),
    open: async () => {
      opened = await openPostgresStore(url, { schema, maxConnections: 2 });
      return opened;
    },
    dispose: async () => {
      await opened?.close();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}
