/**
 * PuppetDB's content negotiation for query routes: an Accept header, when present, must allow
 * JSON (406 otherwise; we also accept parameters such as `; charset=utf-8`, which 7.12.1 refuses); a POST body must be JSON or untyped (415 otherwise); a GET may carry its
 * parameters as a form-encoded body (as `curl -X GET --data-urlencode` sends them).
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { QueryError } from '../query/errors.js';

/** Lenient about parameters (`application/json; charset=utf-8`, `;q=0.9`), strict about the type. */
export function checkAccept(accept: string | undefined): void {
  if (accept === undefined || accept.trim() === '') return;
  const types = accept.split(',').map((item) => item.split(';')[0]!.trim().toLowerCase());
  if (types.some((type) => type === 'application/json' || type === 'application/*' || type === '*/*')) return;
  throw new QueryError('ERR_QUERY_NOT_ACCEPTABLE', 'must accept application/json');
}

/** The media type of a request without parameters, lower-cased; undefined when absent. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** Reads a GET's form body (bounded); other GET bodies are ignored, as PuppetDB does. */
export async function readFormBody(raw: IncomingMessage, limit: number): Promise<Record<string, string>> {
  if (mediaType(raw.headers['content-type']) !== 'application/x-www-form-urlencoded') return {};
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit)
      throw new QueryError('ERR_QUERY_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** The POST body as an object of parameters: JSON (or untyped) only. */
export function readJsonBody(body: unknown, contentType: string | undefined): Record<string, unknown> {
  const type = mediaType(contentType);
  if (type !== undefined && type !== 'application/json') {
    throw new QueryError('ERR_QUERY_UNSUPPORTED_MEDIA', `content type ${type} not supported`);
  }
  const text = typeof body === 'string' ? body : '';
  if (text.trim() === '') return {};
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch (error) {
    throw new QueryError('ERR_QUERY_JSON', `Json parse error: ${(error as Error).message}`);
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) {
    throw new QueryError(
      'ERR_QUERY_PARAMETER',
      'A POST body must be a JSON object such as {"query": [...], "limit": 10}',
    );
  }
  return decoded as Record<string, unknown>;
}
