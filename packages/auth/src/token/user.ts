/**
 * @module token/user
 * The user carried in the token (`token.User` of the spec). JSON field names are part of the wire
 * format (cookies, `/auth/user`, `X-JWT` consumers) and match go-pkgz/auth:
 * `name`, `id`, `picture`, `aud`, `ip`, `email`, `attrs`, `role`.
 */
import { createHash } from 'node:crypto';

export interface User {
  /** User name from the provider. */
  name: string;
  /** `<provider>_<sha1 hex of the provider's user id>` for most providers. */
  id: string;
  /** Full link to the proxied avatar, or empty. */
  picture?: string;
  /** The token's audience (site id), copied in when a token is read. */
  aud?: string;
  /** Hash of the user's IP address; set only by a ClaimsUpdater. */
  ip?: string;
  /** Set only by a ClaimsUpdater (or a provider that knows it). */
  email?: string;
  /** Free attributes; use the typed helpers below. */
  attrs?: Record<string, unknown>;
  /** Role used by the RBAC middleware. */
  role?: string;
}

/** The attribute key that marks an administrator (`admin` middleware). */
export const ADMIN_ATTR = 'admin';

/** The string attribute `key`, or `''` when absent or not a string. */
export function getStrAttr(user: User, key: string): string {
  const value = user.attrs?.[key];
  return typeof value === 'string' ? value : '';
}

/** The boolean attribute `key`, or `false` when absent or not a boolean. */
export function getBoolAttr(user: User, key: string): boolean {
  return user.attrs?.[key] === true;
}

/** The numeric attribute `key`, or `undefined` when absent or not a finite number. */
export function getNumAttr(user: User, key: string): number | undefined {
  const value = user.attrs?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The list attribute `key` as strings. Unlike the reference, a list survives the JSON round trip
 * through the token: whatever JSON array comes back is accepted and its strings kept.
 */
export function getListAttr(user: User, key: string): string[] {
  const value = user.attrs?.[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Sets attribute `key` on `user` (mutates it, returns it for chaining). */
export function setAttr(user: User, key: string, value: string | boolean | number | string[]): User {
  user.attrs = { ...user.attrs, [key]: Array.isArray(value) ? [...value] : value };
  return user;
}

/** True when the user carries the `admin` attribute. */
export function isAdmin(user: User): boolean {
  return getBoolAttr(user, ADMIN_ATTR);
}

/** Marks the user as an administrator (or not). */
export function setAdmin(user: User, admin = true): User {
  return setAttr(user, ADMIN_ATTR, admin);
}

/**
 * The sha1 hex of `value`, for user ids (`<provider>_<hashId(provider user id)>`). Unlike the
 * reference, a value that already looks like a sha1 is hashed too, so two names cannot collide.
 */
export function hashId(value: string): string {
  return createHash('sha1').update(value, 'utf8').digest('hex');
}
