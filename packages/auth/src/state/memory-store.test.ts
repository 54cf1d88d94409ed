import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from './memory-store.js';

function store(maxEntries = 10) {
  let now = 1_000_000;
  const s = new MemoryStateStore({ maxEntries, now: () => now });
  return {
    s,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('MemoryStateStore', () => {
  it('sets, reads, replaces and deletes values that expire', async () => {
    const { s, advance } = store();
    await s.set('k', 'a', 1000);
    expect(await s.get('k')).toBe('a');
    await s.set('k', 'b', 2000);
    advance(1500);
    expect(await s.get('k')).toBe('b');
    advance(500);
    expect(await s.get('k')).toBeUndefined();
    await s.set('k', 'c', 1000);
    await s.delete('k');
    expect(await s.get('k')).toBeUndefined();
    s.close();
  });

  it('sets a one-time value only once while it lives', async () => {
    const { s, advance } = store();
    expect(await s.setIfAbsent('once', '1', 1000)).toBe(true);
    expect(await s.setIfAbsent('once', '2', 1000)).toBe(false);
    expect(await s.get('once')).toBe('1');
    advance(1000);
    expect(await s.setIfAbsent('once', '3', 1000)).toBe(true);
    s.close();
  });

  it('counts within a fixed window from the first count', async () => {
    const { s, advance } = store();
    expect(await s.increment('n', 1000)).toBe(1);
    advance(600);
    expect(await s.increment('n', 1000)).toBe(2);
    advance(400); // the window of the first count is over
    expect(await s.increment('n', 1000)).toBe(1);
    s.close();
  });

  it('refuses a new key when full of live entries instead of forgetting one, and makes room once they expire', async () => {
    const { s, advance } = store(2);
    await s.set('a', '1', 1000);
    await s.set('b', '1', 5000);
    await expect(s.set('c', '1', 1000)).rejects.toThrow(/state store full/);
    await s.set('a', '2', 1000); // replacing a key is not a new entry
    advance(1000);
    await s.set('c', '1', 1000);
    expect(await s.get('b')).toBe('1');
    s.close();
  });
});
