/**
 * @module avatar/id
 * Avatar ids: `<40 hex>.image`, derived from the user id, so a user keeps one avatar (a new login
 * replaces it) and the link in a token never reveals the provider's picture URL. With a key (the
 * service's), the id is an HMAC of the user id that only the service can compute; without one, the
 * SHA-1 of the user id, which anyone who knows a user name can compute.
 */
import { createHash, createHmac } from 'node:crypto';

/** The only accepted shape of an avatar id, checked before any store is touched (no path traversal). */
export const AVATAR_ID_PATTERN = /^[a-f0-9]{40}\.image$/;

/** True when `value` is exactly an avatar id (lower-case hex, `.image` suffix, nothing else). */
export function isAvatarId(value: string): boolean {
  return AVATAR_ID_PATTERN.test(value);
}

/**
 * The avatar id for a store key. A key that already is an avatar id is kept as it is: that is how
 * {@link migrateAvatars} re-puts avatars by id into another store.
 */
export function avatarIdFor(userIdOrAvatarId: string): string {
  if (isAvatarId(userIdOrAvatarId)) return userIdOrAvatarId;
  return `${createHash('sha1').update(userIdOrAvatarId).digest('hex')}.image`;
}

/** The avatar id of a user under a secret key: the first 160 bits of `HMAC-SHA256(key, userId)`, hex. */
export function keyedAvatarId(userId: string, key: string | Uint8Array): string {
  return `${createHmac('sha256', key).update(userId).digest('hex').slice(0, 40)}.image`;
}

/** Throws a TypeError unless `avatarId` has the id shape; stores call it before touching disk or database. */
export function assertAvatarId(avatarId: string): void {
  if (!isAvatarId(avatarId))
    throw new TypeError(`@gatehouse/auth: not an avatar id: ${JSON.stringify(avatarId)}`);
}
