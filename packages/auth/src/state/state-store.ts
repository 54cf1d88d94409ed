/**
 * @module state/state-store
 * The one seam for state that must outlive a request and, with several instances, be shared by all
 * of them: revoked sessions, login-throttling counters, used OAuth states, redeemed verify tokens,
 * pending bot logins and the local OAuth 2.0 server's codes; another library (webhook replay
 * records, rate limits) declares the same shape, so one implementation serves all. Values are short
 * strings and every key expires, so an implementation is a few lines over any key-value store with
 * a TTL: {@link MemoryStateStore} here (one process), Redis (`GET`, `SET NX PX`, `SET PX`, `DEL`,
 * `INCR` + `PEXPIRE` when new), or a PostgreSQL table `(key text primary key, value text,
 * expires_at timestamptz)` with `INSERT ... ON CONFLICT` (the service's). Callers prefix their keys
 * (`auth:`) so that one store serves every library.
 */

export interface StateStore {
  /** The value of `key`; `undefined` when it was never set, was deleted or has expired. */
  get(key: string): Promise<string | undefined>;
  /**
   * Sets `key` to `value` for `ttlMs` only when it holds no live value; resolves `true` when this
   * call set it (the first use of a one-time value), `false` when it was already there.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Sets `key` to `value` for `ttlMs`, replacing any value and its expiry. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Adds one to the counter at `key` and resolves the new count. A missing or expired counter starts
   * at 1 and expires `ttlMs` later; a live one keeps its expiry (a fixed window from the first count).
   */
  increment(key: string, ttlMs: number): Promise<number>;
}
