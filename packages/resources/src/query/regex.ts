/**
 * Regular expressions, one syntax for both databases: RE2's (linear time, no backreferences or
 * lookaround). Every pattern is compiled with RE2 while the query is validated, so an invalid or
 * unsupported pattern is a 400 on both dialects before any SQL runs. Every SQLite connection gets
 * a `regexp` function backed by RE2 (store/sqlite-connection.ts), so a hostile pattern cannot
 * stall it; PostgreSQL runs its own `~` under `statement_timeout`.
 * @module
 */
import RE2 from 're2';
import { QueryError } from './errors.js';

/** The prefix that makes a pattern case-insensitive; RE2 and PostgreSQL's ARE both accept it. */
export const CASE_INSENSITIVE_PREFIX = '(?i)';

/** Compiles a pattern with RE2, or throws the 400 a client sees. */
export function checkRegex(pattern: string): void {
  try {
    new RE2(pattern, 'u');
  } catch (error) {
    throw new QueryError(
      'ERR_QUERY_REGEX',
      `Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`,
    );
  }
}

/** The cache size of compiled patterns for the SQLite `regexp` function. */
const CACHE_SIZE = 256;

/**
 * Builds the SQLite `regexp(pattern, value)` function (`value REGEXP pattern` in SQL). Numbers
 * are matched by their text, NULL never matches. Compiled patterns are cached (LRU).
 */
export function createRegexpFunction(): (pattern: unknown, value: unknown) => number | null {
  const cache = new Map<string, RE2>();
  const compiled = (pattern: string): RE2 => {
    let re = cache.get(pattern);
    if (re) {
      cache.delete(pattern);
    } else {
      re = new RE2(pattern, 'u');
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(pattern, re);
    return re;
  };
  return (pattern, value) => {
    if (pattern === null || value === null || value === undefined) return null;
    return compiled(String(pattern)).test(String(value)) ? 1 : 0;
  };
}
