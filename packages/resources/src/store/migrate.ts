/**
 * @module store/migrate
 * Brings a database up to the newest schema version at open. Each migration runs in its own
 * transaction together with its row in `schema_migrations`, so a failed step leaves the
 * database at the previous version.
 */

import type { Migration } from './migration.js';
import { forDialect } from './placeholders.js';
import { MIGRATIONS, renderDdl } from './schema.js';
import type { Dialect, SqlRunner } from './types.js';

/** What a driver offers the migrator. */
export interface Migratable {
  readonly dialect: Dialect;
  run(sql: string, params?: readonly (string | number)[]): Promise<number>;
  all(sql: string): Promise<Record<string, unknown>[]>;
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

/** Statements of one migration, for one dialect. */
export function migrationStatements(migration: Migration, dialect: Dialect): string[] {
  return [...migration.sql, ...(migration.only?.[dialect] ?? [])].map((s) => renderDdl(s, dialect));
}

/** Applies every migration newer than the database's version; returns the versions applied. */
export async function migrate(
  db: Migratable,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await db.run(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const rows = await db.all('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migrationStatements(migration, db.dialect)) await tx.run(statement);
      const insert = 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)';
      await tx.run(forDialect(db.dialect, insert), [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    });
    applied.push(migration.version);
  }
  return applied;
}
