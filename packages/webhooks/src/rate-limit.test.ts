import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from './memory-state-store.js';
import { RateLimiter } from './rate-limit.js';

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
    const store = new MemoryStateStore(100, () => now);
    const a = new RateLimiter({ max: 3, windowMs: 10_000 }, store, () => now);
    const b = new RateLimiter({ max: 3, windowMs: 10_000 }, store, () => now);
    expect([await a.take('x'), await b.take('x'), await a.take('x')]).toEqual([0, 0, 0]);
    now = 26_000;
    expect(await b.take('x')).toBe(4);
    expect(await a.take('y')).toBe(0);
    expect(b.tracked).toBe(0);
    expect([await store.get('webhooks:rate:2:x'), await store.get('webhooks:rate:2:y')]).toEqual(['4', '1']);
    now = 30_000;
    expect(await store.get('webhooks:rate:2:x')).toBeUndefined();
    expect(await b.take('x')).toBe(0);
  });
});
