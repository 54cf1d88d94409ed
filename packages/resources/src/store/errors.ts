/**
 * @module store/errors
 * Failures of the store that are not the database rejecting SQL: a query past its time bound,
 * a read queue that is full, a worker that died. Each has a stable code and the HTTP status the
 * routes answer (503: the query is valid, the service is the limit).
 */

import { ResourcesError } from '../errors.js';

const STORE_ERROR_STATUS = {
  /** The query ran longer than `queryTimeoutMs` and was stopped. */
  ERR_STORE_QUERY_TIMEOUT: 503,
  /** Every read worker is busy and the waiting queue is full, or a query waited too long for one. */
  ERR_STORE_BUSY: 503,
  /** A worker thread ended while it held the query (a crash); it has been replaced. */
  ERR_STORE_WORKER_EXITED: 503,
  /** The store was closed while the query waited or ran. */
  ERR_STORE_CLOSED: 503,
  /** The database cannot be reached (PostgreSQL down or restarting, its connection lost). */
  ERR_STORE_UNAVAILABLE: 503,
  /** SQLite: the disk (or the file's size limit) is full; nothing of the write was kept. */
  ERR_STORE_FULL: 503,
  /** SQLite: another process holds the database file's lock past the busy timeout. */
  ERR_STORE_LOCKED: 503,
  /** SQLite: the database file cannot be opened, read or written (permissions, I/O, not a database). */
  ERR_STORE_UNREADABLE: 503,
} as const;

/** Seconds a client is told to wait (`Retry-After`) before trying a store that is away again. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export type StoreErrorCode = keyof typeof STORE_ERROR_STATUS;

/** A store failure with a stable `code` and the `status` to answer. */
export class StoreError extends ResourcesError<StoreErrorCode> {
  constructor(code: StoreErrorCode, message: string) {
    super(code, STORE_ERROR_STATUS[code], message);
  }
}

/** True for a failure of the database itself (away, full, locked, unreadable): answer 503 with Retry-After. */
export function isUnavailable(error: unknown): error is StoreError {
  return (
    error instanceof StoreError &&
    (error.code === 'ERR_STORE_UNAVAILABLE' ||
      error.code === 'ERR_STORE_FULL' ||
      error.code === 'ERR_STORE_LOCKED' ||
      error.code === 'ERR_STORE_UNREADABLE')
  );
}

/** The error of a query stopped at its time bound (the text a client sees). */
export function queryTimeoutError(timeoutMs: number): StoreError {
  return new StoreError(
    'ERR_STORE_QUERY_TIMEOUT',
    `Query cancelled: it ran longer than the query time limit (queryTimeoutMs = ${timeoutMs} ms). Narrow the query or retry later.`,
  );
}
