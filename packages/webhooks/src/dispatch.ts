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

interface Deadline {
  readonly promise: Promise<typeof TIMED_OUT>;
  clear(): void;
}

function deadline(ms: number): Deadline {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  timer?.unref();
  return { promise, clear: () => clearTimeout(timer) };
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

/** A deadline armed only when first needed (for an async result or a queued call). */
interface LazyDeadline {
  get(): Deadline;
  clear(): void;
}

function lazyDeadline(ms: number): LazyDeadline {
  let armed: Deadline | undefined;
  return {
    get: () => {
      armed ??= deadline(ms);
      return armed;
    },
    clear: () => armed?.clear(),
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Awaits an async result against the deadline; the slot is released when the handler really ends. */
async function settle(
  pending: PromiseLike<unknown>,
  release: Release,
  timer: Deadline,
  target: CallTarget,
  logger: Logger,
): Promise<Answer> {
  const run = Promise.resolve(pending);
  run.then(release, release);
  try {
    const outcome = await Promise.race([run, timer.promise]);
    if (outcome !== TIMED_OUT) return toAnswer(outcome, target, logger);
    logger.logf('webhooks: %s.%s timed out', target.module, target.method);
    return errorAnswer('ERR_HANDLER_TIMEOUT');
  } catch (err) {
    return failureAnswer(err, target, logger);
  } finally {
    timer.clear();
  }
}

/** Runs the handler in a granted slot. A synchronous result needs no timer: the hot path stays lean. */
function run(target: CallTarget, params: object, release: Release, timer: LazyDeadline, logger: Logger) {
  let result: unknown;
  try {
    const fn = (target.instance as Record<string, (p: unknown) => unknown>)[target.method]!;
    result = fn.call(target.instance, params);
  } catch (err) {
    release();
    timer.clear();
    return failureAnswer(err, target, logger);
  }
  if (isThenable(result)) return settle(result, release, timer.get(), target, logger);
  release();
  timer.clear();
  return toAnswer(result, target, logger);
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
  const timer = lazyDeadline(timeoutMs);
  if (typeof slot === 'function') return run(target, params, slot, timer, logger);
  // Queued: the deadline starts now and covers the wait; a slot granted too late is handed back.
  const won = await Promise.race([slot, timer.get().promise]);
  if (won === TIMED_OUT) {
    slot.then((release) => release());
    return errorAnswer('ERR_HANDLER_TIMEOUT');
  }
  return run(target, params, won, timer, logger);
}
