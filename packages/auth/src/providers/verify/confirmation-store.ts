/**
 * @module providers/verify/confirmation-store
 * Makes a confirmation token one-shot: the first redemption marks it used until it expires, every
 * later one is refused. The provider fails closed: a store that throws means "refuse the login",
 * never "let it through". The in-memory default is per process; several instances behind one
 * address need a shared store (Redis `SET key 1 NX PX ttl`, a unique index...).
 */

export interface ConfirmationStore {
  /**
   * Marks `key` used for `ttlMs` milliseconds. Resolves `true` when it was already used (a
   * replay), `false` on the first use. Rejects when the store cannot answer.
   */
  markUsed(key: string, ttlMs: number): Promise<boolean>;
}

/** Live entries beyond this make the store refuse (fail closed) rather than forget used tokens. */
const DEFAULT_MAX_ENTRIES = 100_000;

export class MemoryConfirmationStore implements ConfirmationStore {
  readonly #used = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  async markUsed(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    const until = this.#used.get(key);
    if (until !== undefined && until > now) return true;
    if (this.#used.size >= this.#maxEntries) this.#sweep(now);
    if (this.#used.size >= this.#maxEntries) {
      // Evicting a live entry would let that token be replayed: refuse instead.
      throw new Error('confirmation store is full');
    }
    this.#used.set(key, now + Math.max(ttlMs, 1000));
    return false;
  }

  /** How many tokens are remembered (live or not yet swept). */
  get size(): number {
    return this.#used.size;
  }

  #sweep(now: number): void {
    for (const [key, until] of this.#used) if (until <= now) this.#used.delete(key);
  }
}
