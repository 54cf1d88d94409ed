/** The pending-login table on its own: one confirmation per token, expiry, sweeping, one take. */
import { describe, expect, it } from 'vitest';
import { LoginRequests, REQUEST_TTL_MS } from '../../src/index.js';

describe('LoginRequests', () => {
  it('confirms once per chat, answers expired for a lifetime after expiry, then forgets', () => {
    let now = 1_000_000;
    const requests = new LoginRequests(() => now);
    const token = requests.create()!;
    expect(requests.take(token)).toEqual({ state: 'unconfirmed' });
    expect(requests.confirm(token, { id: 1, type: 'private' })).toBe(true);
    expect(requests.confirm(token, { id: 2, type: 'private' })).toBe(false);
    expect(requests.take(token)).toEqual({ state: 'confirmed', chat: { id: 1, type: 'private' } });
    expect(requests.take(token)).toEqual({ state: 'unknown' });

    const late = requests.create()!;
    now += REQUEST_TTL_MS;
    expect(requests.confirm(late, { id: 1, type: 'private' })).toBe(false);
    requests.sweep();
    expect(requests.size).toBe(1);
    now += REQUEST_TTL_MS;
    requests.sweep();
    expect(requests.size).toBe(0);
    expect(requests.take(late)).toEqual({ state: 'unknown' });
  });
});
