/**
 * @module state/revocations
 * Ended sessions, kept in the {@link StateStore}: one session (its `jti`, which refreshes keep) until
 * it could no longer be used anyway (login time + maxSessionAge), or every session of a user that
 * began at or before a moment (kept for maxSessionAge, after which those sessions are over anyway).
 * Times are whole seconds, as `auth_time` is: a session that began in the same second as a
 * revocation of its user counts as revoked (the safe side; logging in again a second later works).
 */
import type { Claims } from '../token/claims.js';
import type { StateStore } from './state-store.js';

const SESSION = 'auth:revoked-session:';
const USER = 'auth:revoked-user:';

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

  /** Ends every session of the user with id `userId` that began up to now. */
  async revokeUser(userId: string): Promise<void> {
    const nowS = Math.floor(this.#now() / 1000);
    await this.#store.set(USER + userId, String(nowS), this.#maxSessionAgeMs);
  }

  /** True when the session of `claims`, or every session of its user since its login, was ended. */
  async isRevoked(claims: Claims): Promise<boolean> {
    const userId = claims.user?.id;
    const [session, user] = await Promise.all([
      claims.jti ? this.#store.get(SESSION + claims.jti) : undefined,
      userId ? this.#store.get(USER + userId) : undefined,
    ]);
    if (session !== undefined) return true;
    if (user === undefined) return false;
    const loginS = claims.auth_time ?? claims.iat ?? 0;
    return loginS <= Number(user);
  }
}
