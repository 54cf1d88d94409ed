/**
 * @module @gatehouse/resources
 * Public API: the store (schema, drivers), the command side, the query side and the Fastify plugin.
 */

// ── store (engineer A) ──
export { canonicalJson, type Json, resourceHash, sha1Hex } from './store/canonical-json.js';
export { isPostgresUrl, type OpenStoreOptions, openStore } from './store/open-store.js';
export { openPostgresStore, type PostgresStoreOptions } from './store/postgres-store.js';
export { MIGRATIONS, type Migration } from './store/schema.js';
export { openSqliteStore, type SqliteStoreOptions } from './store/sqlite-store.js';
export type {
  Dialect,
  ResourceStore,
  Row,
  SqlFunction,
  SqlParam,
  SqlRunner,
  StreamOptions,
} from './store/types.js';

// ── query (engineer B): add exports below ──
