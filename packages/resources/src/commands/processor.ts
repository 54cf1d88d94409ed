/**
 * @module commands/processor
 * The command API's side of the durable queue. `submit` stores a checked command in the queue
 * (commands/command-queue.ts) and resolves once it is committed, before the route answers 200;
 * a consumer (commands/queue-consumer.ts) applies it in the background, in the SQLite command
 * thread or, on PostgreSQL, here. A command whose client waits for it is applied in the
 * transaction that stores it instead (commands/apply-waited.ts), up to `concurrency` at once;
 * one still applying when the wait ends is queued as well, under its unique uuid, so it is durable
 * before the timeout is answered and applied once, by whichever commits first. `done` settles when this instance applied it (in-process, no
 * database round trip), or, for a command another instance sharing the database applied, when
 * that instance's `settled` signal arrives (commands/command-peers.ts). Only while no signals
 * arrive (no peers on PostgreSQL, or the listener connection lost) do waiters poll the queue.
 */

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Logger, silentLogger } from '../logger.js';
import { defaults } from '../options.js';
import type { ResourceStore } from '../store/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { applyWhileStoring, WaitedApplier } from './apply-waited.js';
import type { CommandPeers, CommandSignal } from './command-peers.js';
import { enqueue, type QueueEntry, type QueueStats, queueStats, settledCommands } from './command-queue.js';
import type { CommandThread } from './command-thread.js';
import type { Command, CommandName } from './envelope.js';
import { QueueConsumer as Consumer, type QueueConsumer, type QueueEvent } from './queue-consumer.js';
import type { SettledCommand } from './settled-command.js';

/** Options of the command processor. */
export interface ProcessorOptions {
  readonly logger?: Logger;
  /** Server clock (tests inject one); stamps `received`. */
  readonly now?: () => Date;
  /** Nodes applied at the same time by this instance (default 1 on SQLite, 4 on PostgreSQL). */
  readonly concurrency?: number;
  /** SQLite: the command thread, which consumes the queue off the event loop. */
  readonly thread?: CommandThread;
  /**
   * How often idle consumers and waiters look for commands stored or settled elsewhere while no
   * signals of the other instances arrive (default 250 ms).
   */
  readonly pollMs?: number;
  /** PostgreSQL: the other instances on the database, told of stored and settled commands. */
  readonly peers?: CommandPeers;
  /** Attempts before a failing command becomes a dead letter (default 3). */
  readonly maxAttempts?: number;
  /** Wait before the next attempt, times the attempts so far (default 1 s). */
  readonly retryDelayMs?: number;
  /** Told of each command this instance stored once it is applied or has failed (for metrics). */
  readonly onSettled?: (settled: SettledCommand) => void;
}

/** How a command is submitted. */
export interface SubmitOptions {
  /**
   * How long its client waits for it (`secondsToWaitForCompletion`, in ms). It is then applied in
   * the transaction that stores it, when its node has nothing queued and fewer
   * than `concurrency` such applies run: `submit` resolves with `done` already settled, or, when
   * the apply outlasts the wait, once the command is queued as well.
   */
  readonly waitMs?: number;
}

/** A stored command: its uuid, and a promise settled when it has been applied or has failed. */
export interface Submission {
  readonly uuid: string;
  readonly done: Promise<ApplyOutcome>;
}

interface Waiter {
  readonly command: CommandName;
  /** `performance.now()` when it was received. */
  readonly receivedAt: number;
  resolve(outcome: ApplyOutcome): void;
  reject(error: Error): void;
}

