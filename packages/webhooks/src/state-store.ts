/**
 * @module state-store
 * The shared state several instances of a service keep together: the rate limit's counters and the
 * replay records (delivery keys and their stored answers).
 * The shape is the one `@gatehouse/auth` declares (the service hands both libraries one object, in
 * memory for one process or a PostgreSQL table for several), declared here again so that this
 * package depends on no other. Every key expires by itself; keys start with `webhooks:`.
 */
export interface StateStore {
  /** The value of `key`; `undefined` when it was never set, was deleted or has expired. */
  get(key: string): Promise<string | undefined>;
  /** Sets `key` to `value` for `ttlMs` only when it holds no live value; `true` when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Sets `key` to `value` for `ttlMs`, replacing any value and its expiry. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Adds one to the counter at `key` and resolves the new count; a missing or expired counter starts
   * at 1 and expires `ttlMs` later, a live one keeps its expiry.
   */
  increment(key: string, ttlMs: number): Promise<number>;
}
