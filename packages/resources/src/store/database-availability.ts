/**
 * @module store/database-availability
 * Whether a PostgreSQL database answers, as seen by every pool of this process on it (the
 * resources store, the service's shared state, its listener): one tracker per database, so an
 * outage is logged once when it begins and once when it ends, however many connections fail in
 * between, and `/ready` can name the database that is away. A pool reports each statement's
 * failure or success; nothing here opens a connection.
 */

import { type Logger, silentLogger } from '../logger.js';

/** What `/ready` and the start-up summary say of one database. */
export interface AvailabilityState {
  readonly up: boolean;
  /** Since when it has been away (ms since the epoch), and why. */
  readonly downSince?: number;
  readonly reason?: string;
}

/** The availability of one database, shared by every pool of this process on it. */
export class DatabaseAvailability {
  readonly #name: string;
  #logger: Logger = silentLogger;
  #downSince: number | undefined;
  #reason: string | undefined;
  readonly #listeners = new Set<(up: boolean) => void>();

  constructor(name: string) {
    this.#name = name;
  }

  /** The database as logs name it (no password). */
  get name(): string {
    return this.#name;
  }

  get state(): AvailabilityState {
    return this.#downSince === undefined
      ? { up: true }
      : { up: false, downSince: this.#downSince, reason: this.#reason ?? 'unknown' };
  }

  /** Where the two lines of an outage go (the last logger given wins: the service's own). */
  useLogger(logger: Logger): void {
    this.#logger = logger;
  }

  /** Calls `listener` when the database goes (false) or comes back (true); returns the remover. */
  onChange(listener: (up: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A statement or connection failed because the database is away. */
  lost(error: unknown): void {
    if (this.#downSince !== undefined) return;
    this.#downSince = Date.now();
    this.#reason = error instanceof Error ? error.message : String(error);
    this.#logger.logf(
      '[ERROR] database %s unavailable (%s): requests that need it answer 503 until it is back',
      this.#name,
      this.#reason,
    );
    for (const listener of this.#listeners) listener(false);
  }

  /**
   * A statement begun at `startedAt` (ms since the epoch) succeeded. One begun before the outage
   * was seen proves nothing: a connection not yet told of the server's end may still answer.
   */
  reached(startedAt: number): void {
    if (this.#downSince === undefined || startedAt <= this.#downSince) return;
    const seconds = ((Date.now() - this.#downSince) / 1000).toFixed(1);
    this.#downSince = undefined;
    this.#reason = undefined;
    this.#logger.logf('[INFO] database %s reachable again after %s s', this.#name, seconds);
    for (const listener of this.#listeners) listener(true);
  }
}

const trackers = new Map<string, DatabaseAvailability>();

/** The database a connection string names, without user or password: host, port, database. */
export function databaseName(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `postgres://${url.host || 'localhost'}${url.pathname || '/'}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The one tracker of the database `connectionString` names. */
export function availabilityOf(connectionString: string): DatabaseAvailability {
  const name = databaseName(connectionString);
  let tracker = trackers.get(name);
  if (!tracker) {
    tracker = new DatabaseAvailability(name);
    trackers.set(name, tracker);
  }
  return tracker;
}
