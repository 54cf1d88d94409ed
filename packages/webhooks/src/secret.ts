/**
 * @module secret
 * A constant-time check of the shared secret over bytes. Every check runs `timingSafeEqual` over the
 * secret's own length: a value of another length is compared as the secret against itself and then
 * refused, so the time taken does not depend on how much of the value matches nor tell the secret's
 * length, and a value of another byte length can never make `timingSafeEqual` throw (the reference
 * hung on such input). No hashing: this runs on every request of a route without a signature.
 */
import { timingSafeEqual } from 'node:crypto';

/**
 * A check of header values against `secret`. Node decodes header bytes as latin1, so a value is
 * turned back into the bytes that were sent, and the secret is compared as UTF-8 bytes: a non-ASCII
 * secret sent as UTF-8 matches.
 */
export function secretMatcher(secret: string): (headerValue: string | undefined) => boolean {
  const expected = Buffer.from(secret, 'utf8');
  return (headerValue) => {
    const sent = headerValue === undefined ? expected : Buffer.from(headerValue, 'latin1');
    const sameLength = headerValue !== undefined && sent.length === expected.length;
    return timingSafeEqual(sameLength ? sent : expected, expected) && sameLength;
  };
}
