/**
 * @module metadata
 * Builds the `_webhook` field: lower-case header names as a string map (repeated headers joined
 * with ", " as Node does), without the secret and signature headers; the query as a string map
 * (last value wins for a repeated name); the time of receipt in Unix milliseconds.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { WebhookMeta } from './types.js';

export function headerMap(headers: IncomingHttpHeaders, hidden: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    if (hidden.has(name)) continue;
    const value = headers[name];
    if (value !== undefined) out[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}

export function queryMap(url: string): Record<string, string> {
  const at = url.indexOf('?');
  const out: Record<string, string> = {};
  if (at < 0) return out;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) out[name] = value;
  return out;
}

export function buildMeta(
  headers: IncomingHttpHeaders,
  url: string,
  timestamp: number,
  hidden: ReadonlySet<string>,
): WebhookMeta {
  return { method: 'POST', headers: headerMap(headers, hidden), query: queryMap(url), timestamp };
}
