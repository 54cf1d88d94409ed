/**
 * @module outcome
 * Turns what a handler returned or threw into the HTTP answer, the same way in process and in an
 * isolated worker: a JSON-able result is `200 {"success":true,...}`; a raw answer
 * (`webhookAnswer(...)`) is sent as it is; a {@link WebhookRejection}
 * with a 4xx status answers that status and its message; anything else (another throw, a result
 * that is not JSON, a rejection object with a status outside 400-499) answers 500 with the fixed
 * message, and the detail goes to `problem`, for the log only.
 */
import { errorAnswer, rejectionAnswer, successAnswer } from './answer.js';
import { isRawAnswer, toAnswer } from './raw-answer.js';
import { isRejection } from './rejection.js';
import type { Answer } from './replay.js';

export interface Outcome {
  readonly answer: Answer;
  /** What went wrong, for the log (never for the client). */
  readonly problem?: string;
}

export function resultOutcome(result: unknown): Outcome {
  try {
    return { answer: isRawAnswer(result) ? toAnswer(result) : successAnswer(result) };
  } catch (err) {
    return {
      answer: errorAnswer('ERR_HANDLER_FAILED'),
      problem: isRawAnswer(result)
        ? `returned a bad raw answer: ${err}`
        : `returned a value that is not JSON: ${err}`,
    };
  }
}

export function errorOutcome(err: unknown): Outcome {
  if (isRejection(err)) {
    const { status, message } = err as { status: unknown; message: unknown };
    if (Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 499) {
      return { answer: rejectionAnswer(status as number, String(message)) };
    }
    return {
      answer: errorAnswer('ERR_HANDLER_FAILED'),
      problem: `threw a rejection with status ${String(status)} (must be 400-499)`,
    };
  }
  return {
    answer: errorAnswer('ERR_HANDLER_FAILED'),
    problem: `failed: ${(err as Error)?.stack ?? String(err)}`,
  };
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
