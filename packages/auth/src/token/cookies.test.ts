import { parseCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { type CookieSettings, clearingCookies, readCookie, sessionCookies } from './cookies.js';

const base: CookieSettings = {
  jwtName: 'JWT',
  xsrfName: 'XSRF-TOKEN',
  domain: '',
  secure: false,
  sameSite: 'Lax',
  cookieDurationMs: 31 * 24 * 3600 * 1000,
};

describe('session cookies', () => {
  it('JWT is HttpOnly, XSRF is readable; both Path=/, SameSite=Lax, Max-Age = cookie duration', () => {
    const [jwt, xsrf] = sessionCookies(base, 'tok', 'jti1', false);
    expect(jwt).toBe('JWT=tok; Max-Age=2678400; Path=/; HttpOnly; SameSite=Lax');
    expect(xsrf).toBe('XSRF-TOKEN=jti1; Max-Age=2678400; Path=/; SameSite=Lax');
  });

  it('session-only cookies have neither Max-Age nor Expires; Domain, Secure and SameSite=None are written', () => {
    const [jwt, xsrf] = sessionCookies(
      { ...base, domain: 'example.com', secure: true, sameSite: 'None' },
      't',
      'x',
      true,
    );
    expect(jwt).toBe('JWT=t; Domain=example.com; Path=/; HttpOnly; Secure; SameSite=None');
    expect(xsrf).toBe('XSRF-TOKEN=x; Domain=example.com; Path=/; Secure; SameSite=None');
  });

  it('sameSite false omits the attribute', () => {
    const [jwt] = sessionCookies({ ...base, sameSite: false }, 't', 'x', true);
    expect(jwt).toBe('JWT=t; Path=/; HttpOnly');
  });

  it('clearing cookies are empty, Max-Age=0 and expire in 1970', () => {
    const [jwt, xsrf] = clearingCookies(base);
    expect(jwt).toBe(
      'JWT=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
    expect(xsrf).toBe('XSRF-TOKEN=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax');
  });

  it('reads one cookie from a Cookie header', () => {
    expect(readCookie('a=1; JWT=tok; XSRF-TOKEN=x', 'JWT')).toBe('tok');
    expect(readCookie('a=1', 'JWT')).toBeUndefined();
    expect(readCookie(undefined, 'JWT')).toBeUndefined();
    expect(readCookie('JWT=', 'JWT')).toBeUndefined();
  });

  it('readCookie answers as the cookie package parses a whole header', () => {
    const headers = [
      'a=1; JWT=first; JWT=second',
      ' \tJWT \t= spaced\t ; b=2',
      'XJWT=no; JWT=yes',
      'JWTX=no; b=2',
      'flag; JWT=after-a-bare-name',
      'JWT=a%20b; c=%E0%A4%A',
      'JWT=%E0%A4%A; c=1',
      'a=1;JWT=tight;b=2',
      'JWT',
      'a=b=c; JWT==x',
    ];
    for (const header of headers) {
      expect([header, readCookie(header, 'JWT')]).toEqual([header, parseCookie(header).JWT || undefined]);
    }
    expect(readCookie('a=1; JWT=first; JWT=second', 'JWT')).toBe('first');
    expect(readCookie('JWT=a%20b', 'JWT')).toBe('a b');
  });
});
