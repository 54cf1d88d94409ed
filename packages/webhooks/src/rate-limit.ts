/**
 * @module rate-limit
 * Calls per client address in a fixed window. Every request counts, refused ones included, so
 * guessing the secret is throttled too. Windows are aligned to the clock (window n covers
 * [n * windowMs, (n + 1) * windowMs)), so every instance sharing one counter store counts into the
 * same window and the limit holds across all of them. Without a shared store the counters live in
 * this process: in the current window's map, which is replaced when the window ends, so memory
 * stays bounded without a sweep.
 */
import type { StateStore } from './state-store.js';

export interface RateLimitConfig {
  /** Requests one address may make per window. */
  max: number;
  windowMs: number;
}

export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #store: StateStore | undefined;
  readonly #now: () => number;
  /** Without a store: the window counted here and its counts. */
  #window = -1;
  #counts = new Map<string, number>();

  /** `store`: the counters shared by every instance; unset: this process's own. */
  constructor(config: RateLimitConfig, store?: StateStore, now: () => number = Date.now) {
    this.#max = config.max;
    this.#windowMs = config.windowMs;
    this.#store = store;
    this.#now = now;
  }

  /** `0` when the call may go on, else the seconds until the window ends (for `Retry-After`). */
  async take(address: string): Promise<number> {
    const now = this.#now();
    const window = Math.floor(now / this.#windowMs);
    const leftMs = (window + 1) * this.#windowMs - now;
    const count = this.#store
      ? await this.#store.increment(`webhooks:rate:${window}:${address}`, leftMs)
      : this.#countHere(window, address);
    return count <= this.#max ? 0 : Math.max(1, Math.ceil(leftMs / 1000));
  }

  /** Addresses counted in this process's current window (none with a shared store). */
  get tracked(): number {
    return this.#counts.size;
  }

  #countHere(window: number, address: string): number {
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const count = (this.#counts.get(address) ?? 0) + 1;
    this.#counts.set(address, count);
    return count;
  }
}
