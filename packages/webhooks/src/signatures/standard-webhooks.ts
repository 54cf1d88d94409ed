/**
 * @module signatures/standard-webhooks
 * Standard Webhooks (the scheme of Svix and of the senders that follow its specification): the
 * sender signs `<webhook-id>.<webhook-timestamp>.<raw body>` with HMAC-SHA256 and sends
 * `webhook-signature: v1,<base64>` (several space-separated entries while a secret rolls; entries of
 * other versions, such as `v1a` for ed25519, are skipped). Secrets are `whsec_` + base64 of 24-64
 * random bytes; the key is the decoded bytes. The timestamp (Unix seconds) must lie within the
 * tolerance of our clock, and `webhook-id` is the delivery id: it is signed, so replay protection
 * can trust it as it is.
 */
import { decodeDigest, digestMatches, hmacSha256 } from './hmac.js';
import type { TimedVerdict } from './slack.js';

export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

const SECRET_PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/** The key of a `whsec_` secret, or a sentence saying why the text is not one (never echoing it). */
export function standardWebhooksKey(secret: string): Buffer | string {
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = decodeDigest(body, 'base64');
  if (key === undefined) return 'is not whsec_ followed by base64';
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES)
    return `decodes to ${key.length} bytes, the specification asks for ${MIN_KEY_BYTES}-${MAX_KEY_BYTES}`;
  return key;
}

export interface StandardWebhooksHeaders {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
}

/** The `v1` signature of a message, as a sender writes it (for tests and for senders written in JS). */
export function signStandardWebhook(
  key: Buffer,
  id: string,
  timestamp: number,
  raw: Buffer | string,
): string {
  return `v1,${hmacSha256(key, `${id}.${timestamp}.`, raw).toString('base64')}`;
}

export function verifyStandardWebhooks(
  headers: StandardWebhooksHeaders,
  raw: Buffer,
  keys: readonly Buffer[],
  toleranceSec: number,
  nowMs: number,
): TimedVerdict {
  const { id, timestamp, signature } = headers;
  // The signed content is joined with dots: an id or timestamp holding one could shift the parts.
  if (id === undefined || id.length === 0 || id.includes('.')) return 'invalid';
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || signature === undefined) return 'invalid';
  const claimed = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => decodeDigest(entry.slice(3), 'base64'))
    .filter((digest) => digest !== undefined);
  if (claimed.length === 0) return 'invalid';
  const matches = keys.some((key) => {
    const expected = hmacSha256(key, `${id}.${timestamp}.`, raw);
    return claimed.some((digest) => digestMatches(digest, expected));
  });
  if (!matches) return 'invalid';
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= toleranceSec ? 'ok' : 'expired';
}
