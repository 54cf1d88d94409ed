/**
 * @module commands/queue-consumer
 * Applies the commands of the durable queue (commands/command-queue.ts), wherever the store is
 * local: in the SQLite command thread, or on the main thread for PostgreSQL (whose driver is
 * asynchronous). `concurrency` loops each claim a command, apply it and mark it applied in one
 * transaction, so a command is applied exactly once however many instances share the database.
 * A transaction takes up to `batch` commands while they are queued and `batchMs` has not passed
 * (a node's later command too, after its earlier one, in order): each is applied in a savepoint of
 * its own, and the commit, which costs about as much as the apply of a later catalog, is paid once
 * for all. Waiters hear of them after the commit. A loop whose last claim found nothing sleeps
 * until `wake()` says a command was stored (here, or on another instance that signalled it) or a
 * retry is due, instead of opening one more transaction only to find the queue empty. Only while
 * no signals of the other instances arrive does one loop also look every `pollMs` (one look is
 * enough to find their commands; a loop that finds more than a transaction's worth wakes another).
 * While the database is away, the loops try again with a growing pause and say nothing: the store
 * logs the outage once.
 */

import { type Logger, silentLogger } from '../logger.js';
import { databaseStoreError } from '../store/database-errors.js';
import { isUnavailable } from '../store/errors.js';
import type { ResourceStore, SqlRunner } from '../store/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { applyCommand } from './apply-command.js';
import { type ClaimedCommand, claimNext, markApplied, pruneApplied, recordFailure } from './command-queue.js';
import type { Command } from './envelope.js';

/** What became of one command (sent to whoever waits on it). */
export type QueueEvent =
  | { readonly uuid: string; readonly outcome: ApplyOutcome }
  | { readonly uuid: string; readonly failed: string };

/** Options of the consumer. */
export interface ConsumerOptions {
  /** Commands applied at once (different nodes). */
  readonly concurrency: number;
  /** Commands one transaction applies at most, when that many are queued. */
  readonly batch: number;
  /** Time after which a transaction claims no further command. */
  readonly batchMs: number;
  /** How often an idle loop looks for commands other instances stored, while not `listening`. */
  readonly pollMs: number;
  /** True while the other instances' signals arrive (they wake the loops); default never. */
  readonly listening?: () => boolean;
  /** Attempts before a command becomes a dead letter. */
  readonly maxAttempts: number;
  /** Wait before the next attempt, times the attempts so far. */
  readonly retryDelayMs: number;
  /** How long applied rows are kept for waiters on other instances. */
  readonly keepAppliedMs: number;
  /** This instance's name in `applied_by`. */
  readonly instance: string;
  readonly now: () => Date;
  readonly logger?: Logger;
  readonly onEvent: (event: QueueEvent) => void;
}

/** Consumes the queue of one store. */
export class QueueConsumer {
  readonly #store: ResourceStore;
  readonly #options: ConsumerOptions;
  readonly #logger: Logger;
  readonly #busy = new Set<string>();
  readonly #loops: Promise<void>[] = [];
  readonly #sleepers = new Set<() => void>();
  /** Wakes that found no loop asleep: the next loop about to sleep looks again at once. */
  #missedWakes = 0;
  /**
   * A claim passed over the nodes another loop here was applying: their later commands may wait
   * behind them, so the next loop to let its nodes go looks again before it sleeps.
   */
  #passedOver = false;
  /** Claims of this instance's loops, one at a time, so two loops never take one node's commands. */
  #claiming: Promise<unknown> = Promise.resolve();
  #stopped = false;
  #lastPrune = 0;
  /** Consecutive failed rounds while the database is away (the pause grows with them). */
  #outage = 0;
  /** SQLite's pause was logged: its end is logged too. */
  #saidPaused = false;

