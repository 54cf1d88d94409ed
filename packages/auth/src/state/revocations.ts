/**
 * @module state/revocations
 * Ended sessions, kept in the {@link StateStore}: one session (its `jti`, which refreshes keep) until
 * it could no longer be used anyway (login time + maxSessionAgeMs), or every session of a user.
 *
 * Ending every session of a user gives the user a new revocation generation (a random value, kept
 * for maxSessionAgeMs, after which every session that began before it is over anyway). A login
 * records the generation it saw in its token (`rev_gen`, kept by refreshes); a session is revoked
 * when its user has a generation and it is not the one the session began under. So a login that
 * completes after a revocation is never caught by it, however soon after, and no clock is compared:
 * instances whose clocks differ agree. A login racing a revocation (it read the generation before
 * the revocation wrote a new one) counts as before it: the safe side.
 */
import { randomBytes } from 'node:crypto';
import { type Claims, REVOCATION_GENERATION_CLAIM } from '../token/claims.js';
import type { StateStore } from './state-store.js';

const SESSION = 'auth:revoked-session:';
const USER = 'auth:revocation-generation:';

/** The sessions a revocation ended, as `TokenService.forget` takes them. */
export interface RevokedSessions {
  readonly jti?: string;
  readonly userId?: string;
}

/**
 * What a write to the state store revokes: the session (`jti`) or the user whose sessions end;
 * `undefined` for any other key. A host whose processes share one store relays these writes, so
 * every process drops its cached tokens at once (`service.tokens.forget`) instead of after
 * `revocationCheckIntervalMs`.
 */
export function revocationOf(key: string): RevokedSessions | undefined {
  if (key.startsWith(SESSION)) return { jti: key.slice(SESSION.length) };
  if (key.startsWith(USER)) return { userId: key.slice(USER.length) };
  return undefined;
}

export class Revocations {
  readonly #store: StateStore;
  readonly #maxSessionAgeMs: number;
  readonly #now: () => number;

  constructor(store: StateStore, maxSessionAgeMs: number, now: () => number) {
    this.#store = store;
    this.#maxSessionAgeMs = maxSessionAgeMs;
    this.#now = now;
  }

  /** Ends the session of `claims` (every token with its `jti`, refreshed ones included). */
  async revokeSession(claims: Claims): Promise<void> {
    if (!claims.jti) return;
    const endsAt = (claims.auth_time ?? claims.iat ?? 0) * 1000 + this.#maxSessionAgeMs;
    const ttl = Math.max(endsAt - this.#now(), 1000);
    await this.#store.set(SESSION + claims.jti, '1', ttl);
  }

  /** Ends every session of the user with id `userId` that began before this call. */
  async revokeUser(userId: string): Promise<void> {
    await this.#store.set(USER + userId, randomBytes(9).toString('base64url'), this.#maxSessionAgeMs);
  }

  /** The revocation generation a login of `userId` records in its token; none before any revocation. */
  generation(userId: string): Promise<string | undefined> {
    return this.#store.get(USER + userId);
  }

  /** True when the session of `claims`, or every session of its user since its login, was ended. */
  async isRevoked(claims: Claims): Promise<boolean> {
    const userId = claims.user?.id;
    const [session, generation] = await Promise.all([
      claims.jti ? this.#store.get(SESSION + claims.jti) : undefined,
      userId ? this.#store.get(USER + userId) : undefined,
    ]);
    if (session !== undefined) return true;
    return generation !== undefined && claims[REVOCATION_GENERATION_CLAIM] !== generation;
  }
}
