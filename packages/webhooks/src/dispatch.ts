/**
 * @module dispatch
 * Runs one handler call: waits for a slot of the module's semaphore, calls the method with the
 * module as `this`, awaits it, and turns the outcome into an answer. The deadline covers the wait
 * for a slot and the run; a call past it answers 504. JavaScript cannot stop a running function,
 * so a timed-out handler keeps its slot until it really ends; that keeps the bound honest.
 */
import { errorAnswer, rejectionAnswer, successAnswer } from './answer.js';
import type { Logger } from './logger.js';
import { isRejection } from './rejection.js';
import type { Answer } from './replay.js';
import type { Release, Semaphore } from './semaphore.js';

export interface CallTarget {
  readonly module: string;
  readonly instance: object;
  readonly method: string;
  readonly semaphore: Semaphore;
}

const TIMED_OUT = Symbol('timed out');

function deadline(ms: number): { promise: Promise<typeof TIMED_OUT>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

async function waitForSlot(
  slot: Release | Promise<Release>,
  timer: Promise<typeof TIMED_OUT>,
): Promise<Release | typeof TIMED_OUT> {
  if (typeof slot === 'function') return slot;
  const won = await Promise.race([slot, timer]);
  // A slot granted after the deadline is handed straight back.
  if (won === TIMED_OUT) slot.then((release) => release());
  return won;
}

function failureAnswer(err: unknown, target: CallTarget, logger: Logger): Answer {
  if (isRejection(err)) return rejectionAnswer(err.status, err.message);
  logger.logf(
    'webhooks: %s.%s failed: %s',
    target.module,
    target.method,
    (err as Error)?.stack ?? String(err),
  );
  return errorAnswer('ERR_HANDLER_FAILED');
}

function toAnswer(result: unknown, target: CallTarget, logger: Logger): Answer {
  try {
    return successAnswer(result);
  } catch (err) {
    logger.logf('webhooks: %s.%s returned a value that is not JSON: %s', target.module, target.method, err);
    return errorAnswer('ERR_HANDLER_FAILED');
  }
}

/** Calls `target` with `params` within `timeoutMs` and answers; never throws. */
export async function dispatch(
  target: CallTarget,
  params: Record<string, unknown>,
  timeoutMs: number,
  logger: Logger,
): Promise<Answer> {
  const slot = target.semaphore.acquire();
  if (slot === undefined) return errorAnswer('ERR_BUSY');
  const timer = deadline(timeoutMs);
  try {
    const release = await waitForSlot(slot, timer.promise);
    if (release === TIMED_OUT) return errorAnswer('ERR_HANDLER_TIMEOUT');
    const fn = (target.instance as Record<string, (p: unknown) => unknown>)[target.method]!;
    const run = (async () => fn.call(target.instance, params))();
    run.then(release, release);
    const outcome = await Promise.race([run, timer.promise]);
    if (outcome === TIMED_OUT) {
      logger.logf('webhooks: %s.%s timed out after %d ms', target.module, target.method, timeoutMs);
      return errorAnswer('ERR_HANDLER_TIMEOUT');
    }
    return toAnswer(outcome, target, logger);
  } catch (err) {
    return failureAnswer(err, target, logger);
  } finally {
    timer.clear();
  }
}
