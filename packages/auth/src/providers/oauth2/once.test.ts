import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../state/memory-store.js';
import { useStateOnce } from './once.js';

describe('useStateOnce', () => {
  it('accepts a state once while its handshake lives, in the store every instance shares', async () => {
    const store = new MemoryStateStore();
    const later = Date.now() + 60_000;
    expect(await useStateOnce(store, 'a', later)).toBe(true);
    expect(await useStateOnce(store, 'a', later)).toBe(false);
    expect(await useStateOnce(store, 'b', later)).toBe(true);
    expect(await store.get('auth:oauth-state:a')).toBe('1');
    store.close();
  });

  it('forgets a state once its handshake expired', async () => {
    let now = Date.now();
    const store = new MemoryStateStore({ now: () => now });
    expect(await useStateOnce(store, 'old', Date.now() + 1000)).toBe(true);
    now += 1000;
    expect(await useStateOnce(store, 'old', Date.now() + 60_000)).toBe(true);
    store.close();
  });
});
