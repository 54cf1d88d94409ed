/**
 * @module store/errors
 * Failures of the store that are not the database rejecting SQL: a query past its time bound,
 * a read queue that is full, a worker that died. Each has a stable code and the HTTP status the
 * routes answer (503: the query is valid, the service is the limit).
 */

const STORE_ERROR_STATUS = {
  /** The query ran longer than `queryTimeoutMs` and was stopped. */
  ERR_STORE_QUERY_TIMEOUT: 503,
  /** Every read worker is busy and the waiting queue is full, or a query waited too long for one. */
  ERR_STORE_BUSY: 503,
  /** A worker thread ended while it held the query (a crash); it has been replaced. */
  ERR_STORE_WORKER_EXITED: 503,
  /** The store was closed while the query waited or ran. */
  ERR_STORE_CLOSED: 503,
} as const;

export type StoreErrorCode = keyof typeof STORE_ERROR_STATUS;

/** A store failure with a stable `code` and the `status` to answer. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  readonly status: number;

  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
    this.status = STORE_ERROR_STATUS[code];
  }
}

/** The error of a query stopped at its time bound (the text a client sees). */
export function queryTimeoutError(timeoutMs: number): StoreError {
  return new StoreError(
    'ERR_STORE_QUERY_TIMEOUT',
    `Query cancelled: it ran longer than the query time limit (queryTimeoutMs = ${timeoutMs} ms). Narrow the query or retry later.`,
  );
}
