/**
 * @module secret
 * Constant-time comparisons over bytes. Both sides are hashed with SHA-256 first, so the compared
 * buffers always have the same length: neither the length of the secret leaks nor can a value of
 * a different byte length make `timingSafeEqual` throw (the reference hung on such input).
 */
import { hash, timingSafeEqual } from 'node:crypto';

// crypto.hash (one-shot) is about twice as fast as createHash for short inputs; this runs per request.
function digest(value: string, encoding: BufferEncoding): Buffer {
  return Buffer.from(hash('sha256', Buffer.from(value, encoding), 'hex'), 'hex');
}

/**
 * A check of header values against `secret`. Node decodes header bytes as latin1, so a value is
 * turned back into the bytes that were sent, and the secret is compared as UTF-8 bytes: a non-ASCII
 * secret sent as UTF-8 matches. The secret's digest is computed once.
 */
export function secretMatcher(secret: string): (headerValue: string | undefined) => boolean {
  const expected = digest(secret, 'utf8');
  return (headerValue) => {
    const ok = timingSafeEqual(digest(headerValue ?? '', 'latin1'), expected);
    return ok && headerValue !== undefined;
  };
}
