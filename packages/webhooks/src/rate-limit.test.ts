import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('allows max calls per address per window, then says how long to wait, and forgets old windows', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 10_000 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('b')]).toEqual([0, 0, 0]);
    now = 2500;
    expect(limiter.take('a')).toBe(8);
    expect(limiter.tracked).toBe(2);
    now = 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.tracked).toBe(1);
  });
});
