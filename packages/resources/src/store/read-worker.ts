/**
 * @module store/read-worker
 * A read worker thread: one read-only SQLite connection (WAL, so it never waits for the writer),
 * opened once, running one query at a time for the read pool. Rows (or, for `objects`, the JSON
 * texts the query renders) are sent in batches of ~64 KB as the pool grants credit. The time bound
 * is enforced here first (between batches and inside every `regexp` call, which makes SQLite
 * abandon even one long step); the pool kills the thread only when that cannot happen in time.
 */

import { parentPort, workerData } from 'node:worker_threads';
import {
  BATCH_CHARS,
  BATCH_ROWS,
  INITIAL_CREDITS,
  type ReadControl,
  type ReadReply,
  type ReadTask,
  type ReadWorkerData,
  type WorkerSignal,
} from './read-protocol.js';
import { bindable, openSqliteConnection } from './sqlite-connection.js';

/** Thrown past the deadline; SQLite passes it through the statement that called `regexp`. */
class DeadlinePassed extends Error {}

let deadline = Number.POSITIVE_INFINITY;
const checkDeadline = () => {
  if (performance.now() > deadline) throw new DeadlinePassed('query time limit');
};

const data = workerData as ReadWorkerData;
const db = openSqliteConnection(data.filename, {
  readonly: true,
  busyTimeoutMs: data.busyTimeoutMs,
  onRegexp: checkDeadline,
});
const parent = parentPort!;

function signal(message: WorkerSignal): void {
  parent.postMessage(message);
}

/** Time accounting: only time spent producing rows counts, not time waiting for credit. */
class Budget {
  #remaining: number;
  #since = 0;

  constructor(timeoutMs: number) {
    this.#remaining = timeoutMs > 0 ? timeoutMs : Number.POSITIVE_INFINITY;
  }

  resume(): void {
    this.#since = performance.now();
    deadline = this.#since + this.#remaining;
  }

  pause(): void {
    this.#remaining -= performance.now() - this.#since;
    deadline = Number.POSITIVE_INFINITY;
  }
}

/** Fills one batch from `rows` (texts when `texts`); `done` when the rows ran out. */
function fill(rows: Iterator<unknown>, texts: boolean) {
  const items: unknown[] = [];
  let chars = 0;
  for (;;) {
    const next = rows.next();
    if (next.done) return { items, done: true };
    if (texts) {
      const text = next.value as string;
      items.push(text);
      chars += text.length;
      if (chars >= BATCH_CHARS) return { items, done: false };
    } else {
      items.push(next.value);
      if (items.length >= BATCH_ROWS) return { items, done: false };
    }
    if (items.length % 256 === 0) checkDeadline();
  }
}

async function run(task: ReadTask): Promise<void> {
  const { port } = task;
  const reply = (message: ReadReply) => port.postMessage(message);
  let credits = INITIAL_CREDITS;
  let stopped = false;
  let wake: (() => void) | undefined;
  port.on('message', (message: ReadControl) => {
    if (message.kind === 'more') credits += 1;
    else stopped = true;
    wake?.();
  });
  const budget = new Budget(task.timeoutMs);
  let rows: IterableIterator<unknown> | undefined;
  try {
    const statement = db.prepare(task.sql);
    budget.resume();
    if (task.mode === 'all') {
      reply({ kind: 'batch', items: statement.all(...bindable(task.params)) });
      reply({ kind: 'end' });
      return;
    }
    // `objects`: the query's one column is each answer's JSON text (query/compile.ts).
    const texts = task.mode === 'objects';
    if (texts) statement.pluck();
    rows = statement.iterate(...bindable(task.params)) as IterableIterator<unknown>;
    for (;;) {
      // Let control messages in (a stop, more credit) between batches.
      budget.pause();
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (stopped || credits > 0) setImmediate(resolve);
      });
      wake = undefined;
      if (stopped) break;
      budget.resume();
      const batch = fill(rows, texts);
      if (batch.items.length > 0) {
        credits -= 1;
        reply({ kind: 'batch', items: batch.items });
      }
      if (batch.done) {
        reply({ kind: 'end' });
        break;
      }
    }
  } catch (error) {
    const timedOut = error instanceof DeadlinePassed;
    reply({ kind: 'error', message: (error as Error).message, timedOut });
  } finally {
    deadline = Number.POSITIVE_INFINITY;
    rows?.return?.();
    port.close();
    signal({ kind: 'idle' });
  }
}

parent.on('message', (task: ReadTask) => {
  void run(task);
});
signal({ kind: 'ready' });
