/**
 * @module secret
 * Constant-time comparisons over bytes. Both sides are hashed with SHA-256 first, so the compared
 * buffers always have the same length: neither the length of the secret leaks nor can a value of
 * a different byte length make `timingSafeEqual` throw (the reference hung on such input).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string | Buffer, encoding: BufferEncoding): Buffer {
  return createHash('sha256')
    .update(typeof value === 'string' ? Buffer.from(value, encoding) : value)
    .digest();
}

/** Whether two byte strings are equal, in time independent of where they differ. */
export function bytesEqual(a: Buffer, b: Buffer): boolean {
  return timingSafeEqual(digest(a, 'utf8'), digest(b, 'utf8'));
}

/**
 * Whether a header value carries `secret`. Node decodes header bytes as latin1, so the value is
 * turned back into the bytes that were sent, and the secret is compared as UTF-8 bytes: a non-ASCII
 * secret sent as UTF-8 matches.
 */
export function headerMatchesSecret(headerValue: string | undefined, secret: string): boolean {
  const sent = digest(headerValue ?? '', 'latin1');
  const ok = timingSafeEqual(sent, digest(secret, 'utf8'));
  return ok && headerValue !== undefined;
}
