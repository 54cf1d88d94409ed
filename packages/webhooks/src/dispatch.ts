/**
 * @module dispatch
 * Runs one handler call: waits for a slot of the module's semaphore, then hands the call to the
 * module's runner. The deadline covers the wait for a slot and the run; a call past it answers 504.
 */
import { errorAnswer } from './answer.js';
import type { Answer } from './replay.js';
import type { Runner } from './runner.js';
import type { Release, Semaphore } from './semaphore.js';

export interface CallTarget {
  readonly module: string;
  readonly method: string;
  readonly semaphore: Semaphore;
  readonly runner: Runner;
}

const TIMED_OUT = Symbol('timed out');

/** The one answer of a full module (503): the caller logs the refusal when it sees this object. */
export const BUSY: Answer = errorAnswer('ERR_BUSY');

/** Calls `target` with `params` within `timeoutMs` and answers; never throws. */
export function dispatch(
  target: CallTarget,
  params: Record<string, unknown>,
  timeoutMs: number,
): Answer | Promise<Answer> {
  const slot = target.semaphore.acquire();
  if (slot === undefined) return BUSY;
  if (typeof slot === 'function') return target.runner.call(target.method, params, timeoutMs, slot);
  return queued(target, params, timeoutMs, slot);
}

/** A queued call: the deadline starts now and covers the wait; a slot granted too late is handed back. */
async function queued(
  target: CallTarget,
  params: Record<string, unknown>,
  timeoutMs: number,
  slot: Promise<Release>,
): Promise<Answer> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, TIMED_OUT);
  });
  const won = await Promise.race([slot, deadline]);
  clearTimeout(timer);
  if (won === TIMED_OUT) {
    slot.then((release) => release());
    return errorAnswer('ERR_HANDLER_TIMEOUT');
  }
  const left = Math.max(1, timeoutMs - (Date.now() - start));
  return target.runner.call(target.method, params, left, won);
}
