/**
 * @module in-process
 * The trusted runner: calls the method on the module's one instance in the service's own thread,
 * with the module as `this`. Nothing isolates it: a handler that blocks, exits or leaks does so to
 * the whole service. JavaScript cannot stop a running function, so a timed-out handler keeps its
 * slot until it really ends. A synchronous result needs no timer: the hot path stays lean.
 */
import { errorAnswer } from './answer.js';
import type { Logger } from './logger.js';
import { errorOutcome, isThenable, type Outcome, resultOutcome } from './outcome.js';
import type { Answer } from './replay.js';
import type { Runner } from './runner.js';
import type { Release } from './semaphore.js';

const TIMED_OUT = Symbol('timed out');

export class InProcessRunner implements Runner {
  readonly isolation = 'in-process';
  readonly #module: string;
  readonly #instance: object;
  readonly #logger: Logger;

  constructor(module: string, instance: object, logger: Logger) {
    this.#module = module;
    this.#instance = instance;
    this.#logger = logger;
  }

  #answer(method: string, outcome: Outcome): Answer {
    if (outcome.problem)
      this.#logger.logf('[WARN] webhooks: %s.%s %s', this.#module, method, outcome.problem);
    return outcome.answer;
  }

  call(method: string, params: Record<string, unknown>, timeoutMs: number, release: Release) {
    let result: unknown;
    try {
      const fn = (this.#instance as Record<string, (p: unknown) => unknown>)[method]!;
      result = fn.call(this.#instance, params);
    } catch (err) {
      release();
      return this.#answer(method, errorOutcome(err));
    }
    if (!isThenable(result)) {
      release();
      return this.#answer(method, resultOutcome(result));
    }
    return this.#settle(method, result, timeoutMs, release);
  }

  async #settle(method: string, pending: PromiseLike<unknown>, timeoutMs: number, release: Release) {
    const run = Promise.resolve(pending);
    run.then(release, release);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(resolve, timeoutMs, TIMED_OUT);
    });
    try {
      const outcome = await Promise.race([run, deadline]);
      if (outcome !== TIMED_OUT) return this.#answer(method, resultOutcome(outcome));
      this.#logger.logf('[WARN] webhooks: %s.%s timed out after %d ms', this.#module, method, timeoutMs);
      return errorAnswer('ERR_HANDLER_TIMEOUT');
    } catch (err) {
      return this.#answer(method, errorOutcome(err));
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {}
}
