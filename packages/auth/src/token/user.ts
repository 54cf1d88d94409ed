/**
 * @module token/user
 * The user carried in the token (`token.User` of the spec). JSON field names are part of the wire
 * format (cookies, `/auth/user`, `X-JWT` consumers) and match go-pkgz/auth:
 * `name`, `id`, `picture`, `aud`, `ip`, `email`, `attrs`, `role`.
 */

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
