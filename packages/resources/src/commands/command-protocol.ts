/**
 * @module commands/command-protocol
 * The messages between the command thread (commands/command-thread.ts, main side) and its worker
 * (commands/command-worker.ts), which owns the SQLite writer of the service.
 */

import type { GcResult } from '../lifecycle/gc.js';
import type { ApplyOutcome } from './apply-catalog.js';
import type { Command } from './envelope.js';

/** Sent once, at start, as the worker's `workerData`. */
export interface CommandWorkerData {
  readonly filename: string;
  readonly busyTimeoutMs: number;
}

/** A job for the worker; `id` pairs it with its answer. */
export type CommandJob =
  | { readonly id: number; readonly job: 'apply'; readonly command: Command; readonly received: string }
  | {
      readonly id: number;
      readonly job: 'gc';
      readonly nodeTtlMs: number;
      readonly purgeTtlMs: number;
      readonly now: string;
    };

/** Worker → main: a job's answer, or a log line of the worker's code. */
export type CommandReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'done'; readonly id: number; readonly result: ApplyOutcome | GcResult }
  | { readonly kind: 'failed'; readonly id: number; readonly error: Error }
  | { readonly kind: 'log'; readonly format: string; readonly args: unknown[] };
