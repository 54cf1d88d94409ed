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

describe('LoginThrottle.attempt', () => {
  /** A throttle that blocks an account at its first failure, with a frozen clock. */
  const strict = () =>
    new LoginThrottle(
      new MemoryStateStore({ now: () => 0 }),
      { freeAttemptsPerAccount: 0, freeAttemptsPerAddress: 100 },
      () => 0,
    );
  const blocked = (throttle: LoginThrottle, account: string) =>
    throttle.check(account, '192.0.2.1').then(
      () => false,
      (error: AuthError) => error.code === 'ERR_TOO_MANY_ATTEMPTS',
    );

  it('returns the verdict and counts a falsy one as a failure, a truthy one as a success', async () => {
    const throttle = strict();
    expect(await throttle.attempt('ann', '192.0.2.1', async () => 'ann-user')).toBe('ann-user');
    expect(await blocked(throttle, 'ann')).toBe(false);
    expect(await throttle.attempt('bob', '192.0.2.1', () => false)).toBe(false);
    expect(await blocked(throttle, 'bob')).toBe(true);
  });

  it('counts a thrown refusal of the credential and rethrows it; other errors count nothing', async () => {
    const throttle = strict();
    const refused = throttle.attempt('ann', '192.0.2.1', async () => {
      throw new AuthError('ERR_BAD_CREDENTIALS');
    });
    await expect(refused).rejects.toMatchObject({ code: 'ERR_BAD_CREDENTIALS' });
    expect(await blocked(throttle, 'ann')).toBe(true);
    const broken = throttle.attempt('bob', '192.0.2.1', async () => {
      throw new Error('store down');
    });
    await expect(broken).rejects.toThrow('store down');
    expect(await blocked(throttle, 'bob')).toBe(false);
  });

  it('refuses a blocked account before verify runs', async () => {
    const throttle = strict();
    await throttle.failed('ann', '192.0.2.1');
    let ran = false;
    const attempt = throttle.attempt('ann', '192.0.2.1', async () => {
      ran = true;
      return true;
    });
    await expect(attempt).rejects.toMatchObject({ code: 'ERR_TOO_MANY_ATTEMPTS' });
    expect(ran).toBe(false);
  });
});
