/**
 * @module rate-limit
 * Calls per client address in a fixed window. Every request counts, refused ones included, so
 * guessing the secret is throttled too. Memory stays bounded without a sweep: counters live in the
 * current window's map, which is replaced when the window ends (the reference never pruned).
 */

export interface RateLimitConfig {
  /** Requests one address may make per window. */
  max: number;
  windowMs: number;
}

export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #windowEnd = 0;
  #counts = new Map<string, number>();

  constructor(config: RateLimitConfig, now: () => number = Date.now) {
    this.#max = config.max;
    this.#windowMs = config.windowMs;
    this.#now = now;
  }

  /** `0` when the call may go on, else the seconds until the window ends (for `Retry-After`). */
  take(address: string): number {
    const now = this.#now();
    if (now >= this.#windowEnd) {
      this.#counts = new Map();
      this.#windowEnd = now + this.#windowMs;
    }
    const count = (this.#counts.get(address) ?? 0) + 1;
    this.#counts.set(address, count);
    return count <= this.#max ? 0 : Math.max(1, Math.ceil((this.#windowEnd - now) / 1000));
  }

  /** Addresses counted in the current window. */
  get tracked(): number {
    return this.#counts.size;
  }
}
