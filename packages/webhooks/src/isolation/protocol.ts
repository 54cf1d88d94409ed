/**
 * @module isolation/protocol
 * The messages between the service and a module's worker process (Node's IPC channel, JSON).
 * Calls and answers travel in batches: everything queued in one turn of the event loop goes as
 * one message, which costs far less per call than one message each at high concurrency.
 */
import type { Answer } from '../replay.js';
import type { ModuleConfig } from '../types.js';

export interface CallMessage {
  readonly id: number;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** `_webhook.rawBody` as base64 (JSON carries no bytes); the worker puts the Buffer back. */
  readonly rawBody?: string;
}

export interface AnswerMessage {
  readonly id: number;
  readonly answer: Answer;
  /** What went wrong, for the service's log. */
  readonly problem?: string;
}

export type ToWorker =
  | { readonly type: 'load'; readonly url: string }
  | { readonly type: 'calls'; readonly calls: readonly CallMessage[] };

export type FromWorker =
  | {
      readonly type: 'ready';
      readonly methods: readonly string[];
      readonly exportName: string;
      readonly config: ModuleConfig | undefined;
    }
  | { readonly type: 'load-failed'; readonly error: string }
  | { readonly type: 'answers'; readonly answers: readonly AnswerMessage[] }
  | { readonly type: 'fatal'; readonly error: string };

/** Exit code of a worker that ended itself after an uncaught exception or unhandled rejection. */
export const FATAL_EXIT_CODE = 70;
