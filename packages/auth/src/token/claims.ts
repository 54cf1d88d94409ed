/**
 * @module token/claims
 * The JWT claims set of a session token. Field names are the wire format shared with go-pkgz/auth
 * consumers (`user`, `sess_only`, `auth_provider`, a single-string `aud`); `auth_time` is ours: the
 * time of the original login, kept across refreshes so that a session has a maximum age.
 */
import type { User } from './user.js';

export interface Claims {
  /** Issuer, the `issuer` option. */
  iss?: string;
  /** Audience (site id), a single string. */
  aud?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** Not before, seconds since the epoch. */
  nbf?: number;
  /** Token id; also the XSRF value, kept across refreshes. */
  jti?: string;
  /** The logged-in user. */
  user?: User;
  /** A browser-session cookie (no Max-Age) when true. */
  sess_only?: boolean;
  /** The provider that authenticated the user. */
  auth_provider?: { name: string };
  /** Time of the original login, seconds since the epoch; bounds the session's age. */
  auth_time?: number;
  /** Login without avatar (identicon). */
  'no-ava'?: boolean;
  /** The user's revocation generation when the session began (state/revocations.ts); absent before any. */
  rev_gen?: string;
  [claim: string]: unknown;
}

/** The claim that records the user's revocation generation at login. */
export const REVOCATION_GENERATION_CLAIM = 'rev_gen';

/** Marks a handshake token (made by `signHandshake`), which must never pass as a session token. */
export const HANDSHAKE_CLAIM = 'gh_hs';

/** Seconds since the epoch for a millisecond clock reading. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