/** This process's name in `applied_by`: host, pid and a random suffix. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Stores commands durably and tells waiters when they are applied. */
export class CommandProcessor {
  readonly #store: ResourceStore;
  readonly #now: () => Date;
  readonly #thread: CommandThread | undefined;
  readonly #consumer: QueueConsumer | undefined;
  readonly #pollMs: number;
  readonly #waiters = new Map<string, Waiter>();
  readonly #onSettled: ((settled: SettledCommand) => void) | undefined;
  readonly #peers: CommandPeers | undefined;
  readonly #unsubscribe: () => void;
  readonly #instance = instanceName();
  readonly #logger: Logger;
  /** Applies waited commands as they are stored. */
  readonly #waited: WaitedApplier;
  #poller: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(store: ResourceStore, options: ProcessorOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? (() => new Date());
    this.#thread = options.thread;
    this.#pollMs = options.pollMs ?? defaults.commandPollMs;
    this.#onSettled = options.onSettled;
    this.#peers = options.peers;
    this.#logger = options.logger ?? silentLogger;
    const concurrency = options.concurrency ?? defaults.commandConcurrency[store.dialect];
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
      throw new TypeError('@gatehouse/resources: `concurrency` must be a positive integer');
    }
    const thread = this.#thread;
    this.#waited = new WaitedApplier({
      applyWhileStoring: thread
        ? (entry) => thread.applyWaited(entry)
        : (entry) => applyWhileStoring(store, entry, this.#instance, () => new Date()),
      concurrency,
      logger: this.#logger,
    });
    const onEvent = (event: QueueEvent) => {
      this.#settle(event);
      this.#peers?.publish({ kind: 'settled', ...event });
    };
    if (this.#thread) {
      this.#thread.onEvent(onEvent);
    } else {
      this.#consumer = new Consumer(store, {
        concurrency,
        batch: defaults.commandBatch,
        batchMs: defaults.commandBatchMs,
        pollMs: this.#pollMs,
        listening: () => this.#peers?.listening ?? false,
        maxAttempts: options.maxAttempts ?? defaults.commandMaxAttempts,
        retryDelayMs: options.retryDelayMs ?? defaults.commandRetryDelayMs,
        keepAppliedMs: defaults.keepAppliedMs,
        instance: this.#instance,
        now: () => new Date(),
        logger: this.#logger,
        onEvent,
      });
      this.#consumer.start();
    }
    this.#unsubscribe =
      this.#peers?.subscribe({
        signal: (signal) => this.#heard(signal),
        listening: (listening) => this.#listeningChanged(listening),
      }) ?? (() => undefined);
  }

  /** Stores a checked command; resolves once it is committed to the queue (or applied: `waitMs`). */
  async submit(command: Command, options: SubmitOptions = {}): Promise<Submission> {
    if (this.#closed) throw new Error('@gatehouse/resources: the command processor is closed');
    const entry: QueueEntry = { uuid: randomUUID(), received: this.#now().toISOString(), command };
    const { waitMs } = options;
    if (waitMs !== undefined && waitMs > 0) {
      const receivedAt = performance.now();
      const result = await this.#waited.apply(entry, waitMs);
      if ('applied' in result) return this.#appliedAsStored(entry, result.applied, receivedAt);
      if ('late' in result) return this.#queueLate(entry, result.late, receivedAt);
    }
    const queued = await this.#queue(entry);
    if (!queued) throw new Error(`@gatehouse/resources: command ${entry.uuid} is stored already`);
    return queued;
  }

  /**
   * Stores `entry` in the queue, for a consumer to apply; `done` settles when one has. Undefined
   * when its uuid is stored already (a waited command applied as it was stored).
   */
  async #queue(entry: QueueEntry): Promise<Submission | undefined> {
    let waiter!: Waiter;
    const done = new Promise<ApplyOutcome>((resolve, reject) => {
      waiter = { command: entry.command.kind, receivedAt: performance.now(), resolve, reject };
    });
    // Nobody may be waiting; a failure is logged by the consumer, so it is no unhandled rejection.
    done.catch(() => undefined);
    this.#waiters.set(entry.uuid, waiter);
    let stored: boolean;
    try {
      stored = this.#thread ? await this.#thread.enqueue(entry) : await enqueue(this.#store, entry);
    } catch (error) {
      this.#waiters.delete(entry.uuid);
      throw error;
    }
    if (!stored) {
      this.#waiters.delete(entry.uuid);
      return undefined;
    }
    if (this.#thread) return { uuid: entry.uuid, done };
    this.#consumer!.wake();
    this.#peers?.publish({ kind: 'stored' });
    if (!this.#peers?.listening) this.#startPolling();
    return { uuid: entry.uuid, done };
  }

  #appliedAsStored(entry: QueueEntry, outcome: ApplyOutcome, receivedAt: number): Submission {
    const seconds = (performance.now() - receivedAt) / 1000;
    this.#onSettled?.({ command: entry.command.kind, outcome: 'applied', seconds });
    return { uuid: entry.uuid, done: Promise.resolve(outcome) };
  }

  /**
   * The wait ended while the command was applied as it is stored: it goes into the queue too. The
   * uuid is unique, so the apply, if it committed first, leaves the queue's insert nothing to do
   * (and its outcome is the answer); if the insert commits first, the apply stores nothing and a
   * consumer applies the queued command.
   */
  async #queueLate(
    entry: QueueEntry,
    late: Promise<ApplyOutcome | undefined>,
    receivedAt: number,
  ): Promise<Submission> {
    const queued = await this.#queue(entry);
    if (queued) return queued;
    const outcome = await late;
    if (outcome === undefined) {
      throw new Error(`@gatehouse/resources: command ${entry.uuid} was neither applied nor queued`);
    }
    return this.#appliedAsStored(entry, outcome, receivedAt);
  }

  /** Depth, age and dead letters of the queue. */
  stats(): Promise<QueueStats> {
    return queueStats(this.#store);
  }

  /** Resolves when no command is queued (for tests, benchmarks and imports). */
  async idle(): Promise<void> {
    while ((await this.stats()).depth > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** Stops applying (commands still queued stay stored for the next start). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    clearInterval(this.#poller);
    await this.#consumer?.stop();
  }

  #settle(event: QueueEvent): void {
    const waiter = this.#waiters.get(event.uuid);
    if (!waiter) return;
    this.#waiters.delete(event.uuid);
    this.#onSettled?.({
      command: waiter.command,
      outcome: 'outcome' in event ? 'applied' : 'failed',
      seconds: (performance.now() - waiter.receivedAt) / 1000,
    });
    if ('outcome' in event) waiter.resolve(event.outcome);
    else waiter.reject(new Error(event.failed));
  }

  /** A signal of another instance: a command it stored (wake a consumer), or one it settled. */
  #heard(signal: CommandSignal): void {
    if (signal.kind === 'stored') this.#consumer?.wake();
    else this.#settle(signal);
  }

  /**
   * Lost: poll for the waiters' commands until signals arrive again. Back: one last look, for
   * what was settled or stored while nobody listened, and the poll stops.
   */
  #listeningChanged(listening: boolean): void {
    if (this.#closed) return;
    if (!listening) {
      if (this.#waiters.size > 0) this.#startPolling();
      return;
    }
    clearInterval(this.#poller);
    this.#poller = undefined;
    this.#consumer?.wake();
    void this.#lookForSettled();
  }

  /** While someone waits and no signals arrive, look for their commands settled by another instance. */
  #startPolling(): void {
    if (this.#poller) return;
    this.#poller = setInterval(() => {
      if (this.#waiters.size === 0 || this.#peers?.listening) {
        clearInterval(this.#poller);
        this.#poller = undefined;
        return;
      }
      void this.#lookForSettled();
    }, this.#pollMs);
    this.#poller.unref();
  }

  async #lookForSettled(): Promise<void> {
    if (this.#waiters.size === 0) return;
    try {
      const settled = await settledCommands(this.#store, [...this.#waiters.keys()].slice(0, 500));
      for (const s of settled)
        this.#settle(
          s.dead
            ? { uuid: s.uuid, failed: 'moved to the dead letters' }
            : { uuid: s.uuid, outcome: s.outcome as ApplyOutcome },
        );
    } catch {
      // The database is away: the store has said so once; the next look tries again.
    }
  }
}
