/**
 * @module token/cookies
 * The two session cookies. `JWT` holds the token and is HttpOnly; `XSRF-TOKEN` holds the token's
 * `jti` and is readable by the page, which echoes it in the XSRF header. Both share Path=/, Domain,
 * Secure and SameSite. A session-only login gets cookies without Max-Age/Expires.
 */
import { type SerializeOptions, stringifySetCookie } from 'cookie';

/** What every browser keeps of one cookie (RFC 6265 section 6.1: at least 4096 bytes, name, value and attributes). */
export const MAX_COOKIE_BYTES = 4096;

export type SameSite = 'Lax' | 'Strict' | 'None' | false;

export interface CookieSettings {
  jwtName: string;
  xsrfName: string;
  /** Empty means no Domain attribute (host-only cookies). */
  domain: string;
  secure: boolean;
  sameSite: SameSite;
  cookieDurationMs: number;
}

function attributes(settings: CookieSettings): SerializeOptions {
  const options: SerializeOptions = { path: '/', secure: settings.secure };
  if (settings.domain) options.domain = settings.domain;
  if (settings.sameSite) options.sameSite = settings.sameSite.toLowerCase() as 'lax' | 'strict' | 'none';
  return options;
}

/** `Set-Cookie` values that store `token` and its XSRF value. */
export function sessionCookies(
  settings: CookieSettings,
  token: string,
  xsrf: string,
  sessionOnly: boolean,
): string[] {
  const options = attributes(settings);
  if (!sessionOnly) options.maxAge = Math.floor(settings.cookieDurationMs / 1000);
  return [
    stringifySetCookie(settings.jwtName, token, { ...options, httpOnly: true }),
    stringifySetCookie(settings.xsrfName, xsrf, options),
  ];
}

/** `Set-Cookie` values that delete both cookies (empty value, Max-Age=0, Expires in 1970). */
export function clearingCookies(settings: CookieSettings): string[] {
  const options: SerializeOptions = { ...attributes(settings), maxAge: 0, expires: new Date(0) };
  return [
    stringifySetCookie(settings.jwtName, '', { ...options, httpOnly: true }),
    stringifySetCookie(settings.xsrfName, '', options),
  ];
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** `header.slice(start, end)` without leading and trailing spaces and tabs. */
function trimmed(header: string, start: number, end: number): string {
  while (start < end && isBlank(header.charCodeAt(start))) start++;
  while (end > start && isBlank(header.charCodeAt(end - 1))) end--;
  return header.slice(start, end);
}

/** Percent-decoded like the `cookie` package: undecodable values are kept as sent. */
function decoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The value of cookie `name` in a `Cookie` header, or `undefined`. Same answer as the `cookie`
 * package's parse (first occurrence wins, blanks trimmed, percent-decoded) but it scans for one
 * name instead of decoding every cookie a browser sends, on every guarded request.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header?.includes(name)) return undefined;
  for (let start = 0; start < header.length; ) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon < 0 ? header.length : semicolon;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && trimmed(header, start, eq) === name)
      return decoded(trimmed(header, eq + 1, end)) || undefined;
    start = end + 1;
  }
  return undefined;
}
