/**
 * @module commands/command-thread
 * Runs the durable command queue and node expiry/purge of an SQLite store in a worker thread of
 * its own (commands/command-worker.ts), so the event loop only posts a checked command and hears
 * what became of it. better-sqlite3 is synchronous: applied on the main thread, one 500-resource
 * catalog held every other request for tens of milliseconds. If the thread dies (a native
 * crash), the jobs it held fail and a new thread takes over; the queue and the data are as the
 * last committed transaction left them, so nothing stored is lost.
 */

import { Worker } from 'node:worker_threads';
import type { GcResult } from '../lifecycle/gc.js';
import { type Logger, silentLogger } from '../logger.js';
import { workerScript } from '../store/worker-script.js';
import type { ApplyOutcome } from './apply-catalog.js';
import type { CommandJob, CommandReply, CommandWorkerData, JobResult } from './command-protocol.js';
import type { QueueEntry } from './command-queue.js';
import type { QueueEvent } from './queue-consumer.js';

/** What the pending map holds per job. */
interface Pending {
  resolve(result: JobResult): void;
  reject(error: Error): void;
}

/** Distributes the omission of `id` over the job union. */
type JobBody = CommandJob extends infer J ? (J extends CommandJob ? Omit<J, 'id'> : never) : never;

/** The main thread's handle on the command worker. */
export class CommandThread {
  readonly #data: CommandWorkerData;
  readonly #logger: Logger;
  readonly #pending = new Map<number, Pending>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #listeners: ((event: QueueEvent) => void)[] = [];
  #worker: Worker;
  #ready = false;
  #broken: Error | undefined;
  #nextId = 1;
  #closed = false;

  constructor(data: CommandWorkerData, options: { logger?: Logger } = {}) {
    this.#data = data;
    this.#logger = options.logger ?? silentLogger;
    this.#worker = this.#spawn();
  }

  /** Stores a checked command in the queue; resolves once it is committed (false: its uuid was stored already). */
  async enqueue(entry: QueueEntry): Promise<boolean> {
    return (await this.#send({ job: 'enqueue', entry })) as boolean;
  }

  /** Applies a waited command as it is stored (commands/apply-waited.ts); undefined: queued behind its node's. */
  async applyWaited(entry: QueueEntry): Promise<ApplyOutcome | undefined> {
    return ((await this.#send({ job: 'apply-waited', entry })) as ApplyOutcome | null) ?? undefined;
  }

  /** Calls `listener` with what became of each command the thread applied or gave up on. */
  onEvent(listener: (event: QueueEvent) => void): void {
    this.#listeners.push(listener);
  }

  /** One node expiry and purge run in the thread. */
  collectGarbage(options: {
    nodeTtlMs: number;
    purgeTtlMs: number;
    reportTtlMs: number;
    now: Date;
  }): Promise<GcResult> {
    const { nodeTtlMs, purgeTtlMs, reportTtlMs, now } = options;
    const job = { job: 'gc', nodeTtlMs, purgeTtlMs, reportTtlMs, now: now.toISOString() } as const;
    return this.#send(job) as Promise<GcResult>;
  }

  /** Refuses new jobs, waits for those already sent, and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled(this.#inFlight);
    await this.#worker.terminate();
  }

  #send(body: JobBody): Promise<JobResult> {
    if (this.#closed) return Promise.reject(new Error('@gatehouse/resources: the command thread is closed'));
    if (this.#broken) return Promise.reject(this.#broken);
    const id = this.#nextId++;
    const done = new Promise<JobResult>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id } as CommandJob);
    });
    const settled = () => {
      this.#inFlight.delete(tracked);
    };
    const tracked: Promise<void> = done.then(settled, settled);
    this.#inFlight.add(tracked);
    return done;
  }

  #spawn(): Worker {
    this.#ready = false;
    const worker = new Worker(workerScript('commands/command-worker.js'), { workerData: this.#data });
    worker.on('message', (message: CommandReply) => this.#receive(message));
    worker.on('error', (error) => this.#logger.logf('[WARN] resources: command thread failed: %s', error));
    worker.on('exit', (code) => this.#exited(code));
    return worker;
  }

  #exited(code: number): void {
    if (this.#closed) return;
    const lost = new Error(`@gatehouse/resources: the command thread ended (exit code ${code})`);
    for (const pending of this.#pending.values()) pending.reject(lost);
    this.#pending.clear();
    if (!this.#ready) {
      // It could not even open the database: starting it again would fail the same way.
      this.#broken = lost;
      this.#logger.logf('[ERROR] resources: command thread failed at start (code %d)', code);
      return;
    }
    this.#logger.logf('[WARN] resources: command thread exited (code %d); starting a new one', code);
    this.#worker = this.#spawn();
  }

  #receive(message: CommandReply): void {
    if (message.kind === 'ready') {
      this.#ready = true;
      return;
    }
    if (message.kind === 'event') {
      for (const listener of this.#listeners) listener(message.event);
      return;
    }
    if (message.kind === 'log') {
      this.#logger.logf(message.format, ...message.args);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.kind === 'done') pending.resolve(message.result);
    else pending.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
  }
}
