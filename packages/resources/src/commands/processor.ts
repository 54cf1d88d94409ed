/**
 * @module commands/processor
 * The command queue. `submit` answers at once with a uuid; commands are applied in the
 * background, one at a time per node and in producer-timestamp order among those still waiting
 * for the same node (the staleness checks of the apply step make the end state right whatever
 * the arrival order). Different nodes are applied in parallel up to `concurrency` (1 on SQLite,
 * which has one writer anyway). The queue lives in memory: a command acknowledged but not yet
 * applied is lost if the process dies; clients that must know wait with
 * `secondsToWaitForCompletion`.
 */

import { randomUUID } from 'node:crypto';
import { type Logger, silentLogger } from '../logger.js';
import { defaults } from '../options.js';
import type { ResourceStore } from '../store/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { applyCommand } from './apply-command.js';
import { type Command, commandKey } from './envelope.js';

/** Options of the command processor. */
export interface ProcessorOptions {
  readonly logger?: Logger;
  /** Server clock (tests inject one). */
  readonly now?: () => Date;
  /** Nodes applied at the same time (default 1 on SQLite, 4 on PostgreSQL). */
  readonly concurrency?: number;
  /**
   * Applies one command (default: `applyCommand` on the store, in this thread). The plugin
   * passes the SQLite command thread's, so application never holds the event loop.
   */
  readonly apply?: (command: Command, received: string) => Promise<ApplyOutcome>;
}

/** A queued command: its uuid, and a promise settled when it has been applied or has failed. */
export interface Submission {
  readonly uuid: string;
  readonly done: Promise<ApplyOutcome>;
}

interface Pending {
  readonly uuid: string;
  readonly command: Command;
  readonly producerTimestamp: string;
  resolve(outcome: ApplyOutcome): void;
  reject(error: unknown): void;
}

/** Applies submitted commands in the background. */
export class CommandProcessor {
  readonly #logger: Logger;
  readonly #now: () => Date;
  readonly #concurrency: number;
  readonly #applyCommand: (command: Command, received: string) => Promise<ApplyOutcome>;
  readonly #queues = new Map<string, Pending[]>();
  readonly #busy = new Set<string>();
  #idleWaiters: (() => void)[] = [];
  #closed = false;

  constructor(store: ResourceStore, options: ProcessorOptions = {}) {
    this.#logger = options.logger ?? silentLogger;
    this.#now = options.now ?? (() => new Date());
    this.#concurrency = options.concurrency ?? defaults.commandConcurrency[store.dialect];
    this.#applyCommand = options.apply ?? ((command, received) => applyCommand(store, command, received));
    if (!Number.isSafeInteger(this.#concurrency) || this.#concurrency < 1) {
      throw new TypeError('@gatehouse/resources: `concurrency` must be a positive integer');
    }
  }

  /** Commands waiting or being applied. */
  get depth(): number {
    let n = 0;
    for (const queue of this.#queues.values()) n += queue.length;
    return n + this.#busy.size;
  }

  /** Queues a checked command. */
  submit(command: Command): Submission {
    if (this.#closed) throw new Error('@gatehouse/resources: the command processor is closed');
    const uuid = randomUUID();
    const { certname, producerTimestamp } = commandKey(command);
    let resolve!: (o: ApplyOutcome) => void;
    let reject!: (e: unknown) => void;
    const done = new Promise<ApplyOutcome>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be waiting; the failure is logged, so an unobserved rejection is not an error.
    done.catch(() => undefined);
    const queue = this.#queues.get(certname) ?? [];
    const at = queue.findIndex((p) => p.producerTimestamp > producerTimestamp);
    queue.splice(at === -1 ? queue.length : at, 0, { uuid, command, producerTimestamp, resolve, reject });
    this.#queues.set(certname, queue);
    this.#pump();
    return { uuid, done };
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.depth === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops taking commands and waits for the queued ones. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
  }

  #pump(): void {
    for (const [certname, queue] of this.#queues) {
      if (this.#busy.size >= this.#concurrency) return;
      if (this.#busy.has(certname) || queue.length === 0) continue;
      const next = queue.shift()!;
      if (queue.length === 0) this.#queues.delete(certname);
      this.#busy.add(certname);
      void this.#apply(certname, next);
    }
  }

  async #apply(certname: string, pending: Pending): Promise<void> {
    try {
      const outcome = await this.#applyCommand(pending.command, this.#now().toISOString());
      this.#logger.logf(
        '[DEBUG] command %s %s for %s: %s',
        pending.uuid,
        pending.command.kind,
        certname,
        outcome,
      );
      pending.resolve(outcome);
    } catch (error) {
      this.#logger.logf(
        '[WARN] command %s %s for %s failed: %s',
        pending.uuid,
        pending.command.kind,
        certname,
        error,
      );
      pending.reject(error);
    } finally {
      this.#busy.delete(certname);
      this.#pump();
      if (this.depth === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
    }
  }
}
