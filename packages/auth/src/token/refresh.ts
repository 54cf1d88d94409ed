/**
 * @module token/refresh
 * Re-issues an expired session token found in a live cookie. The jti (the XSRF value) and the
 * original login time are kept; the ClaimsUpdater runs again. Concurrent requests carrying the same
 * old token share one refresh (single flight), and the outcome is remembered until the new token
 * expires, so a burst of requests or a second tab yields one new token, not many. Unlike the
 * reference, a session cannot be refreshed forever: past `maxSessionAgeMs` since login it is over.
 */
import { AuthError } from '../errors.js';
import { ExpiringCache } from './cache.js';
import type { Claims } from './claims.js';

export interface Refreshed {
  token: string;
  claims: Claims;
}

/** Makes the new token from the old claims; supplied by the token service. */
export type Reissue = (claims: Claims) => Promise<Refreshed>;

export class Refresher {
  readonly #inflight = new Map<string, Promise<Refreshed>>();
  readonly #recent: ExpiringCache<Refreshed>;
  readonly #reissue: Reissue;
  readonly #now: () => number;
  #count = 0;

  constructor(reissue: Reissue, now: () => number, maxRemembered: number) {
    this.#reissue = reissue;
    this.#now = now;
    this.#recent = new ExpiringCache(maxRemembered);
  }

  /** How many new tokens were actually issued (for tests and metrics). */
  get issued(): number {
    return this.#count;
  }

  refresh(oldToken: string, claims: Claims): Promise<Refreshed> {
    const done = this.#recent.get(oldToken, this.#now());
    if (done) return Promise.resolve(done);
    let pending = this.#inflight.get(oldToken);
    if (!pending) {
      pending = this.#run(oldToken, claims);
      this.#inflight.set(oldToken, pending);
    }
    return pending;
  }

  async #run(oldToken: string, claims: Claims): Promise<Refreshed> {
    try {
      const fresh = await this.#reissue(claims);
      this.#count++;
      this.#recent.set(oldToken, fresh, (fresh.claims.exp ?? 0) * 1000);
      return fresh;
    } catch (error) {
      if (error instanceof AuthError && error.status === 401) throw error;
      throw new AuthError('ERR_TOKEN_INVALID', undefined, { cause: error });
    } finally {
      this.#inflight.delete(oldToken);
    }
  }
}
