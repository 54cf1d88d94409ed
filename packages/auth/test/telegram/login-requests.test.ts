/** The pending-login table on its own: one confirmation per token, expiry, one take across instances. */
import { describe, expect, it } from 'vitest';
import { LoginRequests, MemoryStateStore, REQUEST_TTL_MS } from '../../src/index.js';

describe('LoginRequests', () => {
  it('confirms once per chat, answers expired for a lifetime after expiry, then the store forgets it', async () => {
    let now = 1_000_000;
    const store = new MemoryStateStore({ now: () => now });
    const requests = new LoginRequests(store, 'telegram', () => now);
    const token = (await requests.create())!;
    expect(await requests.take(token)).toEqual({ state: 'unconfirmed' });
    expect(await requests.confirm(token, { id: 1, type: 'private' })).toBe(true);
    expect(await requests.confirm(token, { id: 2, type: 'private' })).toBe(false);
    expect(await requests.take(token)).toEqual({ state: 'confirmed', chat: { id: 1, type: 'private' } });
    expect(await requests.take(token)).toEqual({ state: 'unknown' });

    const late = (await requests.create())!;
    now += REQUEST_TTL_MS;
    expect(await requests.confirm(late, { id: 1, type: 'private' })).toBe(false);
    expect(await requests.take(late)).toEqual({ state: 'expired' });
    now += REQUEST_TTL_MS;
    expect(await requests.take(late)).toEqual({ state: 'unknown' });
    store.close();
  });

  it('shares logins between instances on one store: created on one, confirmed on another, taken once', async () => {
    const store = new MemoryStateStore();
    const [a, b, c] = [1, 2, 3].map(() => new LoginRequests(store, 'telegram'));
    const token = (await a!.create())!;
    expect(await b!.confirm(token, { id: 7, type: 'private' })).toBe(true);
    const taken = await Promise.all([a!.take(token), c!.take(token)]);
    expect(taken.filter((t) => t.state === 'confirmed')).toHaveLength(1);
    expect(await new LoginRequests(store, 'other-bot').take(token)).toEqual({ state: 'unknown' });
    store.close();
  });
});
