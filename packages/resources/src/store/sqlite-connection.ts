/**
 * @module store/sqlite-connection
 * Opens one better-sqlite3 connection the way every part of the SQLite store needs it: the
 * writer on the main thread or in the command thread, and each read worker's read-only
 * connection. Every connection gets the RE2-backed `regexp` function, so a query runs the same
 * wherever it runs (functions cannot cross threads, so each connection installs its own).
 */

import Database from 'better-sqlite3';
import { createRegexpFunction } from '../query/regex.js';

/** How a connection is opened. */
export interface SqliteConnectionOptions {
  /** A read connection (workers); the file must exist. */
  readonly readonly: boolean;
  /** How long to wait for another connection's lock before failing (ms). */
  readonly busyTimeoutMs: number;
  /**
   * Called by `regexp` on every row it tests; a read worker throws from it past the query's time
   * bound, which makes SQLite abandon the statement even inside one long native step.
   */
  readonly onRegexp?: () => void;
}

/** Opens a connection to `filename` with the pragmas and functions of the store. */
export function openSqliteConnection(filename: string, options: SqliteConnectionOptions): Database.Database {
  const db = new Database(filename, { readonly: options.readonly, fileMustExist: options.readonly });
  db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
  const regexp = createRegexpFunction();
  const check = options.onRegexp;
  const fn = check
    ? (pattern: unknown, value: unknown) => {
        check();
        return regexp(pattern, value);
      }
    : regexp;
  db.function('regexp', { deterministic: true }, fn);
  return db;
}

/** SQLite cannot bind booleans; the schema stores them as 0/1. */
export function bindable(params: readonly unknown[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}
