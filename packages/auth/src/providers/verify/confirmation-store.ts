/**
 * @module providers/verify/confirmation-store
 * The 0.1 seam of the verified provider's one-shot tokens, kept (deprecated) until 0.2.0: the
 * provider now records redeemed tokens in the service's {@link StateStore}, the one interface every
 * piece of shared state uses, so a `ConfirmationStore` of one's own is no longer needed (give the
 * service a shared `stateStore` instead). One given as the `store` option still works.
 */

/** @deprecated since 0.1: give the Service a shared `stateStore`; removed in 0.2.0. */
export interface ConfirmationStore {
  /**
   * Marks `key` used for `ttlMs` milliseconds. Resolves `true` when it was already used (a
   * replay), `false` on the first use. Rejects when the store cannot answer.
   */
  markUsed(key: string, ttlMs: number): Promise<boolean>;
}

let warned = false;

/** One DeprecationWarning per process for a `ConfirmationStore` given as the `store` option. */
export function warnConfirmationStore(): void {
  if (warned) return;
  warned = true;
  process.emitWarning(
    'VerifyProvider: a ConfirmationStore as `store` is deprecated; give the Service a shared `stateStore` (removed in @gatehouse/auth 0.2.0)',
    { type: 'DeprecationWarning', code: 'GATEHOUSE_CONFIRMATION_STORE' },
  );
}

/** Live entries beyond this make the store refuse (fail closed) rather than forget used tokens. */
const DEFAULT_MAX_ENTRIES = 100_000;

/** @deprecated since 0.1: the default is now the service's state store; removed in 0.2.0. */
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
