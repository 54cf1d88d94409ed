/**
 * @module store/placeholders
 * Our own write statements are written once with `?` placeholders; for PostgreSQL they are
 * rewritten to `$1..$n`. Only for statements of this package: their SQL holds no `?` operator
 * and no string literal with a `?` in it.
 */

import type { Dialect } from './types.js';

const cache = new Map<string, string>();

/** The statement in the dialect's placeholder style. */
export function forDialect(dialect: Dialect, sql: string): string {
  if (dialect === 'sqlite') return sql;
  let converted = cache.get(sql);
  if (converted === undefined) {
    let n = 0;
    converted = sql.replace(/\?/g, () => `$${++n}`);
    cache.set(sql, converted);
  }
  return converted;
}
