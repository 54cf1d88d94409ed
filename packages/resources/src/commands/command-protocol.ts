/**
 * @module commands/command-protocol
 * The messages between the command thread (commands/command-thread.ts, main side) and its worker
 * (commands/command-worker.ts), which owns the SQLite writer of the service and consumes the
 * durable command queue.
 */

import type { GcResult } from '../lifecycle/gc.js';
import type { ApplyOutcome } from './apply-catalog.js';
import type { QueueEntry } from './command-queue.js';
import type { QueueEvent } from './queue-consumer.js';

/** Sent once, at start, as the worker's `workerData`. */
export interface CommandWorkerData {
  readonly filename: string;
  readonly busyTimeoutMs: number;
  readonly pollMs: number;
  readonly maxAttempts: number;
  readonly retryDelayMs: number;
  readonly keepAppliedMs: number;
  readonly instance: string;
}

/** A job for the worker; `id` pairs it with its answer. */
export type CommandJob =
  | { readonly id: number; readonly job: 'enqueue'; readonly entry: QueueEntry }
  | { readonly id: number; readonly job: 'apply-waited'; readonly entry: QueueEntry }
  | {
      readonly id: number;
      readonly job: 'gc';
      readonly nodeTtlMs: number;
      readonly purgeTtlMs: number;
      readonly reportTtlMs: number;
      readonly now: string;
    };

/**
 * What a job answers: `enqueue` whether it stored the command (false: its uuid is stored already),
 * `apply-waited` the outcome (null: queued behind the node's commands, nothing stored), `gc` its result.
 */
export type JobResult = GcResult | ApplyOutcome | boolean | null;

/**
 * A job's error as it crosses the thread: its text and its driver code (`SQLITE_BUSY`...), which
 * a posted Error object would lose, and which tell a locked or full database from a bad command.
 */
export interface FailedJob {
  readonly message: string;
  readonly code?: string;
}

/** Worker → main: a job's answer, what became of a command, or a log line of the worker's code. */
export type CommandReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'done'; readonly id: number; readonly result: JobResult }
  | { readonly kind: 'failed'; readonly id: number; readonly error: FailedJob }
  | { readonly kind: 'event'; readonly event: QueueEvent }
  | { readonly kind: 'log'; readonly format: string; readonly args: unknown[] };