  constructor(store: ResourceStore, options: ConsumerOptions) {
    this.#store = store;
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Starts the loops (commands left by a previous run are applied first, by their order). */
  start(): void {
    for (let i = 0; i < this.#options.concurrency; i += 1) this.#loops.push(this.#loop(i === 0));
  }

  /** A command was just stored here: wake an idle loop. */
  wake(): void {
    const [sleeper] = this.#sleepers;
    if (sleeper) sleeper();
    else this.#missedWakes = Math.min(this.#missedWakes + 1, this.#options.concurrency);
  }

  /** Stops taking commands and waits for those being applied. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const wake of [...this.#sleepers]) wake();
    await Promise.all(this.#loops);
  }

  /** One loop; the `watching` one looks every `pollMs` while no signals arrive. */
  async #loop(watching: boolean): Promise<void> {
    while (!this.#stopped) {
      let worked = false;
      let pauseMs: number | undefined;
      try {
        worked = await this.#applyNext();
        await this.#pruneNow();
        this.#resumed();
      } catch (error) {
        pauseMs = this.#paused(error);
      }
      if (!worked && !this.#stopped) await this.#sleep(pauseMs, watching);
    }
  }

  /**
   * A failed round: the database away, full or locked pauses the loop for a time that grows to 5 s
   * (said once: PostgreSQL's outage by its availability tracker, SQLite's here); anything else is
   * logged and the loop goes on.
   */
  #paused(error: unknown): number | undefined {
    const storeError = databaseStoreError(error);
    if (!isUnavailable(storeError)) {
      this.#logger.logf('[WARN] resources: command queue: %s', error);
      return undefined;
    }
    this.#outage += 1;
    if (!this.#saidPaused && storeError.code !== 'ERR_STORE_UNAVAILABLE') {
      this.#saidPaused = true;
      this.#logger.logf('[ERROR] resources: command queue paused: %s', storeError.message);
    }
    return Math.min(5000, 100 * 2 ** Math.min(this.#outage, 6));
  }

  #resumed(): void {
    if (this.#saidPaused) this.#logger.logf('[INFO] resources: command queue resumed');
    this.#saidPaused = false;
    this.#outage = 0;
  }

  /**
   * Sleeps until `wake()` or the poll interval. A sleeper leaves the set however it wakes: a stale
   * one left behind by its timer would swallow the next `wake()`, and a command stored here would
   * then wait for the poll (the ~250 ms every waited command used to take).
   */
  #sleep(pauseMs: number | undefined, watching: boolean): Promise<void> {
    if (pauseMs === undefined && this.#missedWakes > 0) {
      this.#missedWakes -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pauseMs ?? this.#idleMs(watching));
      this.#sleepers.add(wake);
    });
  }

  /**
   * Every 30 s only as a safety net while listening, or for the loops that do not watch: signals,
   * local stores, retry timers and a busy loop wake them.
   */
  #idleMs(watching: boolean): number {
    return watching && !this.#options.listening?.() ? this.#options.pollMs : 30_000;
  }

