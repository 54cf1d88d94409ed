/**
 * @module state/state-keys
 * Which writes to the shared state are decisions other copies must hear of, read from the keys
 * the libraries write (auth's `Revocations` and `LoginThrottle`): a revoked session
 * (`auth:revoked-session:<jti>`), every session of a user (`auth:revocation-generation:<user id>`),
 * a throttle block set or an account's failures cleared (`auth:throttle:<kind>:<id>:...`).
 * state-keys.test.ts writes them through auth's own classes, so a renamed key fails there.
 */

/** A session ended, every session of a user, or: forget every cached verdict (revocations missed). */
export type Revocation = { readonly jti: string } | { readonly userId: string } | { readonly everyone: true };

/** A throttle decision changed for one account or address (its state key). */
export interface ThrottleChange {
  readonly key: string;
}

export type AnnouncedChange =
  | { readonly kind: 'revoked'; readonly revocation: Revocation }
  | { readonly kind: 'throttle'; readonly throttle: ThrottleChange };

const REVOKED_SESSION = 'auth:revoked-session:';
const REVOKED_USER = 'auth:revocation-generation:';
const THROTTLE = 'auth:throttle:';

/** The change a write of `key` announces, or undefined for a write nobody caches. */
export function announcedChange(key: string, write: 'set' | 'delete'): AnnouncedChange | undefined {
  if (write === 'set' && key.startsWith(REVOKED_SESSION)) {
    return { kind: 'revoked', revocation: { jti: key.slice(REVOKED_SESSION.length) } };
  }
  if (write === 'set' && key.startsWith(REVOKED_USER)) {
    return { kind: 'revoked', revocation: { userId: key.slice(REVOKED_USER.length) } };
  }
  // A block is set (`...:until`) or an account's failures cleared after a success (`...:failures`).
  const blocked = write === 'set' && key.endsWith(':until');
  const cleared = write === 'delete' && key.endsWith(':failures');
  if (key.startsWith(THROTTLE) && (blocked || cleared)) return { kind: 'throttle', throttle: { key } };
  return undefined;
}
