/**
 * @module adapters/node-io
 * Translating between node:http and the framework-neutral exchange, shared by the Express/Connect
 * adapter (and anything else built on node:http).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '../http/exchange.js';

/** A node request as an {@link HttpRequest}; `url` is the full original URL (Express strips mount paths from `req.url`). */
export function fromNode(
  req: IncomingMessage & { originalUrl?: string; ip?: string },
  body?: Buffer,
): HttpRequest {
  return {
    method: req.method ?? 'GET',
    url: req.originalUrl ?? req.url ?? '/',
    headers: req.headers,
    ip: req.ip ?? req.socket?.remoteAddress ?? '',
    ...(body ? { body } : {}),
  };
}

/** Adds headers to a node response; `set-cookie` values are appended to those already set. */
export function addNodeHeaders(res: ServerResponse, headers: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'set-cookie') {
      const existing = res.getHeader('set-cookie');
      const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      res.setHeader('set-cookie', [...before, ...(Array.isArray(value) ? value : [value])]);
    } else {
      res.setHeader(name, value);
    }
  }
}

/** Writes a whole {@link HttpResponse}. */
export function writeNode(res: ServerResponse, response: HttpResponse): void {
  res.statusCode = response.status;
  addNodeHeaders(res, response.headers);
  res.end(response.body ?? '');
}
