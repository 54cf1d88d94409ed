/**
 * @module token/cache
 * A bounded map whose entries expire at a given time. It backs the cache of already-verified tokens
 * (keyed by the exact token string, dropped at the token's `exp`): WebCrypto HMAC is asynchronous
 * and costs most of a guarded request, so a token is verified once and then looked up. It also keeps
 * the outcome of recent refreshes. When full, the oldest entry goes first.
 */

interface Entry<V> {
  value: V;
  expiresAtMs: number;
}

export class ExpiringCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** The value for `key`, or `undefined` when unknown or expired at `nowMs`. */
  get(key: string, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (nowMs >= entry.expiresAtMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers `value` until `expiresAtMs`. */
  set(key: string, value: V, expiresAtMs: number): void {
    if (this.#maxEntries <= 0) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, { value, expiresAtMs });
  }

  /** Removes every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
