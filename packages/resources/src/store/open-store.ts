/**
 * @module store/open-store
 * Picks the driver from the `database` setting: a `postgres://` / `postgresql://` connection
 * string opens PostgreSQL; anything else is the path of an SQLite file.
 */

import { openPostgresStore, type PostgresStoreOptions } from './postgres-store.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
import type { ResourceStore } from './types.js';

/** Options of `openStore`: the union of both drivers' options. */
export type OpenStoreOptions = SqliteStoreOptions & PostgresStoreOptions;

/** True when `database` names a PostgreSQL server rather than an SQLite file. */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/** Opens and migrates the store named by `database`. */
export function openStore(database: string, options: OpenStoreOptions = {}): Promise<ResourceStore> {
  if (typeof database !== 'string' || database.trim() === '') {
    throw new TypeError('@gatehouse/resources: `database` must be an SQLite file path or a postgres:// URL');
  }
  return isPostgresUrl(database) ? openPostgresStore(database, options) : openSqliteStore(database, options);
}
