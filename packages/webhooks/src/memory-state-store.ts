/**
 * @module memory-state-store
 * The {@link StateStore} of one process, used when the host passes none: a Map whose entries expire
 * and whose size is bounded (the oldest entry goes first when a new key would pass `maxEntries`).
 * Insertion order is expiry order for one window, so pruning stops at the first live entry.
 */
import type { StateStore } from './state-store.js';

interface Entry {
  value: string;
  expires: number;
}

export class MemoryStateStore implements StateStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(maxEntries: number, now: () => number = Date.now) {
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expires > this.#now()) return entry;
    if (entry) this.#entries.delete(key);
    return undefined;
  }

  #put(key: string, value: string, ttlMs: number): void {
    const now = this.#now();
    this.#entries.delete(key);
    for (const [old, entry] of this.#entries) {
      if (entry.expires > now && this.#entries.size < this.#maxEntries) break;
      this.#entries.delete(old);
    }
    this.#entries.set(key, { value, expires: now + Math.max(1, ttlMs) });
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.#live(key)) return false;
    this.#put(key, value, ttlMs);
    return true;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#put(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const entry = this.#live(key);
    if (!entry) {
      this.#put(key, '1', ttlMs);
      return 1;
    }
    entry.value = String(Number(entry.value) + 1);
    return Number(entry.value);
  }
}
