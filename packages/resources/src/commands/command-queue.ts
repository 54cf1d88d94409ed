/**
 * @module commands/command-queue
 * The durable command queue in the store's own database (migration 5): a command is a row of
 * `command_queue` before the service answers 200, and leaves the queue in the transaction that
 * applies it, so a crash at any point either keeps it queued or has applied it, never both. A
 * command that fails `maxAttempts` times moves to `command_dead_letters` with each attempt's
 * error. Every statement is written with `?` (forDialect numbers them for PostgreSQL).
 */

import { forDialect } from '../store/placeholders.js';
import type { Row, SqlParam, SqlRunner } from '../store/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { type Command, commandKey } from './envelope.js';

/** A command as it enters the queue. */
export interface QueueEntry {
  readonly uuid: string;
  /** Server time it was received (canonical ISO); the apply records it as the arrival time. */
  readonly received: string;
  readonly command: Command;
}

/** A queued row claimed for application. */
export interface ClaimedCommand {
  readonly id: number;
  readonly uuid: string;
  readonly received: string;
  readonly certname: string;
  readonly payload: string;
  readonly attempts: number;
  readonly errors: string | null;
}

/** One failed attempt, as kept in `errors` (a JSON array). */
export interface AttemptError {
  readonly at: string;
  readonly error: string;
}

/** A dead letter as `gatehouse resources commands list` shows it. */
export interface DeadLetter {
  readonly id: number;
  readonly uuid: string;
  readonly received: string;
  readonly command: string;
  readonly version: number;
  readonly certname: string;
  readonly attempts: number;
  readonly errors: readonly AttemptError[];
  readonly failed: string;
}

/** Depth and age of the queue (status route, CLI). */
export interface QueueStats {
  /** Commands stored and not yet applied (retries waiting included). */
  readonly depth: number;
  /** Receive time of the oldest of them, or null when the queue is empty. */
  readonly oldestReceived: string | null;
  readonly deadLetters: number;
}

async function all<T>(db: SqlRunner, sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
  return (await db.all(forDialect(db.dialect, sql), params)) as T[];
}

function run(db: SqlRunner, sql: string, params: readonly SqlParam[] = []): Promise<number> {
  return db.run(forDialect(db.dialect, sql), params);
}

/**
 * The columns every queue row of `entry` starts with: uuid, received, command, version, certname,
 * producer_timestamp (in that order).
 */
export function queueRowKey(entry: QueueEntry): SqlParam[] {
  const { certname, producerTimestamp } = commandKey(entry.command);
  return [entry.uuid, entry.received, entry.command.kind, entry.command.version, certname, producerTimestamp];
}

/**
 * Stores `entry` as the newest queued command. False when its uuid is stored already: a waited
 * command applied as it was stored (commands/apply-waited.ts) got there first. On PostgreSQL an
 * uncommitted row of the same uuid makes this wait for its transaction's end.
 */
export async function enqueue(db: SqlRunner, entry: QueueEntry): Promise<boolean> {
  const stored = await run(
    db,
    `INSERT INTO command_queue (uuid, received, command, version, certname, producer_timestamp, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING`,
    [...queueRowKey(entry), JSON.stringify(entry.command)],
  );
  return stored === 1;
}

/** How an applied command was settled (its `command_queue` row's last columns). */
export interface Applied {
  readonly outcome: ApplyOutcome;
  /** Server time it was applied (canonical ISO). */
  readonly applied: string;
  /** The instance that applied it (`applied_by`). */
  readonly instance: string;
}

/**
 * Stores `entry` as a command already applied (in the transaction that applied it), unless its
 * node has a command still queued: then nothing is stored and false returned, so the caller rolls
 * back and queues it behind that one. Seen from the node's lock, a command a consumer is applying
 * is still queued until its transaction commits.
 */
export async function storeApplied(tx: SqlRunner, entry: QueueEntry, settled: Applied): Promise<boolean> {
  const key = queueRowKey(entry);
  const stored = await run(
    tx,
    `INSERT INTO command_queue (uuid, received, command, version, certname, producer_timestamp, payload,
       state, outcome, applied, applied_by)
     SELECT ?, ?, ?, ?, ?, ?, '', 'done', ?, ?, ?
     WHERE NOT EXISTS (SELECT 1 FROM command_queue WHERE state = 'queued' AND certname = ?)`,
    // The certname (the key's fifth column) again for the queued check.
    [...key, settled.outcome, settled.applied, settled.instance, key[4]!],
  );
  return stored === 1;
}

/**
 * Claims the next queued command due at `now`, oldest producer timestamp first (so a node's
 * commands apply in their producers' order), skipping nodes in `busy` (being applied here) and,
 * on PostgreSQL, rows other instances hold (`FOR UPDATE SKIP LOCKED`): the row stays locked
 * until the transaction that applies it ends.
 */
export async function claimNext(
  tx: SqlRunner,
  now: string,
  busy: readonly string[],
): Promise<ClaimedCommand | undefined> {
  const skip = busy.length > 0 ? `AND certname NOT IN (${busy.map(() => '?').join(', ')})` : '';
  const lock = tx.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  const [row] = await all<Row>(
    tx,
    `SELECT id, uuid, received, certname, payload, attempts, errors FROM command_queue
     WHERE state = 'queued' AND (not_before IS NULL OR not_before <= ?) ${skip}
     ORDER BY producer_timestamp, id LIMIT 1 ${lock}`,
    [now, ...busy],
  );
  if (!row) return undefined;
  return { ...(row as unknown as ClaimedCommand), id: Number(row.id), attempts: Number(row.attempts) };
}

