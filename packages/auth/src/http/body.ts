/**
 * @module http/body
 * Reading request bodies: a bounded read of a node stream (used by both adapters), and decoding
 * a form or JSON body into string fields by its Content-Type.
 */
import type { Readable } from 'node:stream';
import { AuthError } from '../errors.js';
import type { HttpRequest } from './exchange.js';

/**
 * Reads at most `limit` bytes; rejects with `ERR_BODY_TOO_LARGE` beyond that. The rest of an
 * oversized body is read and dropped rather than the socket destroyed, so the client gets the 413.
 */
export function readBounded(stream: Readable, limit: number, declaredLength?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      stream.resume();
      reject(new AuthError('ERR_BODY_TOO_LARGE'));
    };
    if (declaredLength !== undefined && Number(declaredLength) > limit) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= limit) return void chunks.push(buffer);
      stream.off('data', onData);
      tooLarge();
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** The media type of a request without parameters, lower case; `''` when absent. */
export function mediaType(req: HttpRequest): string {
  const header = req.headers['content-type'] ?? '';
  return header.split(';')[0]!.trim().toLowerCase();
}

/**
 * The string fields of a form or JSON body. An empty body gives `{}`; another content type is
 * `ERR_UNSUPPORTED_MEDIA_TYPE`; broken JSON or a JSON body that is not an object is `malformed`.
 */
export function bodyFields(req: HttpRequest, malformed: AuthError): Record<string, string> {
  if (!req.body || req.body.length === 0) return {};
  const type = mediaType(req);
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(req.body.toString('utf8')));
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.body.toString('utf8'));
    } catch (cause) {
      throw new AuthError(malformed.code, malformed.message, { cause });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw malformed;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') fields[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
      else if (value !== null) throw malformed;
    }
    return fields;
  }
  throw new AuthError('ERR_UNSUPPORTED_MEDIA_TYPE');
}

/** The query parameters of a request URL. */
export function queryOf(req: HttpRequest): URLSearchParams {
  const start = req.url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : req.url.slice(start + 1));
}

/** The path of a request URL without the query. */
export function pathOf(req: HttpRequest): string {
  const start = req.url.indexOf('?');
  return start < 0 ? req.url : req.url.slice(0, start);
}
