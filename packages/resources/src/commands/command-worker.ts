/**
 * @module commands/command-worker
 * The command thread of an SQLite service: it owns the writer connection, stores commands in the
 * durable queue, applies them (commands/queue-consumer.ts), applies waited commands as it stores
 * them (commands/apply-waited.ts) and runs node expiry and purge here,
 * so a catalog's hundreds of inserts never hold the event loop. Jobs come from
 * commands/command-thread.ts; the store's own queue serialises every transaction.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from '../lifecycle/gc.js';
import type { Logger } from '../logger.js';
import { defaults } from '../options.js';
import { openSqliteStore } from '../store/sqlite-store.js';
import { applyWhileStoring } from './apply-waited.js';
import type { CommandJob, CommandReply, CommandWorkerData, JobResult } from './command-protocol.js';
import { enqueue, type QueueEntry } from './command-queue.js';
import { QueueConsumer } from './queue-consumer.js';

const data = workerData as CommandWorkerData;
const parent = parentPort!;
const reply = (message: CommandReply) => parent.postMessage(message);
const logger: Logger = { logf: (format, ...args) => reply({ kind: 'log', format, args }) };

// Reads run here too (readWorkers 0): this thread is already off the event loop. The service
// migrated the file before it started this thread.
const db = await openSqliteStore(data.filename, {
  busyTimeoutMs: data.busyTimeoutMs,
  readWorkers: 0,
  migrate: false,
});
// SQLite has one writer: one loop. Commands left queued by a previous run are applied first.
const consumer = new QueueConsumer(db, {
  ...data,
  concurrency: 1,
  batch: defaults.commandBatch,
  batchMs: defaults.commandBatchMs,
  now: () => new Date(),
  logger,
  onEvent: (event) => reply({ kind: 'event', event }),
});

interface Waiting {
  readonly entry: QueueEntry;
  /** True when stored, false when its uuid was stored already. */
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

/**
 * Commands waiting for the writer to be stored. Those that arrive while it applies a batch are
 * stored together, in one transaction (one commit), when it is free: each answer then waits for
 * one commit, not for one commit per command before it.
 */
let waiting: Waiting[] = [];

function storeCommand(entry: QueueEntry): Promise<boolean> {
  return new Promise((resolve, reject) => {
    waiting.push({ entry, resolve, reject });
    if (waiting.length === 1) void storeWaiting();
  });
}

async function storeWaiting(): Promise<void> {
  let group: Waiting[] = [];
  const stored: boolean[] = [];
  try {
    await db.transaction(async (tx) => {
      group = waiting;
      waiting = [];
      for (const { entry } of group) stored.push(await enqueue(tx, entry));
    });
    for (const [i, one] of group.entries()) one.resolve(stored[i]!);
    consumer.wake();
  } catch (error) {
    // A transaction that could not even begin (a closed store) took nobody: refuse those waiting.
    if (group.length === 0) [group, waiting] = [waiting, []];
    for (const failed of group) failed.reject(error);
  }
}

async function run(job: CommandJob): Promise<JobResult> {
  if (job.job === 'enqueue') return storeCommand(job.entry);
  if (job.job === 'apply-waited') {
    const outcome = await applyWhileStoring(db, job.entry, data.instance, () => new Date());
    return outcome ?? null;
  }
  const now = new Date(job.now);
  return collectGarbage(db, {
    nodeTtlMs: job.nodeTtlMs,
    purgeTtlMs: job.purgeTtlMs,
    reportTtlMs: job.reportTtlMs,
    now: () => now,
    logger,
  });
}

parent.on('message', (job: CommandJob) => {
  run(job).then(
    (result) => reply({ kind: 'done', id: job.id, result }),
    (error: unknown) => {
      const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
      const failed = {
        message: typeof message === 'string' ? message : String(error),
        ...(typeof code === 'string' && { code }),
      };
      reply({ kind: 'failed', id: job.id, error: failed });
    },
  );
});
consumer.start();
reply({ kind: 'ready' });
