/**
 * @module commands/command-worker
 * The command thread of an SQLite service: it owns the writer connection, stores commands in the
 * durable queue, applies them (commands/queue-consumer.ts) and runs node expiry and purge here,
 * so a catalog's hundreds of inserts never hold the event loop. Jobs come from
 * commands/command-thread.ts; the store's own queue serialises every transaction.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from '../lifecycle/gc.js';
import type { Logger } from '../logger.js';
import { openSqliteStore } from '../store/sqlite-store.js';
import type { CommandJob, CommandReply, CommandWorkerData } from './command-protocol.js';
import { enqueue } from './command-queue.js';
import { QueueConsumer } from './queue-consumer.js';

const data = workerData as CommandWorkerData;
const parent = parentPort!;
const reply = (message: CommandReply) => parent.postMessage(message);
const logger: Logger = { logf: (format, ...args) => reply({ kind: 'log', format, args }) };

// Reads run here too (readWorkers 0): this thread is already off the event loop.
const store = await openSqliteStore(data.filename, { busyTimeoutMs: data.busyTimeoutMs, readWorkers: 0 });
// SQLite has one writer: one loop. Commands left queued by a previous run are applied first.
const consumer = new QueueConsumer(store, {
  ...data,
  concurrency: 1,
  now: () => new Date(),
  logger,
  onEvent: (event) => reply({ kind: 'event', event }),
});

async function run(job: CommandJob) {
  if (job.job === 'enqueue') {
    await enqueue(store, job.entry);
    consumer.wake();
    return null;
  }
  const now = new Date(job.now);
  return collectGarbage(store, {
    nodeTtlMs: job.nodeTtlMs,
    purgeTtlMs: job.purgeTtlMs,
    now: () => now,
    logger,
  });
}

parent.on('message', (job: CommandJob) => {
  run(job).then(
    (result) => reply({ kind: 'done', id: job.id, result }),
    (error: unknown) => reply({ kind: 'failed', id: job.id, error: error as Error }),
  );
});
consumer.start();
reply({ kind: 'ready' });
