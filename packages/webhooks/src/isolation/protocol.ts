/**
 * @module isolation/protocol
 * The messages between the service and a module's worker process (JSON lines, channel.ts). Calls
 * and answers travel in batches: everything queued in one turn of the event loop goes as one
 * message, which costs far less per call than one message each at high concurrency.
 *
 * What a worker sends is untrusted: the module's code runs in that process and can write anything
 * to the channel. {@link readFromWorker} accepts only the shapes below; the service treats anything
 * else as a broken worker (it is ended, its calls answer 502). An answer's content (status,
 * headers, size) is checked later, like every handler's answer (answer-policy.ts).
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
  | { readonly type: 'load'; readonly url: string; readonly answerLimit: number }
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
/** Longest text a worker's problem or error report may carry into the log. */
const MAX_REPORT = 4000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readAnswer(value: unknown): AnswerMessage | undefined {
  if (!isRecord(value) || !Number.isSafeInteger(value.id) || !isRecord(value.answer)) return undefined;
  if (value.problem !== undefined && typeof value.problem !== 'string') return undefined;
  const answer = value.answer as unknown as Answer;
  const problem = value.problem?.slice(0, MAX_REPORT);
  return problem === undefined
    ? { id: value.id as number, answer }
    : { id: value.id as number, answer, problem };
}

function readReady(value: Record<string, unknown>): FromWorker | undefined {
  const { methods, exportName, config } = value;
  if (!Array.isArray(methods) || !methods.every((m) => typeof m === 'string')) return undefined;
  if (typeof exportName !== 'string' || (config !== undefined && !isRecord(config))) return undefined;
  return { type: 'ready', methods, exportName, config: config as ModuleConfig | undefined };
}

/** The message `value` is, when it has one of the shapes a worker may send; else undefined. */
export function readFromWorker(value: unknown): FromWorker | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'answers': {
      if (!Array.isArray(value.answers)) return undefined;
      const answers = value.answers.map(readAnswer);
      return answers.every((a) => a !== undefined) ? { type: 'answers', answers } : undefined;
    }
    case 'ready':
      return readReady(value);
    case 'load-failed':
    case 'fatal':
      return typeof value.error === 'string'
        ? { type: value.type, error: value.error.slice(0, MAX_REPORT) }
        : undefined;
    default:
      return undefined;
  }
}
