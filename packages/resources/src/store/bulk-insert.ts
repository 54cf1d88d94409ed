/**
 * @module store/bulk-insert
 * Many-row inserts for both drivers. A catalog is hundreds of resources with their tags and
 * parameters; a round trip per row would make PostgreSQL ingestion crawl, so PostgreSQL gets one
 * statement per table and chunk, and SQLite reuses a prepared statement. Table and column names
 * come from our own code, never from requests.
 *
 * PostgreSQL gets a chunk as one parameter, its rows as one JSON array of arrays, which the
 * statement expands with `jsonb_array_elements` and casts column by column. It used to get one
 * array parameter per column for `unnest`, and node-postgres writes an array literal in JavaScript,
 * escaping element by element: 13 ms of Node CPU for 6,000 rows of a 500-resource catalog, where
 * `JSON.stringify` of the same rows takes 4-5 ms (in the waited catalog benchmark, encoding and
 * binding a catalog's rows went from 9 to 4 ms, with less garbage to collect). The server's CPU is
 * the same either way (index upkeep is most of it). Of the JSON forms measured, jsonb rows cost the
 * server least: a `json` row is parsed again for every column read from it (several times slower),
 * and one JSON array per column, `ROWS FROM (jsonb_array_elements_text(...))`, saves about 1 ms of
 * stringify and costs the server about as much.
 *
 * A value is stored as in the array form: JSON null (or a missing cell) is SQL NULL, a string is
 * itself (`"null"` too), a boolean or an integer is its text cast to the column's type, and a
 * `json` column's JSON text is cast to jsonb. (Numbers go to integer columns only: for a text
 * column, jsonb would write `1e-7` as `0.0000001`.) Two things JSON needs besides: a lone UTF-16
 * surrogate, which jsonb refuses, becomes U+FFFD as UTF-8 encoding made it before; and a chunk is
 * held under `PG_CHUNK_CHARS` too, since a jsonb value is limited to 256 MiB (a bind message to
 * 1 GiB).
 */

import type Database from 'better-sqlite3';
import { forDialect } from './placeholders.js';
import type { BulkColumns, BulkInsertOptions, ColumnType, SqlParam } from './types.js';

/** The PostgreSQL type the text of each kind of column is cast to; text stays as it is. */
const PG_CAST: Record<ColumnType, string> = {
  text: '',
  int: '::integer',
  bool: '::boolean',
  json: '::jsonb',
  ts: '::timestamptz',
};

/** Rows per PostgreSQL statement: keeps each bind message well under the protocol limits. */
export const PG_CHUNK_ROWS = 5000;

/**
 * JSON characters per PostgreSQL statement. A character is at most 3 bytes of UTF-8, and the
 * smallest values (`1,`) at most 6 times their text in jsonb: under the 256 MiB of a jsonb value.
 */
export const PG_CHUNK_CHARS = 32 * 1024 * 1024;

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The values of `columns`, each cast to its column's type, from `row`: a jsonb array holding one
 * row's values in column order (`->>` reads JSON null, or no value at all, as SQL NULL).
 */
export function pgRowValues(columns: BulkColumns, row: string): string {
  return columns.map(([, type], i) => `(${row}->>${i})${PG_CAST[type]}`).join(', ');
}

/** The PostgreSQL statement that inserts the rows given as one JSON array of arrays (see `pgJsonChunks`). */
export function pgJsonInsert(table: string, columns: BulkColumns, options: BulkInsertOptions = {}): string {
  const names = columns.map(([name]) => name);
  return forDialect(
    'postgres',
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${pgRowValues(columns, 'r')} FROM jsonb_array_elements(?::jsonb) AS r${onConflict(options)}`,
  );
}

/** The clause that skips rows already stored, when asked to. */
function onConflict(options: BulkInsertOptions): string {
  return options.skipDuplicates ? ' ON CONFLICT DO NOTHING' : '';
}

/** A value JSON.stringify cannot write as it is, made what the pg driver sent for it. */
function asPostgresText(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  return typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;
}

/** `rows` as one JSON array of arrays, the parameter of a statement reading `pgRowValues`. */
export function pgJsonRows(rows: readonly (readonly SqlParam[])[]): string {
  try {
    const json = JSON.stringify(rows);
    // A lone surrogate is written as an escape (`\udc00`), every other character as itself; a
    // backslash written before `ud` (`\\ud`) only takes the longer way.
    if (!json.includes('\\ud')) return json;
  } catch {
    // A bigint, which JSON has no form for: the replacer writes its digits.
  }
  return JSON.stringify(rows, asPostgresText);
}

/**
 * `rows` as JSON arrays of arrays of at most `PG_CHUNK_ROWS` rows and `PG_CHUNK_CHARS`
 * characters (a longer one is halved until it fits or is one row). One `JSON.stringify` per chunk:
 * a call per row costs half as much again.
 */
export function pgJsonChunks(rows: readonly (readonly SqlParam[])[]): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += PG_CHUNK_ROWS) {
    chunks.push(...fitted(rows.length > PG_CHUNK_ROWS ? rows.slice(start, start + PG_CHUNK_ROWS) : rows));
  }
  return chunks;
}

/** The JSON of `rows`, in halves and halves of halves while it is over `PG_CHUNK_CHARS`. */
function fitted(rows: readonly (readonly SqlParam[])[]): string[] {
  const json = pgJsonRows(rows);
  if (json.length <= PG_CHUNK_CHARS || rows.length === 1) return [json];
  const half = Math.ceil(rows.length / 2);
  return [...fitted(rows.slice(0, half)), ...fitted(rows.slice(half))];
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
