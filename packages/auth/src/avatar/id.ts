/**
 * @module avatar/id
 * Avatar ids: `<sha1 hex of the user id>.image`. The id is derived from the user id, so a user keeps
 * one avatar (a new login replaces it) and the link in a token never reveals the provider's picture URL.
 */
import { createHash } from 'node:crypto';

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

/** Throws a TypeError unless `avatarId` has the id shape; stores call it before touching disk or database. */
export function assertAvatarId(avatarId: string): void {
  if (!isAvatarId(avatarId))
    throw new TypeError(`@gatehouse/auth: not an avatar id: ${JSON.stringify(avatarId)}`);
}
