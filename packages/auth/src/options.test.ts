import { describe, expect, it } from 'vitest';
import { type Opts, resolveOptions } from './options.js';

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
      tokenDuration: 15 * 60_000,
      cookieDuration: 31 * 24 * 3600_000,
      maxSessionAge: 31 * 24 * 3600_000,
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
    expect(o.maxSessionAge).toBe(o.cookieDuration);
  });

  it('derives Secure cookies from an https url, and maxSessionAge from cookieDuration', () => {
    const o = resolveOptions({ secretReader, url: 'https://auth.example.com/', cookieDuration: 1000 });
    expect(o.secureCookies).toBe(true);
    expect(o.url).toBe('https://auth.example.com');
    expect(o.maxSessionAge).toBe(1000);
    expect(resolveOptions({ secretReader, secureCookies: true }).secureCookies).toBe(true);
    expect(resolveOptions({ secretReader, url: 'https://x', secureCookies: false }).secureCookies).toBe(
      false,
    );
  });

  it.each<[Partial<Opts>, RegExp]>([
    [{ url: 'ftp://x' }, /url must be http or https/],
    [{ url: 'not a url' }, /url must be an absolute/],
    [{ tokenDuration: 0 }, /tokenDuration must be a positive/],
    [{ cookieDuration: -1 }, /cookieDuration must be a positive/],
    [{ maxSessionAge: Number.NaN }, /maxSessionAge must be a positive/],
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
