import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './cache.js';

describe('ExpiringCache', () => {
  it('drops an entry at its expiry time', () => {
    const cache = new ExpiringCache<string>(10);
    cache.set('t', 'claims', 1000);
    expect(cache.get('t', 999)).toBe('claims');
    expect(cache.get('t', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new ExpiringCache<number>(2);
    cache.set('a', 1, 10_000);
    cache.set('b', 2, 10_000);
    cache.set('c', 3, 10_000);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBe(2);
    expect(cache.get('c', 0)).toBe(3);
  });

  it('caches nothing with size 0', () => {
    const cache = new ExpiringCache<number>(0);
    cache.set('a', 1, 10_000);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
