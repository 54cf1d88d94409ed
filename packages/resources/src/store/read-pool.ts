/**
 * @module store/read-pool
 * A small fixed pool of read worker threads for the SQLite store, so no query runs on the event
 * loop that every area of the service shares. Each worker keeps one read-only connection; a
 * query takes an idle worker or waits in a bounded FIFO queue (full → `ERR_STORE_BUSY`, 503).
 * Results come back as a stream of batches with credit-based backpressure.
 *
 * The time bound (`timeoutMs`, the same `queryTimeoutMs` PostgreSQL gets as statement_timeout)
 * counts the time a worker spends producing rows, not the time it waits for a slow client. The
 * worker stops itself at the bound; if it is stuck inside one native SQLite step that calls no
 * JavaScript, the pool terminates it after a grace period and starts a replacement at once.
 * Such a thread ends when that step returns (V8 cannot interrupt native code).
 *
 * Written here rather than taken from piscina: a query is a stream, not a call with one result,
 * and the time bound must exclude the time spent waiting on the client; that protocol is most of
 * the code either way, and the rest (a queue, replacement) is a few lines.
 */

import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { type Logger, silentLogger } from '../logger.js';
import { queryTimeoutError, StoreError } from './errors.js';
import {
  INITIAL_CREDITS,
  type ReadControl,
  type ReadReply,
  type ReadRequest,
  type ReadTask,
  type ReadWorkerData,
  type WorkerSignal,
} from './read-protocol.js';
import { workerScript } from './worker-script.js';

/** Options of the read pool. */
export interface ReadPoolOptions {
  readonly filename: string;
  readonly busyTimeoutMs: number;
  /** Worker threads (≥ 1). */
  readonly size: number;
  /** Queries that may wait for a worker; one more is refused with `ERR_STORE_BUSY`. */
  readonly queueLimit: number;
  /** Time bound of one query in ms (0 = none); also the longest wait for a worker. */
  readonly timeoutMs: number;
  readonly logger?: Logger;
}

/** What the pool reports about itself (status route, tests). */
export interface ReadPoolStats {
  readonly size: number;
  readonly busy: number;
  readonly queued: number;
  /** Workers terminated and replaced so far (timeouts that could not be interrupted, crashes). */
  readonly replaced: number;
}

/** How long the pool waits past the bound for the worker to stop itself before killing it. */
const KILL_GRACE_MS = 1000;
/** Workers that die before they are ready, in a row, before the pool stops replacing them. */
const MAX_START_FAILURES = 3;

interface PoolWorker {
  readonly thread: Worker;
  ready: boolean;
  stream: ReadStream | undefined;
}

interface Waiting {
  readonly stream: ReadStream;
  readonly timer: NodeJS.Timeout | undefined;
}

/** The consumer's side of one query: an async iterator of batches. */
class ReadStream implements AsyncIterableIterator<unknown[]> {
  readonly request: ReadRequest;
  readonly #timeoutMs: number;
  readonly #onTimeout: (stream: ReadStream) => void;
  readonly #batches: unknown[][] = [];
  #port: MessagePort | undefined;
  #failure: Error | undefined;
  #ended = false;
  #finished = false;
  #wake: (() => void) | undefined;
  /** Batches the worker owes us (credit granted, batch not yet received). */
  #owed = 0;
  #activeMs = 0;
  #activeSince = 0;
  #watchdog: NodeJS.Timeout | undefined;

  constructor(request: ReadRequest, timeoutMs: number, onTimeout: (stream: ReadStream) => void) {
    this.request = request;
    this.#timeoutMs = timeoutMs;
    this.#onTimeout = onTimeout;
  }

