/**
 * @module commands/node-status
 * The node row every command touches first: created when unknown, locked for the rest of the
 * transaction on PostgreSQL (SQLite's BEGIN IMMEDIATE already serialises writers), and
 * reactivated by any command newer than its deactivation or expiry (reference §5.3).
 */

import { forDialect } from '../store/placeholders.js';
import type { SqlParam, SqlRunner, Transactional } from '../store/types.js';

/** What happened to a command. */
export type ApplyOutcome = 'stored' | 'unchanged' | 'stale';

/** The lifecycle columns of a node. */
export interface NodeStatus {
  readonly deactivated: string | null;
  readonly expired: string | null;
  readonly catalog_producer_timestamp: string | null;
  readonly facts_producer_timestamp: string | null;
  readonly report_producer_timestamp: string | null;
}

/** Runs one of our statements (written with `?`) in the runner's dialect. */
export function exec(tx: SqlRunner, sql: string, params: readonly SqlParam[] = []): Promise<number> {
  return tx.run(forDialect(tx.dialect, sql), params);
}

/** Queries with one of our statements (written with `?`) in the runner's dialect. */
export async function query<T>(tx: SqlRunner, sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
  return (await tx.all(forDialect(tx.dialect, sql), params)) as T[];
}

/**
 * Creates the node if unknown and returns its status, locked until the transaction ends: in one
 * statement (one round trip on PostgreSQL), as an upsert whose no-op update takes the row lock
 * `SELECT ... FOR UPDATE` would and returns the row, new or stored.
 */
export async function lockNode(tx: SqlRunner, certname: string): Promise<NodeStatus> {
  const [row] = await query<NodeStatus>(
    tx,
    `INSERT INTO certnames (certname) VALUES (?)
     ON CONFLICT (certname) DO UPDATE SET certname = excluded.certname
     RETURNING deactivated, expired, catalog_producer_timestamp, facts_producer_timestamp, report_producer_timestamp`,
    [certname],
  );
  return row!;
}

/** Clears deactivation and expiry that are strictly older than `producerTimestamp`. */
export async function maybeActivate(
  tx: SqlRunner,
  certname: string,
  status: NodeStatus,
  producerTimestamp: string,
) {
  const clearDeactivated = status.deactivated !== null && status.deactivated < producerTimestamp;
  const clearExpired = status.expired !== null && status.expired < producerTimestamp;
  if (!clearDeactivated && !clearExpired) return;
  const sets = [clearDeactivated ? 'deactivated = NULL' : '', clearExpired ? 'expired = NULL' : ''].filter(
    Boolean,
  );
  await exec(tx, `UPDATE certnames SET ${sets.join(', ')} WHERE certname = ?`, [certname]);
}

/** The command kinds whose newest producer timestamp, arrival time and environment a node keeps. */
export type DataKind = 'catalog' | 'facts' | 'report';

/** A column of `certnames` and the value a command sets it to. */
export type NodeColumn = readonly [column: string, value: SqlParam];

/** The node's columns saying its `kind` is now from `producerTimestamp` (arrived at `received`). */
export function arrivalColumns(
  kind: DataKind,
  producerTimestamp: string,
  received: string,
  environment: string | null,
): NodeColumn[] {
  return [
    [`${kind}_producer_timestamp`, producerTimestamp],
    [`${kind}_timestamp`, received],
    [`${kind}_environment`, environment],
  ];
}

/**
 * Records that the node's `kind` is now from `producerTimestamp` (arrived at `received`), with
 * `more` of its columns in the same update.
 */
export async function recordArrival(
  tx: SqlRunner,
  kind: DataKind,
  certname: string,
  producerTimestamp: string,
  received: string,
  environment: string | null,
  more: readonly NodeColumn[] = [],
): Promise<void> {
  const columns = [...arrivalColumns(kind, producerTimestamp, received, environment), ...more];
  await exec(
    tx,
    `UPDATE certnames SET ${columns.map(([name]) => `${name} = ?`).join(', ')} WHERE certname = ?`,
    [...columns.map(([, value]) => value), certname],
  );
  await rememberEnvironment(tx, environment);
}

/** Records an environment name so environment subqueries can find it. */
export async function rememberEnvironment(tx: SqlRunner, environment: string | null): Promise<void> {
  if (environment === null) return;
  await exec(tx, 'INSERT INTO environments (name) VALUES (?) ON CONFLICT (name) DO NOTHING', [environment]);
}

/** True when `stored` is strictly newer than `incoming` (equal timestamps replace). */
export function isNewer(stored: string | null | undefined, incoming: string): boolean {
  return stored !== null && stored !== undefined && stored > incoming;
}

/**
 * Runs `work` in one transaction with the node locked and reactivated when the command is newer
 * than its deactivation or expiry: the opening every replace command shares.
 */
export function withActivatedNode(
  store: Transactional,
  certname: string,
  producerTimestamp: string,
  work: (tx: SqlRunner, status: NodeStatus) => Promise<ApplyOutcome>,
): Promise<ApplyOutcome> {
  return store.transaction(async (tx) => {
    const status = await lockNode(tx, certname);
    await maybeActivate(tx, certname, status, producerTimestamp);
    return work(tx, status);
  });
}
