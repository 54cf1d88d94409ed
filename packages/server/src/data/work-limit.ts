/**
 * @module data/work-limit
 * Bounds expensive work that anyone can trigger without logging in: at most `concurrency` jobs run at
 * once and at most `queue` wait; beyond that a job is refused at once with 503 and `Retry-After`.
 * Password checks use it: each is a 16 MiB scrypt on libuv's thread pool (4 threads by default),
 * shared with file and DNS work, so an unauthenticated flood of logins must not fill it.
 */
import { AuthError } from '@gatehouse/auth';

export class WorkLimit {
  readonly #concurrency: number;
  readonly #queue: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(concurrency: number, queue: number) {
    this.#concurrency = concurrency;
    this.#queue = queue;
  }

  /** Runs `job` when a slot is free; rejects with `ERR_LOGIN_BUSY` (503) when too many wait already. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      if (this.#waiting.length >= this.#queue) {
        throw new AuthError('ERR_LOGIN_BUSY', undefined, { retryAfterSeconds: 1 });
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