  /** Hands the query to a worker. */
  start(worker: Worker): void {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.on('message', (reply: ReadReply) => this.#receive(reply));
    const task: ReadTask = { ...this.request, timeoutMs: this.#timeoutMs, port: port2 };
    worker.postMessage(task, [port2]);
    this.#owe(INITIAL_CREDITS);
  }

  /** Ends the stream with `error` (the consumer sees it at its next read). */
  fail(error: Error): void {
    if (this.#ended) return;
    this.#failure = error;
    this.#end();
  }

  get finished(): boolean {
    return this.#finished;
  }

  #receive(reply: ReadReply): void {
    if (this.#ended) return;
    if (reply.kind === 'batch') {
      this.#batches.push(reply.items);
      this.#owe(-1);
    } else if (reply.kind === 'end') {
      this.#end();
    } else {
      this.fail(reply.timedOut ? queryTimeoutError(this.#timeoutMs) : new Error(reply.message));
    }
    this.#wake?.();
  }

  /** Tracks the time the worker is producing (it owes batches), and arms the watchdog then. */
  #owe(delta: number): void {
    const before = this.#owed;
    this.#owed += delta;
    if (this.#timeoutMs <= 0) return;
    if (before === 0 && this.#owed > 0) {
      this.#activeSince = performance.now();
      const left = this.#timeoutMs + KILL_GRACE_MS - this.#activeMs;
      this.#watchdog = setTimeout(() => this.#onTimeout(this), Math.max(0, left));
    } else if (before > 0 && this.#owed === 0) {
      this.#activeMs += performance.now() - this.#activeSince;
      clearTimeout(this.#watchdog);
    }
  }

  #end(): void {
    this.#ended = true;
    clearTimeout(this.#watchdog);
    this.#port?.close();
    this.#wake?.();
  }

  async next(): Promise<IteratorResult<unknown[]>> {
    for (;;) {
      const batch = this.#batches.shift();
      if (batch) {
        if (!this.#ended) {
          this.#port?.postMessage({ kind: 'more' } satisfies ReadControl);
          this.#owe(1);
        }
        return { value: batch, done: false };
      }
      if (this.#failure) throw this.#failure;
      if (this.#ended) {
        this.#finished = true;
        return { value: undefined, done: true };
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }

  async return(): Promise<IteratorResult<unknown[]>> {
    if (!this.#ended) {
      this.#port?.postMessage({ kind: 'stop' } satisfies ReadControl);
      this.#end();
    }
    this.#finished = true;
    this.#batches.length = 0;
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** A fixed pool of read workers over one SQLite file. */
export class ReadPool {
  readonly #options: ReadPoolOptions;
  readonly #logger: Logger;
  readonly #workers = new Set<PoolWorker>();
  readonly #idle: PoolWorker[] = [];
  readonly #queue: Waiting[] = [];
  #replaced = 0;
  #startFailures = 0;
  #broken: Error | undefined;
  #closed = false;

  constructor(options: ReadPoolOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    for (let i = 0; i < options.size; i += 1) this.#spawn();
  }

  get stats(): ReadPoolStats {
    const busy = [...this.#workers].filter((w) => w.stream !== undefined).length;
    return { size: this.#options.size, busy, queued: this.#queue.length, replaced: this.#replaced };
  }

  /** Starts `request` on a worker (or queues it); iterate the result to get batches. */
  read(request: ReadRequest): AsyncIterableIterator<unknown[]> {
    if (this.#closed) throw new StoreError('ERR_STORE_CLOSED', '@gatehouse/resources: the store is closed');
    if (this.#broken) throw this.#broken;
    const stream = new ReadStream(request, this.#options.timeoutMs, (s) => this.#kill(s));
    const worker = this.#idle.pop();
    if (worker) {
      this.#assign(worker, stream);
      return stream;
    }
    if (this.#queue.length >= this.#options.queueLimit) {
      throw new StoreError(
        'ERR_STORE_BUSY',
        `Too many queries at once: ${this.#options.size} running and ${this.#queue.length} waiting. Retry later.`,
      );
    }
    const timeoutMs = this.#options.timeoutMs;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            this.#dequeue(stream);
            stream.fail(
              new StoreError(
                'ERR_STORE_BUSY',
                `No query worker became free within the query time limit (${timeoutMs} ms). Retry later.`,
              ),
            );
          }, timeoutMs)
        : undefined;
    this.#queue.push({ stream, timer });
    return stream;
  }

  /** Stops every worker; queued and running queries fail with `ERR_STORE_CLOSED`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const closed = new StoreError('ERR_STORE_CLOSED', '@gatehouse/resources: the store was closed');
    for (const waiting of this.#queue.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.stream.fail(closed);
    }
    const exits: Promise<unknown>[] = [];
    for (const worker of this.#workers) {
      worker.stream?.fail(closed);
      exits.push(worker.thread.terminate());
    }
    this.#workers.clear();
    this.#idle.length = 0;
    // A thread inside a long native step ends only when the step returns: do not wait for it.
    await Promise.race([Promise.allSettled(exits), new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  #spawn(): void {
    const data: ReadWorkerData = {
      filename: this.#options.filename,
      busyTimeoutMs: this.#options.busyTimeoutMs,
    };
    const thread = new Worker(workerScript('store/read-worker.js'), { workerData: data });
    const worker: PoolWorker = { thread, ready: false, stream: undefined };
    this.#workers.add(worker);
    thread.on('message', (message: WorkerSignal) => {
      if (message.kind === 'ready') {
        worker.ready = true;
        this.#startFailures = 0;
      } else {
        this.#release(worker);
      }
    });
    thread.on('error', (error) => {
      this.#logger.logf('[WARN] resources: read worker failed: %s', error.message);
    });
    thread.on('exit', (code) => this.#lost(worker, code));
    this.#release(worker);
  }

  #assign(worker: PoolWorker, stream: ReadStream): void {
    worker.stream = stream;
    stream.start(worker.thread);
  }

  /** The worker is free: give it the next waiting query, or park it. */
  #release(worker: PoolWorker): void {
    if (!this.#workers.has(worker)) return;
    worker.stream = undefined;
    const waiting = this.#queue.shift();
    if (waiting) {
      clearTimeout(waiting.timer);
      this.#assign(worker, waiting.stream);
    } else {
      this.#idle.push(worker);
    }
  }

  #dequeue(stream: ReadStream): void {
    const at = this.#queue.findIndex((w) => w.stream === stream);
    if (at !== -1) this.#queue.splice(at, 1);
  }

  /** The watchdog fired: the worker did not stop itself at the bound. */
  #kill(stream: ReadStream): void {
    const worker = [...this.#workers].find((w) => w.stream === stream);
    stream.fail(queryTimeoutError(this.#options.timeoutMs));
    if (!worker) return;
    this.#logger.logf(
      '[WARN] resources: query worker stuck past the time limit (%d ms); replacing it',
      this.#options.timeoutMs,
    );
    this.#forget(worker);
    worker.thread.removeAllListeners('exit');
    worker.thread.unref();
    void worker.thread.terminate();
    this.#replaced += 1;
    this.#spawn();
  }

  #forget(worker: PoolWorker): void {
    this.#workers.delete(worker);
    const at = this.#idle.indexOf(worker);
    if (at !== -1) this.#idle.splice(at, 1);
  }

  /** A worker exited on its own (a crash): fail its query and replace it. */
  #lost(worker: PoolWorker, code: number): void {
    if (this.#closed || !this.#workers.has(worker)) return;
    this.#forget(worker);
    worker.stream?.fail(
      new StoreError(
        'ERR_STORE_WORKER_EXITED',
        `The query worker ended (exit code ${code}); retry the query.`,
      ),
    );
    if (!worker.ready) this.#startFailures += 1;
    if (this.#startFailures >= MAX_START_FAILURES) {
      this.#broken = new Error(
        `@gatehouse/resources: read workers for ${this.#options.filename} exit at start (exit code ${code})`,
      );
      for (const waiting of this.#queue.splice(0)) {
        clearTimeout(waiting.timer);
        waiting.stream.fail(this.#broken);
      }
      return;
    }
    this.#logger.logf('[WARN] resources: read worker exited (code %d); replacing it', code);
    this.#replaced += 1;
    this.#spawn();
  }
}
