/**
 * @module commands/apply-waited
 * A command whose client waits for it (`secondsToWaitForCompletion`) is applied in the transaction
 * that stores it: one commit instead of two (the queue row before the 200, then the apply), and no
 * hand-over to a consumer loop. Its queue row goes in already applied, so a crash before the commit
 * leaves nothing (the client had no answer, and sends it again) and one after it leaves the command
 * applied, never queued as well. A node's commands keep their order: when the node still has a
 * command queued (or being applied by a consumer) at the end, the transaction is rolled back and
 * the command takes its place in the queue instead.
 *
 * The client's wait is honoured: an apply still running when it ends (a node locked elsewhere, a
 * big catalog on a busy database) is reported `late`, and the caller stores the command in the
 * queue under the same uuid, which is unique: whichever of the two commits first wins, the other
 * stores nothing, so the command is applied once either way and is durable before the timeout's
 * answer. On PostgreSQL this runs on the event loop, and a fact set (what scripts and provisioning
 * wait for most) is one statement calling database functions instead of a transaction of five
 * round trips; on SQLite in the command thread, which owns the writer (`apply-waited` jobs).
 */

import type { Logger } from '../logger.js';
import { databaseStoreError } from '../store/database-errors.js';
import type { ResourceStore } from '../store/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { applyCommand } from './apply-command.js';
import { factRows } from './apply-lifecycle.js';
import { type QueueEntry, queueRowKey, storeApplied } from './command-queue.js';
import type { Factset } from './lifecycle-payloads.js';
import { replaceFactsCall } from './replace-facts-postgres.js';

/** Thrown inside the transaction to roll it back: the node has earlier commands queued. */
class QueuedBefore extends Error {}

/**
 * Applies `entry` and stores it as applied by `instance`, in one transaction. Resolves with the
 * outcome, or undefined when nothing was stored because the node has commands queued before it.
 * Rejects, with nothing stored, when the apply fails.
 */
export async function applyWhileStoring(
  store: ResourceStore,
  entry: QueueEntry,
  instance: string,
  now: () => Date,
): Promise<ApplyOutcome | undefined> {
  if (store.dialect === 'postgres' && entry.command.kind === 'replace facts') {
    return factsWhileStoringPostgres(store, entry, entry.command.factset, instance, now);
  }
  try {
    return await store.transaction(async (tx) => {
      const outcome = await applyCommand({ transaction: (work) => work(tx) }, entry.command, entry.received);
      const stored = await storeApplied(tx, entry, { outcome, applied: now().toISOString(), instance });
      if (!stored) throw new QueuedBefore();
      return outcome;
    });
  } catch (error) {
    if (error instanceof QueuedBefore) return undefined;
    throw error;
  }
}

/** SQLSTATE of `gatehouse_store_applied` when the node has a command queued before this one. */
const QUEUED_BEFORE = 'GH001';

/**
 * A waited fact set on PostgreSQL: one autocommitted statement, the facts applied by
 * `gatehouse_replace_facts` and the queue row stored by `gatehouse_store_applied` with the
 * outcome (migration 12), or nothing when the node has a command queued before it.
 */
async function factsWhileStoringPostgres(
  store: ResourceStore,
  entry: QueueEntry,
  facts: Factset,
  instance: string,
  now: () => Date,
): Promise<ApplyOutcome | undefined> {
  const applied = [now().toISOString(), instance];
  const call = replaceFactsCall(facts.certname, facts.producerTimestamp, entry.received, factRows(facts), 9);
  try {
    const [result] = await store.all(
      `SELECT gatehouse_store_applied($1, $2, $3, $4, $5, $6, ${call.sql}, $7, $8) AS outcome`,
      [...queueRowKey(entry), ...applied, ...call.params],
    );
    return result!.outcome as ApplyOutcome;
  } catch (error) {
    if ((error as { code?: unknown }).code === QUEUED_BEFORE) return undefined;
    throw error;
  }
}

/** How a waited command fared: applied in time, to be queued instead, or still applying. */
export type WaitedApply =
  | { readonly applied: ApplyOutcome }
  | { readonly queue: true }
  | { readonly late: Promise<ApplyOutcome | undefined> };

/** Options of the waited applies of one instance. */
export interface WaitedApplierOptions {
  /** `applyWhileStoring` where the writer is: on the store, or through the SQLite command thread. */
  readonly applyWhileStoring: (entry: QueueEntry) => Promise<ApplyOutcome | undefined>;
  /** Waited commands applied at once; more go through the queue. */
  readonly concurrency: number;
  readonly logger: Logger;
}

/** Applies waited commands as they are stored, up to `concurrency` at once. */
export class WaitedApplier {
  readonly #options: WaitedApplierOptions;
  #applying = 0;

  constructor(options: WaitedApplierOptions) {
    this.#options = options;
  }

  /**
   * Applies `entry` within `waitMs`. `queue` when it was not stored: every slot is taken, its node
   * has commands queued, or the apply failed (the queue's consumer tries it again, with retries
   * and dead letters). A database away rejects: nothing was stored.
   */
  async apply(entry: QueueEntry, waitMs: number): Promise<WaitedApply> {
    if (this.#applying >= this.#options.concurrency) return { queue: true };
    this.#applying += 1;
    const applying = this.#options.applyWhileStoring(entry);
    const settled = applying.finally(() => {
      this.#applying -= 1;
    });
    // Whoever ends up waiting on a late apply handles its failure; nobody else must hear of it.
    settled.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    try {
      const first = await Promise.race([settled, deadline]);
      if (first === 'late') return { late: settled };
      return first === undefined ? { queue: true } : { applied: first };
    } catch (error) {
      if (databaseStoreError(error)) throw error;
      this.#options.logger.logf(
        '[DEBUG] command %s: applied as stored failed, queued: %s',
        entry.uuid,
        error,
      );
      return { queue: true };
    } finally {
      clearTimeout(timer);
    }
  }
}
