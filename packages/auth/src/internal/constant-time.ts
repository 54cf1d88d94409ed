/**
 * @module internal/constant-time
 * String comparison whose time does not depend on where the strings differ, for secrets (XSRF
 * values, admin passwords). Both sides are hashed first so that their lengths are equal and the
 * length of the secret does not leak either.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The cheaper variant for values whose length is public (an XSRF value is always a 40-hex jti):
 * a length mismatch answers at once, equal lengths are compared in constant time.
 */
export function constantTimeEqualPublicLength(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  // No early exit: every code unit is compared, whatever the first difference.
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
