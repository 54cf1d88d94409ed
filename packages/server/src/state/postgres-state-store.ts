/**
 * @module state/postgres-state-store
 * The shared {@link StateStore} of several instances: one PostgreSQL table
 * `gatehouse_state (key, value, expires_at)` in the connection's schema. Every operation is one
 * statement, so it is atomic without a transaction: set-if-absent and increment are
 * `INSERT ... ON CONFLICT DO UPDATE ... WHERE`, which PostgreSQL runs under the row's lock, so two
 * instances racing for one key get one winner (and counts that add up). Expiry is judged by the
 * database clock (`now()`), never an instance's, so instances with skewed clocks agree on what is
 * live. Expired rows are deleted when read and by a sweep every minute (an unref'd timer; batches
 * under `SKIP LOCKED`, so several instances sweeping at once do not wait on each other).
 *
 * Statements time out after 5 s (`statement_timeout`), and a connection is awaited for 5 s at most:
 * a database that does not answer fails the caller, which fails closed (a login or a logout is
 * refused), instead of holding requests open. Every connection hears its own errors (a lost one
 * never ends the process) and each statement tells the database's availability tracker whether
 * it was reached, so an outage is logged once each way and the service answers 503 meanwhile.
 */
import type { StateStore } from '@gatehouse/auth';
import {
  availabilityOf,
  type DatabaseAvailability,
  isPostgresAway,
  watchConnections,
} from '@gatehouse/resources';
import pg from 'pg';
import type { Logger } from '../logging.js';
import { migrateStateTable, TABLE } from './state-schema.js';

export interface PostgresStateStoreOptions {
  /** Connections in the pool. Default 10. */
  maxConnections?: number;
  /** How often expired rows are swept, ms. Default 60 s. */
  sweepIntervalMs?: number;
  /** Where a failed sweep is reported; default silent. */
  logger?: Logger;
}

/** Longest a statement may run, and longest wait for a connection, ms. */
const STATEMENT_TIMEOUT_MS = 5_000;
/** Rows deleted per sweep statement: short locks, and a backlog is worked off in several. */
const SWEEP_BATCH = 5_000;

/** `now()` plus a number of milliseconds given as parameter `$n`. */
const expiry = (n: number) => `now() + $${n}::double precision * interval '1 millisecond'`;

const SQL = {
  // The DELETE removes the key only when expired (lazy expiry); the SELECT answers only when live.
  get: `WITH expired AS (DELETE FROM ${TABLE} WHERE key = $1 AND expires_at <= now())
        SELECT value FROM ${TABLE} WHERE key = $1 AND expires_at > now()`,
  setIfAbsent: `INSERT INTO ${TABLE} AS s (key, value, expires_at) VALUES ($1, $2, ${expiry(3)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
        WHERE s.expires_at <= now()
        RETURNING 1`,
  set: `INSERT INTO ${TABLE} (key, value, expires_at) VALUES ($1, $2, ${expiry(3)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
  delete: `DELETE FROM ${TABLE} WHERE key = $1`,
  // A live counter keeps its expiry (a fixed window from the first count); an expired one restarts.
  increment: `INSERT INTO ${TABLE} AS s (key, value, expires_at) VALUES ($1, '1', ${expiry(2)})
        ON CONFLICT (key) DO UPDATE SET
          value = CASE WHEN s.expires_at <= now() THEN '1'
                       ELSE ((CASE WHEN s.value ~ '^[0-9]{1,18}$' THEN s.value::bigint ELSE 0 END) + 1)::text END,
          expires_at = CASE WHEN s.expires_at <= now() THEN excluded.expires_at ELSE s.expires_at END
        RETURNING value`,
  sweep: `DELETE FROM ${TABLE} WHERE key IN (
          SELECT key FROM ${TABLE} WHERE expires_at <= now() LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
} as const;

/** A time to live as the statements take it: whole milliseconds, at least one (as the memory store). */
function ttl(ms: number): number {
  return Math.max(1, Math.ceil(ms));
}

export class PostgresStateStore implements StateStore {
  readonly #pool: pg.Pool;
  readonly #timer: NodeJS.Timeout;
  readonly #logger: Logger | undefined;
  readonly #availability: DatabaseAvailability;
  #sweeping: Promise<number> | undefined;

  private constructor(pool: pg.Pool, availability: DatabaseAvailability, options: PostgresStateStoreOptions) {
    this.#pool = pool;
    this.#availability = availability;
    this.#logger = options.logger;
    this.#timer = setInterval(() => void this.#sweepInBackground(), options.sweepIntervalMs ?? 60_000);
    this.#timer.unref();
  }

  /**
   * Connects, creates or updates the table (under an advisory lock, so instances starting together
   * do not race) and starts the sweep. Rejects when the database cannot be reached or migrated.
   */
  static async open(
    connectionString: string,
    options: PostgresStateStoreOptions = {},
  ): Promise<PostgresStateStore> {
    const pool = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: STATEMENT_TIMEOUT_MS,
    });
    const availability = availabilityOf(connectionString);
    if (options.logger) availability.useLogger(options.logger);
    // A connection that breaks, idle or held, must not crash the process; the next statement reconnects.
    watchConnections(pool, availability);
    try {
      await migrateStateTable(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStateStore(pool, availability, options);
  }

  /** The availability tracker of this store's database (shared with every pool on it). */
  get availability(): DatabaseAvailability {
    return this.#availability;
  }

  async get(key: string): Promise<string | undefined> {
    const { rows } = await this.#query<{ value: string }>(SQL.get, [key]);
    return rows[0]?.value;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const { rowCount } = await this.#query(SQL.setIfAbsent, [key, value, ttl(ttlMs)]);
    return rowCount === 1;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#query(SQL.set, [key, value, ttl(ttlMs)]);
  }

  async delete(key: string): Promise<void> {
    await this.#query(SQL.delete, [key]);
  }

  /** One statement, telling the tracker whether the database answered. */
  async #query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const startedAt = Date.now();
    try {
      const result = await this.#pool.query<R>(sql, params);
      this.#availability.reached(startedAt);
      return result;
    } catch (error) {
      if (isPostgresAway(error)) this.#availability.lost(error);
      throw error;
    }
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const { rows } = await this.#query<{ value: string }>(SQL.increment, [key, ttl(ttlMs)]);
    return Number(rows[0]!.value);
  }

  /** Deletes every expired row now; resolves how many. The timer calls it every sweep interval. */
  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const { rowCount } = await this.#query(SQL.sweep, []);
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < SWEEP_BATCH) return removed;
    }
  }

  /** Stops the sweep and closes the connections (after a sweep in progress). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping?.catch(() => undefined);
    await this.#pool.end();
  }

  async #sweepInBackground(): Promise<void> {
    if (this.#sweeping) return; // a slow sweep is not stacked on
    this.#sweeping = this.sweep();
    try {
      await this.#sweeping;
    } catch (error) {
      // An outage is logged once by the tracker, not once a minute here.
      if (!isPostgresAway(error))
        this.#logger?.logf('[WARN] state store: sweep of expired entries failed: %s', String(error));
    } finally {
      this.#sweeping = undefined;
    }
  }
}
