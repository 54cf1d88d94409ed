/**
 * @module http/respond
 * Building responses: JSON bodies as the reference writes them (a trailing newline, `<`, `>` and
 * `&` escaped), `{"error": ...}` bodies from the error table, and the security headers every auth
 * response carries.
 */
import { AuthError } from '../errors.js';
import type { HttpResponse } from './exchange.js';

/** Auth responses are data, never documents: nothing may run, frame or be sniffed. */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
});

const htmlUnsafe = /[<>&\u2028\u2029]/g;

function escapeForHtml(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A JSON response; `headers` are merged over the content type. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: `${JSON.stringify(body).replace(htmlUnsafe, escapeForHtml)}\n`,
  };
}

/** An empty `text/plain` response (logout). */
export function empty(status: number, headers: Record<string, string | string[]> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: '' };
}

/** The `{"error": ...}` answer for any failure; unknown errors become a bare 500. */
export function errorResponse(error: unknown, headers: Record<string, string | string[]> = {}): HttpResponse {
  const known =
    error instanceof AuthError ? error : new AuthError('ERR_INTERNAL', undefined, { cause: error });
  const extra: Record<string, string> = {};
  if (known.retryAfterSeconds !== undefined) extra['retry-after'] = String(known.retryAfterSeconds);
  // A 405 names the methods the route takes (RFC 9110 section 15.5.6).
  if (known.allow) extra.allow = known.allow.join(', ');
  return json(known.status, { error: known.message }, { ...extra, ...headers });
}

/** Adds `Set-Cookie` values to a response, keeping any it already has. */
export function addCookies(response: HttpResponse, cookies: string[]): HttpResponse {
  if (cookies.length === 0) return response;
  const existing = response.headers['set-cookie'];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  response.headers['set-cookie'] = [...list, ...cookies];
  return response;
}

/** Adds the security headers to a response. */
export function secured(response: HttpResponse): HttpResponse {
  Object.assign(response.headers, securityHeaders);
  return response;
}
