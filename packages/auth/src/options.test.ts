import { describe, expect, it, vi } from 'vitest';
import { defaults, type Opts, resolveOptions } from './options.js';

const secretReader = () => 'secret';

describe('resolveOptions', () => {
  it('refuses a missing secretReader with a clear TypeError', () => {
    expect(() => resolveOptions({} as Opts)).toThrow(
      new TypeError('@gatehouse/auth: secretReader is required'),
    );
  });

  it('applies the documented defaults', () => {
    const o = resolveOptions({ secretReader });
    expect(o).toMatchObject({
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 31 * 24 * 3600_000,
      maxSessionAgeMs: 31 * 24 * 3600_000,
      issuer: 'go-pkgz/auth',
      url: 'http://127.0.0.1:8080',
      mountPath: '/auth',
      avatarRoutePath: '/avatar',
      avatarResizeLimit: 0,
      audiences: [],
      adminPasswd: '',
      jwtCookieName: 'JWT',
      jwtCookieDomain: '',
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderKey: 'x-xsrf-token',
      jwtHeaderKey: 'x-jwt',
      jwtQuery: 'token',
      xsrfIgnoreMethods: [],
      disableXSRF: false,
      sameSite: 'Lax',
      secureCookies: false,
      sendJWTHeader: false,
      allowedRedirectHosts: [],
      bodyLimit: 1024 * 1024,
      tokenCacheSize: 10_000,
    });
    expect(o.maxSessionAgeMs).toBe(o.cookieDurationMs);
  });

  it('derives Secure cookies from an https url, and maxSessionAgeMs from cookieDurationMs', () => {
    const o = resolveOptions({ secretReader, url: 'https://auth.example.com/', cookieDurationMs: 1000 });
    expect(o.secureCookies).toBe(true);
    expect(o.url).toBe('https://auth.example.com');
    expect(o.maxSessionAgeMs).toBe(1000);
    expect(resolveOptions({ secretReader, secureCookies: true }).secureCookies).toBe(true);
    expect(resolveOptions({ secretReader, url: 'https://x', secureCookies: false }).secureCookies).toBe(
      false,
    );
  });
});

describe('resolveOptions: defaults and former names', () => {
  it('resolves every default from the exported, frozen defaults', () => {
    const o = resolveOptions({ secretReader });
    expect(Object.isFrozen(defaults)).toBe(true);
    const { throttle, verify, ...plain } = defaults;
    expect(o).toMatchObject({
      ...plain,
      xsrfHeaderKey: defaults.xsrfHeaderKey.toLowerCase(),
      jwtHeaderKey: defaults.jwtHeaderKey.toLowerCase(),
    });
    expect(throttle).toEqual({
      freeAttemptsPerAccount: 5,
      freeAttemptsPerAddress: 20,
      baseDelayMs: 1000,
      maxDelayMs: 15 * 60_000,
      windowMs: 60 * 60_000,
    });
    expect(verify).toEqual({ tokenTtlSeconds: 30 * 60 });
  });

  it('takes the durations under their former names, warning once per name', () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      const old = {
        tokenDuration: 1000,
        cookieDuration: 5000,
        maxSessionAge: 4000,
        revocationCheckInterval: 0,
      };
      const o = resolveOptions({ secretReader, ...old });
      expect(o).toMatchObject({
        tokenDurationMs: 1000,
        cookieDurationMs: 5000,
        maxSessionAgeMs: 4000,
        revocationCheckIntervalMs: 0,
      });
      expect(o).not.toHaveProperty('tokenDuration');
      expect(
        resolveOptions({ secretReader, tokenDuration: 1000, tokenDurationMs: 2000 }).tokenDurationMs,
      ).toBe(2000);
      const messages = emitWarning.mock.calls.map(([message]) => String(message));
      expect(messages).toEqual(
        Object.keys(old).map((name) =>
          expect.stringContaining(`\`${name}\` is deprecated; use \`${name}Ms\``),
        ),
      );
    } finally {
      emitWarning.mockRestore();
    }
  });

  it.each<[Partial<Opts>, RegExp]>([
    [{ url: 'ftp://x' }, /url must be http or https/],
    [{ url: 'not a url' }, /url must be an absolute/],
    [{ tokenDurationMs: 0 }, /tokenDurationMs must be a positive/],
    [{ cookieDurationMs: -1 }, /cookieDurationMs must be a positive/],
    [{ maxSessionAgeMs: Number.NaN }, /maxSessionAgeMs must be a positive/],
    [{ sameSite: 'None' }, /sameSite None needs secure cookies/],
    [{ sameSite: 'lax' as never }, /sameSite must be/],
    [{ mountPath: 'auth' }, /mountPath must be a path/],
    [{ avatarRoutePath: '/a b' }, /avatarRoutePath must be a path/],
    [{ bodyLimit: 0 }, /bodyLimit must be a positive/],
    [{ tokenCacheSize: 1.5 }, /tokenCacheSize must be an integer/],
  ])('refuses %j', (bad, message) => {
    expect(() => resolveOptions({ secretReader, ...bad })).toThrow(message);
  });
});
