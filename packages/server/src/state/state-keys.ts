/**
 * @module state/state-keys
 * Which writes to the shared state are decisions other copies must hear of, read from the keys
 * the libraries write: a revoked session or every session of a user (auth's `revocationOf` names
 * them), a throttle block set or an account's failures cleared (`auth:throttle:<kind>:<id>:...`).
 * peer-channel.test.ts writes them through auth's own classes, so a renamed key fails there.
 */
import { revocationOf } from '@gatehouse/auth';

/** A session ended, every session of a user, or: forget every cached verdict (revocations missed). */
export type Revocation = { readonly jti: string } | { readonly userId: string } | { readonly everyone: true };

/** A throttle decision changed for one account or address (its state key). */
export interface ThrottleChange {
  readonly key: string;
}

export type AnnouncedChange =
  | { readonly kind: 'revoked'; readonly revocation: Revocation }
  | { readonly kind: 'throttle'; readonly throttle: ThrottleChange };

const THROTTLE = 'auth:throttle:';

/** The change a write of `key` announces, or undefined for a write nobody caches. */
export function announcedChange(key: string, write: 'set' | 'delete'): AnnouncedChange | undefined {
  const revoked = write === 'set' ? revocationOf(key) : undefined;
  if (revoked?.jti !== undefined) return { kind: 'revoked', revocation: { jti: revoked.jti } };
  if (revoked?.userId !== undefined) return { kind: 'revoked', revocation: { userId: revoked.userId } };
  // A block is set (`...:until`) or an account's failures cleared after a success (`...:failures`).
  const blocked = write === 'set' && key.endsWith(':until');
  const cleared = write === 'delete' && key.endsWith(':failures');
  if (key.startsWith(THROTTLE) && (blocked || cleared)) return { kind: 'throttle', throttle: { key } };
  return undefined;
}
