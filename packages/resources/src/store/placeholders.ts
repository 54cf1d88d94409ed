/**
 * @module store/placeholders
 * The package's one placeholder style: every SQL text it runs (hand-written statements and the
 * query compiler's output alike) is written with positional `?` placeholders, bound in text
 * order, and `forDialect` numbers them `$1..$n` for PostgreSQL just before the statement runs; the
 * drivers themselves never rewrite SQL. This is sound because our SQL holds no other `?`: no
 * PostgreSQL jsonb `?` operator, and no literal holding one (values are always bound).
 */

import type { Dialect } from './types.js';

/** Numbered forms kept; compiled queries come in as many shapes as clients send, so it is bounded. */
const CACHE_ENTRIES = 256;
/** Longer statements (big `in` lists) are numbered each time: running them costs far more. */
const CACHE_MAX_CHARS = 4096;
const cache = new Map<string, string>();

/** The statement in the dialect's placeholder style. */
export function forDialect(dialect: Dialect, sql: string): string {
  if (dialect === 'sqlite') return sql;
  let converted = cache.get(sql);
  if (converted === undefined) {
    let n = 0;
    converted = sql.replace(/\?/g, () => `$${++n}`);
    if (sql.length <= CACHE_MAX_CHARS) {
      if (cache.size >= CACHE_ENTRIES) cache.clear();
      cache.set(sql, converted);
    }
  }
  return converted;
}
