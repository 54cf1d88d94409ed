/**
 * @module store/migration
 * The shape of one numbered schema step, in a file of its own so that the files holding migrations
 * (schema.ts and the per-feature ones such as report-schema.ts) all import it without importing
 * each other.
 */
import type { Dialect } from './types.js';

/** One numbered step of the schema. `sql` holds the DDL written with the type tokens below. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * Statements for both dialects; tokens {TS} {JSON} {BOOL} {TRUE} are filled per dialect, and
   * {CLUSTERED} after a table makes SQLite store rows in primary-key order (WITHOUT ROWID): for the
   * narrow child tables that halves the writes per row, since the key is the table.
   */
  readonly sql: readonly string[];
  /** Statements only one dialect understands (e.g. a GIN index). */
  readonly only?: Partial<Record<Dialect, readonly string[]>>;
}
