/**
 * @module semaphore
 * Bounds how many calls of one module run at once. A call over the limit waits in a bounded FIFO
 * queue; when the queue is full too, the caller is refused (the route answers 503 + Retry-After),
 * so a slow module cannot pile up unbounded work.
 */

export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
}

export class Semaphore {
  #active = 0;
  readonly #queue: Waiter[] = [];
  limit: number;
  queueLimit: number;

  constructor(limit: number, queueLimit: number) {
    this.limit = limit;
    this.queueLimit = queueLimit;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** A release function now, a promise of one when queued, or `undefined` when the queue is full. */
  acquire(): Release | Promise<Release> | undefined {
    if (this.#active < this.limit) {
      this.#active++;
      return this.#releaser();
    }
    if (this.#queue.length >= this.queueLimit) return undefined;
    return new Promise<Release>((grant) => this.#queue.push({ grant }));
  }

  #releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.#queue.shift();
      if (next) next.grant(this.#releaser());
      else this.#active--;
    };
  }
}
