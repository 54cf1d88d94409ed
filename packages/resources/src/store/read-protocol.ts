/**
 * @module store/read-protocol
 * The messages between the read pool (main thread) and a read worker. Each query gets its own
 * MessageChannel: the worker sends batches while it holds credit, the pool grants one credit per
 * batch its consumer takes, so a slow HTTP client slows the worker instead of filling memory.
 */

import type { MessagePort } from 'node:worker_threads';
import type { SqlParam } from './types.js';

/**
 * What a query returns: `rows` streams row objects, `objects` streams the texts of the query's one
 * column (each answer's JSON, rendered by the SQL), `all` sends every row in one batch (small
 * results: counts, existence checks).
 */
export type ReadMode = 'rows' | 'objects' | 'all';

/** Sent once, at start, as the worker's `workerData`. */
export interface ReadWorkerData {
  readonly filename: string;
  readonly busyTimeoutMs: number;
}

/** One query: its SQL, and what it returns. */
export interface ReadRequest {
  readonly sql: string;
  readonly params: readonly SqlParam[];
  readonly mode: ReadMode;
}

/** A query as a worker gets it (posted with `port` in the transfer list). */
export interface ReadTask extends ReadRequest {
  /** Time the worker may spend producing rows (waiting for credit excluded); 0 = unbounded. */
  readonly timeoutMs: number;
  readonly port: MessagePort;
}

/** Worker → pool, on the task's port. */
export type ReadReply =
  | { readonly kind: 'batch'; readonly items: unknown[] }
  | { readonly kind: 'end' }
  | { readonly kind: 'error'; readonly message: string; readonly timedOut: boolean };

/** Pool → worker, on the task's port: one more batch may be sent, or stop now. */
export type ReadControl = { readonly kind: 'more' } | { readonly kind: 'stop' };

/** Worker → pool, on the worker's own channel. */
export type WorkerSignal = { readonly kind: 'ready' } | { readonly kind: 'idle' };

/** Batches a worker may send before it needs credit: one in the consumer's hands, one being built. */
export const INITIAL_CREDITS = 2;

/** Target size of one batch of JSON text, and the most rows in one batch of row objects. */
export const BATCH_CHARS = 65_536;
export const BATCH_ROWS = 500;
