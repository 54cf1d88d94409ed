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
