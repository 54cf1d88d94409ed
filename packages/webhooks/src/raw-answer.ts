/**
 * @module raw-answer
 * Lets a handler answer exactly what a sender expects instead of `{"success": true, "data": …}`:
 * Slack's `url_verification` challenge echoed as text, TwiML for Twilio, an empty 204. The handler
 * returns `webhookAnswer({ status, headers, body })`; it is recognised by a registered symbol, so a
 * module that bundles its own copy of this package (or sets the symbol itself) is understood too.
 * Headers that belong to the transport or to the service's origin (`content-length`,
 * `transfer-encoding`, `set-cookie`, `location`..., the list in answer-policy.ts) cannot be set:
 * such an answer is a handler failure (500, logged), never sent half-applied.
 */
import { BANNED_ANSWER_HEADERS, HEADER_NAME } from './answer-policy.js';
import type { Answer } from './replay.js';

const BRAND = Symbol.for('@gatehouse/webhooks.answer');

export interface RawAnswerInit {
  /** 200-599; default 200. */
  readonly status?: number;
  /** Header names and values; `content-type` defaults to text/plain (a string body) or octet-stream (bytes). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as it is sent: text (UTF-8) or bytes; none for an empty answer. */
  readonly body?: string | Uint8Array;
}

export interface RawAnswer extends RawAnswerInit {
  readonly [BRAND]: true;
}

/** A raw answer for a handler to return. */
export function webhookAnswer(init: RawAnswerInit = {}): RawAnswer {
  return { ...init, [BRAND]: true };
}

/** Whether a handler's result is a raw answer (from any copy of this package). */
export function isRawAnswer(value: unknown): value is RawAnswer {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** The HTTP answer of a raw answer; throws a TypeError saying what is wrong with it. */
export function toAnswer(raw: RawAnswer): Answer {
  const status = raw.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new TypeError(`webhookAnswer status must be 200-599, got ${String(status)}`);
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(raw.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || BANNED_ANSWER_HEADERS.has(lower))
      throw new TypeError(`webhookAnswer may not set the header "${name}"`);
    if (typeof value !== 'string' || /[\r\n\0]/.test(value))
      throw new TypeError(`webhookAnswer header "${name}" needs a one-line string value`);
    if (lower === 'content-type') contentType = value;
    else headers[lower] = value;
  }
  const { body } = raw;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new TypeError('webhookAnswer body must be a string or bytes');
  const binary = body instanceof Uint8Array;
  return {
    status,
    body: binary
      ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64')
      : (body ?? ''),
    ...(binary ? { base64: true } : {}),
    contentType: contentType ?? (binary ? 'application/octet-stream' : 'text/plain; charset=utf-8'),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}