/** Marks a claimed command applied (in the transaction that applied it); its payload is dropped. */
export async function markApplied(
  tx: SqlRunner,
  id: number,
  outcome: ApplyOutcome,
  now: string,
  instance: string,
): Promise<void> {
  await run(
    tx,
    `UPDATE command_queue SET state = 'done', payload = '', outcome = ?, applied = ?, applied_by = ? WHERE id = ?`,
    [outcome, now, instance, id],
  );
}

/**
 * Records a failed attempt: the command waits `retryDelayMs` × attempts and is tried again, or,
 * at `maxAttempts` (or when `fatal`), moves to the dead letters. Returns which.
 */
export async function recordFailure(
  tx: SqlRunner,
  claimed: ClaimedCommand,
  failure: { error: string; now: string; fatal: boolean; maxAttempts: number; retryDelayMs: number },
): Promise<'retry' | 'dead'> {
  const errors: AttemptError[] = [
    ...(claimed.errors ? (JSON.parse(claimed.errors) as AttemptError[]) : []),
    { at: failure.now, error: failure.error },
  ];
  const attempts = claimed.attempts + 1;
  if (!failure.fatal && attempts < failure.maxAttempts) {
    const notBefore = new Date(Date.parse(failure.now) + failure.retryDelayMs * attempts).toISOString();
    await run(tx, 'UPDATE command_queue SET attempts = ?, errors = ?, not_before = ? WHERE id = ?', [
      attempts,
      JSON.stringify(errors),
      notBefore,
      claimed.id,
    ]);
    return 'retry';
  }
  await run(
    tx,
    `INSERT INTO command_dead_letters (id, uuid, received, command, version, certname, producer_timestamp, payload,
       attempts, errors, failed)
     SELECT id, uuid, received, command, version, certname, producer_timestamp, payload, ?, ?, ?
     FROM command_queue WHERE id = ?`,
    [attempts, JSON.stringify(errors), failure.now, claimed.id],
  );
  await run(tx, 'DELETE FROM command_queue WHERE id = ?', [claimed.id]);
  return 'dead';
}

/** Applied commands whose rows can go: nobody waits on a command applied before `before`. */
export function pruneApplied(db: SqlRunner, before: string): Promise<number> {
  return run(db, "DELETE FROM command_queue WHERE state = 'done' AND applied < ?", [before]);
}

/** What happened to each of `uuids` that is no longer queued (applied, or a dead letter). */
export async function settledCommands(
  db: SqlRunner,
  uuids: readonly string[],
): Promise<{ uuid: string; outcome: string | null; dead: boolean }[]> {
  if (uuids.length === 0) return [];
  const list = uuids.map(() => '?').join(', ');
  const applied = await all<{ uuid: string; outcome: string }>(
    db,
    `SELECT uuid, outcome FROM command_queue WHERE state = 'done' AND uuid IN (${list})`,
    uuids,
  );
  const dead = await all<{ uuid: string }>(
    db,
    `SELECT uuid FROM command_dead_letters WHERE uuid IN (${list})`,
    uuids,
  );
  return [
    ...applied.map((r) => ({ uuid: r.uuid, outcome: r.outcome, dead: false })),
    ...dead.map((r) => ({ uuid: r.uuid, outcome: null, dead: true })),
  ];
}

/** Depth, oldest receive time and dead letters of the queue. */
export async function queueStats(db: SqlRunner): Promise<QueueStats> {
  const [queued] = await all<{ depth: number; oldest: string | null }>(
    db,
    "SELECT count(*) AS depth, min(received) AS oldest FROM command_queue WHERE state = 'queued'",
  );
  const [dead] = await all<{ n: number }>(db, 'SELECT count(*) AS n FROM command_dead_letters');
  return {
    depth: Number(queued?.depth ?? 0),
    oldestReceived: queued?.oldest ?? null,
    deadLetters: Number(dead?.n ?? 0),
  };
}

/** Every dead letter, oldest first (payloads are not read). */
export async function listDeadLetters(db: SqlRunner): Promise<DeadLetter[]> {
  const rows = await all<Row>(
    db,
    `SELECT id, uuid, received, command, version, certname, attempts, errors, failed
     FROM command_dead_letters ORDER BY id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    uuid: String(r.uuid),
    received: String(r.received),
    command: String(r.command),
    version: Number(r.version),
    certname: String(r.certname),
    attempts: Number(r.attempts),
    errors: JSON.parse(String(r.errors)) as AttemptError[],
    failed: String(r.failed),
  }));
}

function selection(ids: readonly number[] | 'all'): { where: string; params: number[] } {
  if (ids === 'all') return { where: '', params: [] };
  return { where: `WHERE id IN (${ids.map(() => '?').join(', ')})`, params: [...ids] };
}

/** Puts dead letters back in the queue with fresh attempts; returns how many. */
export async function retryDeadLetters(
  db: SqlRunner,
  ids: readonly number[] | 'all',
  now: string,
): Promise<number> {
  const { where, params } = selection(ids);
  await run(
    db,
    `INSERT INTO command_queue (id, uuid, received, command, version, certname, producer_timestamp, payload,
       not_before)
     SELECT id, uuid, received, command, version, certname, producer_timestamp, payload, ?
     FROM command_dead_letters ${where}`,
    [now, ...params],
  );
  return run(db, `DELETE FROM command_dead_letters ${where}`, params);
}

/** Deletes dead letters for good; returns how many. */
export function dropDeadLetters(db: SqlRunner, ids: readonly number[] | 'all'): Promise<number> {
  const { where, params } = selection(ids);
  return run(db, `DELETE FROM command_dead_letters ${where}`, params);
}
