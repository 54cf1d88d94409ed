/**
 * @module store/bulk-insert
 * Many-row inserts for both drivers. A catalog is hundreds of resources with their tags and
 * parameters; a round trip per row would make PostgreSQL ingestion crawl, so PostgreSQL gets one
 * statement per table and chunk that unnests typed arrays, and SQLite reuses a prepared statement.
 * Table and column names come from our own code, never from requests.
 */

import type Database from 'better-sqlite3';
import { forDialect } from './placeholders.js';
import type { BulkColumns, BulkInsertOptions, ColumnType, SqlParam } from './types.js';

/** The PostgreSQL array type a column of each kind is sent as. */
export const PG_ARRAY_TYPE: Record<ColumnType, string> = {
  text: 'text[]',
  int: 'integer[]',
  bool: 'boolean[]',
  json: 'text[]',
  ts: 'timestamptz[]',
};

/** Rows per PostgreSQL statement: keeps each bind message well under the protocol limits. */
export const PG_CHUNK_ROWS = 5000;

/** The PostgreSQL statement that inserts rows given as one array parameter per column. */
export function pgUnnestInsert(table: string, columns: BulkColumns, options: BulkInsertOptions = {}): string {
  const names = columns.map(([name]) => name);
  const arrays = columns.map(([, type]) => `?::${PG_ARRAY_TYPE[type]}`);
  const selected = columns.map(([name, type]) => (type === 'json' ? `u.${name}::jsonb` : `u.${name}`));
  return forDialect(
    'postgres',
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${selected.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')})${onConflict(options)}`,
  );
}

function onConflict(options: BulkInsertOptions): string {
  return options.skipDuplicates ? ' ON CONFLICT DO NOTHING' : '';
}

/** Turns rows into one array per column (PostgreSQL's unnest form). */
export function columnArrays(columns: BulkColumns, rows: readonly (readonly SqlParam[])[]): SqlParam[][] {
  return columns.map((_c, i) => rows.map((row) => row[i] ?? null));
}

/** The SQLite statement that inserts one row. */
export function sqliteInsert(table: string, columns: BulkColumns, options: BulkInsertOptions = {}): string {
  const names = columns.map(([name]) => name);
  return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})${onConflict(options)}`;
}

/** Inserts rows on an SQLite connection, reusing one prepared statement per table and column list. */
export function sqliteBulkInsert(
  db: Database.Database,
  cache: Map<string, Database.Statement>,
  table: string,
  columns: BulkColumns,
  rows: readonly (readonly SqlParam[])[],
  options: BulkInsertOptions = {},
): number {
  const sql = sqliteInsert(table, columns, options);
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  for (const row of rows) statement.run(...row.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
  return rows.length;
}
