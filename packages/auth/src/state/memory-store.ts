/**
 * @module state/memory-store
 * The {@link StateStore} of one process: a Map with expiry times. Expired entries are dropped when
 * read and by a sweep once a minute (an unref'd timer, so it never keeps a process alive). It holds
 * at most `maxEntries`; when full of live entries a write is refused with an error rather than
 * forgetting something, because a forgotten revocation would let an ended session back in (callers
 * fail closed on that error). State is lost when the process ends and is not shared between
 * instances: several instances need one shared store.
 */
import type { StateStore } from './state-store.js';

export interface MemoryStateStoreOptions {
  /** Live entries at most. Default 1,000,000 (roughly 150 MB at the sizes auth writes). */
  maxEntries?: number;
  /** The clock, ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /** How often expired entries are swept. Default 60 s. */
  sweepIntervalMs?: number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryStateStore implements StateStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #timer: NodeJS.Timeout;
  #sweptAt = 0;

  constructor(options: MemoryStateStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 1_000_000;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => this.#sweep(), options.sweepIntervalMs ?? 60_000);
    this.#timer.unref();
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.#live(key)) return false;
    this.#write(key, value, ttlMs);
    return true;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#write(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const entry = this.#live(key);
    if (!entry) {
      this.#write(key, '1', ttlMs);
      return 1;
    }
    const count = (Number.parseInt(entry.value, 10) || 0) + 1;
    entry.value = String(count);
    return count;
  }

  /** Live and not yet swept entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Stops the sweep timer. */
  close(): void {
    clearInterval(this.#timer);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #write(key: string, value: string, ttlMs: number): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.#maxEntries) {
      // At most one sweep a second while full: refusing must not cost a full scan per request.
      if (this.#now() - this.#sweptAt >= 1000) this.#sweep();
      if (this.#entries.size >= this.#maxEntries) {
        throw new Error(`state store full (${this.#maxEntries} live entries)`);
      }
    }
    this.#entries.set(key, { value, expiresAt: this.#now() + Math.max(1, ttlMs) });
  }

  #sweep(): void {
    const now = this.#now();
    this.#sweptAt = now;
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
  }
}
