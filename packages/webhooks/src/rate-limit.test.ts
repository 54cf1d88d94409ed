import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';
import type { StateStore } from './state-store.js';

/** Counters with expiry on the test's clock, as a shared store keeps them. */
function countersAt(clock: () => number): StateStore & { keys: () => string[] } {
  const counts = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    return entry && entry.until > clock() ? entry : undefined;
  };
  return {
    keys: () => [...counts.keys()].filter((key) => live(key)),
    get: async (key) => (live(key) ? String(live(key)!.n) : undefined),
    setIfAbsent: async () => false,
    set: async () => undefined,
    delete: async (key) => void counts.delete(key),
    increment: async (key, ttlMs) => {
      const entry = live(key) ?? { n: 0, until: clock() + ttlMs };
      entry.n += 1;
      counts.set(key, entry);
      return entry.n;
    },
  };
}

describe('RateLimiter', () => {
  it('allows max calls per address per window, then says how long to wait, and forgets old windows', async () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 10_000 }, undefined, () => now);
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('b')]).toEqual([0, 0, 0]);
    now = 2500;
    expect(await limiter.take('a')).toBe(8);
    expect(limiter.tracked).toBe(2);
    now = 10_000;
    expect(await limiter.take('a')).toBe(0);
    expect(limiter.tracked).toBe(1);
  });

  it('counts across limiters sharing a store, in windows aligned to the clock that expire in the store', async () => {
    let now = 25_000;
    const store = countersAt(() => now);
    const a = new RateLimiter({ max: 3, windowMs: 10_000 }, store, () => now);
    const b = new RateLimiter({ max: 3, windowMs: 10_000 }, store, () => now);
    expect([await a.take('x'), await b.take('x'), await a.take('x')]).toEqual([0, 0, 0]);
    now = 26_000;
    expect(await b.take('x')).toBe(4);
    expect(await a.take('y')).toBe(0);
    expect(b.tracked).toBe(0);
    expect(store.keys()).toEqual(['webhooks:rate:2:x', 'webhooks:rate:2:y']);
    now = 30_000;
    expect(store.keys()).toEqual([]);
    expect(await b.take('x')).toBe(0);
  });
});
