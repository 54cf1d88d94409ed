import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors.js';
import { MemoryStateStore } from '../state/memory-store.js';
import { addressKey, LoginThrottle } from './login-throttle.js';

describe('addressKey', () => {
  it('keeps IPv4 addresses and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('LoginThrottle', () => {
  it('doubles the delay with each failure past the free ones, up to the maximum', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      new MemoryStateStore({ now: () => now }),
      { freeAttemptsPerAccount: 1, freeAttemptsPerAddress: 100, baseDelayMs: 1000, maxDelayMs: 4000 },
      () => now,
    );
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await throttle.failed('alice', '192.0.2.1');
      const refusal = await throttle.check('alice', '192.0.2.1').catch((error: AuthError) => error);
      waits.push(refusal instanceof AuthError ? refusal.retryAfterSeconds! : 0);
      now += waits.at(-1)! * 1000;
    }
    expect(waits).toEqual([0, 1, 2, 4, 4]);
    await throttle.succeeded('alice');
    await throttle.failed('alice', '192.0.2.1');
    await expect(throttle.check('alice', '192.0.2.1')).resolves.toBeUndefined();
  });

  it('refuses a negative setting at construction', () => {
    expect(() => new LoginThrottle(new MemoryStateStore(), { baseDelayMs: -1 })).toThrow(TypeError);
  });
});