  /**
   * Claims, applies and settles up to `batch` commands (for `batchMs`) in one transaction. True
   * when more may be due at once: the batch was cut short by its size or time, or a claim passed
   * over nodes another loop held while this one applied. False when none was due, or the last
   * claim found nothing.
   */
  async #applyNext(): Promise<boolean> {
    const now = this.#options.now().toISOString();
    const { batch, batchMs } = this.#options;
    const claimed: ClaimedCommand[] = [];
    const own = new Set<string>();
    const events: QueueEvent[] = [];
    let drained = false;
    try {
      await this.#store.transaction(async (tx) => {
        const until = performance.now() + batchMs;
        while (
          claimed.length < batch &&
          !this.#stopped &&
          (claimed.length === 0 || performance.now() < until)
        ) {
          const next = await this.#claim(tx, now, own);
          if (!next) {
            drained = true;
            break;
          }
          claimed.push(next);
          const event = await this.#applyClaimed(tx, next, now);
          if (event) events.push(event);
        }
      });
    } finally {
      for (const certname of own) this.#busy.delete(certname);
    }
    for (const event of events) this.#options.onEvent(event);
    if (claimed.length === 0) return false;
    if (!drained) {
      // More than one transaction's worth is queued: bring in a loop that sleeps, if any.
      this.#sleepers.values().next().value?.();
      return true;
    }
    // Only a loop that applied something looks again for what was passed over: an idle one
    // would only pass over the same busy nodes again.
    const passedOver = this.#passedOver;
    this.#passedOver = false;
    return passedOver;
  }

  /**
   * Claims the next due command, of a node no other loop here is applying (this loop's own nodes
   * `own` may come again: their later commands follow in order in the same transaction); one
   * claim at a time.
   */
  #claim(tx: SqlRunner, now: string, own: Set<string>): Promise<ClaimedCommand | undefined> {
    const claim = this.#claiming.then(async () => {
      const others = [...this.#busy].filter((certname) => !own.has(certname));
      if (others.length > 0) this.#passedOver = true;
      const next = await claimNext(tx, now, others);
      if (next) {
        this.#busy.add(next.certname);
        own.add(next.certname);
      }
      return next;
    });
    this.#claiming = claim.catch(() => undefined);
    return claim;
  }

  /** Applies a claimed command inside the claiming transaction; a failure is rolled back to the claim. */
  async #applyClaimed(tx: SqlRunner, claimed: ClaimedCommand, now: string): Promise<QueueEvent | undefined> {
    const { uuid } = claimed;
    let command: Command;
    try {
      command = JSON.parse(claimed.payload) as Command;
    } catch (error) {
      await this.#failed(tx, claimed, now, `unreadable payload: ${(error as Error).message}`, true);
      return { uuid, failed: 'the stored command could not be read' };
    }
    await tx.run('SAVEPOINT apply_command');
    try {
      // The claim's transaction is the command's: the apply cannot be half-done or done twice.
      const outcome = await applyCommand({ transaction: (work) => work(tx) }, command, claimed.received);
      // Not released: the commit releases every savepoint, and a release is one round trip more
      // per command (a later command's savepoint of the same name stacks on it).
      const applied = this.#options.now().toISOString();
      await markApplied(tx, claimed.id, outcome, applied, this.#options.instance);
      this.#logger.logf('[DEBUG] command %s %s for %s: %s', uuid, command.kind, claimed.certname, outcome);
      return { uuid, outcome };
    } catch (error) {
      await tx.run('ROLLBACK TO SAVEPOINT apply_command');
      const message = (error as Error).message;
      const fate = await this.#failed(tx, claimed, now, message, false);
      return fate === 'dead' ? { uuid, failed: message } : undefined;
    }
  }

  async #failed(tx: SqlRunner, claimed: ClaimedCommand, now: string, error: string, fatal: boolean) {
    const { maxAttempts, retryDelayMs } = this.#options;
    const fate = await recordFailure(tx, claimed, { error, now, fatal, maxAttempts, retryDelayMs });
    this.#logger.logf(
      '[WARN] command %s for %s failed (attempt %d): %s%s',
      claimed.uuid,
      claimed.certname,
      claimed.attempts + 1,
      error,
      fate === 'dead' ? '; moved to the dead letters' : '; will retry',
    );
    if (fate === 'retry') {
      // Nobody signals a retry coming due: wake a loop then (the timer must not hold the process).
      setTimeout(() => this.wake(), retryDelayMs * (claimed.attempts + 1) + 10).unref();
    }
    return fate;
  }

  /** Deletes applied rows nobody can wait on any more, at most once a minute. */
  async #pruneNow(): Promise<void> {
    const now = this.#options.now().getTime();
    if (now - this.#lastPrune < 60_000) return;
    this.#lastPrune = now;
    await pruneApplied(this.#store, new Date(now - this.#options.keepAppliedMs).toISOString());
  }
}
