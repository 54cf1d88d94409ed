/**
 * @module store/postgres-store
 * The store for scale: PostgreSQL through a `pg` Pool, so several service instances can share one
 * database. Reads stream through pg-cursor in batches. Rows are made to look like SQLite's:
 * json/jsonb come back as their JSON text, timestamptz as canonical ISO strings, int8 as numbers.
 *
 * The service outlives its database: a statement that fails because the server is away (down,
 * restarting, its connection cut) rejects with `ERR_STORE_UNAVAILABLE` (503) and is reported to
 * the database's availability tracker (one log line when it goes, one when it is back); the pool
 * makes new connections for later statements. Every connection, idle in the pool or held by a
 * transaction or a cursor, has an `error` listener: pg emits the loss of a held connection
 * ("Connection terminated unexpectedly") as an event, which unheard would end the process.
 */

import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Logger } from '../logger.js';
import { defaults } from '../options.js';
import { pgJsonChunks, pgJsonInsert } from './bulk-insert.js';
import { availabilityOf, type DatabaseAvailability } from './database-availability.js';
import { isPostgresAway, postgresAwayError } from './database-errors.js';
import { migrate } from './migrate.js';
import { forDialect } from './placeholders.js';
import { StatementNames } from './statement-names.js';
import type { ResourceStore, Row, SqlParam, SqlRunner, StreamOptions } from './types.js';

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number;
  /** Schema to use (created if missing); default `public`. Tests use one schema per file. */
  readonly schema?: string;
  /**
   * `statement_timeout` in ms of every statement outside a write transaction (the queries),
   * default 30 000; 0 = none. Write transactions lift it (`SET LOCAL`), so a big catalog or a
   * migration is never cancelled half-way.
   */
  readonly queryTimeoutMs?: number;
  /** Where the loss and the return of the database are logged (once each). */
  readonly logger?: Logger;
}

/** Longest wait for a new connection: a database that does not answer fails the request, 503. */
const CONNECT_TIMEOUT_MS = 5000;

const OID = { int8: 20, json: 114, jsonb: 3802, timestamptz: 1184, timestamp: 1114 } as const;

/** Type parsers shared by every connection of the store. */
function typeParsers(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === OID.json || oid === OID.jsonb) return (text: string) => text;
      if (oid === OID.timestamptz || oid === OID.timestamp)
        return (text: string) => new Date(text).toISOString();
      if (oid === OID.int8) return (text: string) => Number(text);
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** Quotes an identifier (schema names come from configuration, never from requests). */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Escapes a value for the libpq `options` string, where spaces separate arguments. */
function escapeOption(value: string): string {
  return value.replace(/[\\ ]/g, '\\$&');
}

/**
 * The connection string and startup `options` of every connection. pg lets a URL's `?options=`
 * override the pool's `options`, so that parameter is moved out of the URL and put first, then
 * ours (a later `-c` wins): setting a schema no longer discards the caller's options.
 */
export function connectionConfig(
  connectionString: string,
  schema: string | undefined,
  queryTimeoutMs: number,
): { connectionString: string; options?: string } {
  let inherited: string | null | undefined = process.env.PGOPTIONS;
  let url: URL | undefined;
  try {
    url = new URL(connectionString);
  } catch {
    url = undefined; // not a URL (a libpq key=value string): pg parses it as it is
  }
  if (url?.searchParams.has('options')) {
    inherited = url.searchParams.get('options');
    url.searchParams.delete('options');
    connectionString = url.toString();
  }
  const parts = [
    inherited,
    schema ? `-c search_path=${escapeOption(quoteIdent(schema))}` : undefined,
    queryTimeoutMs > 0 ? `-c statement_timeout=${queryTimeoutMs}` : undefined,
  ].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? { connectionString, options: parts.join(' ') } : { connectionString };
}

function checkTimeout(value: number | undefined): number {
  const ms = value ?? defaults.queryTimeoutMs;
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new TypeError(
      `@gatehouse/resources: \`queryTimeoutMs\` must be a non-negative integer, not ${String(value)}`,
    );
  }
  return ms;
}

/** Opens and migrates a PostgreSQL store at `connectionString`. */
export async function openPostgresStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): Promise<ResourceStore> {
  const schema = options.schema;
  const pool = new pg.Pool({
    ...connectionConfig(connectionString, schema, checkTimeout(options.queryTimeoutMs)),
    max: options.maxConnections ?? defaults.postgresMaxConnections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: typeParsers(),
  });
  const availability = availabilityOf(connectionString);
  if (options.logger) availability.useLogger(options.logger);
  watchConnections(pool, availability);
  const store = new PostgresStore(pool, availability);
  try {
    await withMigrationLock(pool, async (client) => {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await migrate({ ...runnerOn(client), transaction: (work) => inTransaction(client, work) });
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return store;
}

/**
 * Every connection of the pool hears its own errors, idle or held: a lost connection is the
 * database going away (told to the tracker), never an unhandled `error` event that ends the
 * process. The pool drops a broken idle connection by itself; a held one fails its statement.
 */
export function watchConnections(pool: pg.Pool, availability: DatabaseAvailability): void {
  const lost = (error: Error) => {
    if (isPostgresAway(error)) availability.lost(error);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
}

/** Two instances starting together must not both run the same migration. */
async function withMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const key = 0x6761_7465; // "gate"
  try {
    // Waiting for another instance's migration is not a query: no timeout while we hold this client.
    await client.query('SET statement_timeout = 0');
    await client.query(forDialect('postgres', 'SELECT pg_advisory_lock(?)'), [key]);
    return await work(client);
  } finally {
    await client.query(forDialect('postgres', 'SELECT pg_advisory_unlock(?)'), [key]).catch(() => undefined);
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

/**
 * A runner on `client`. With `names`, statements with parameters run as named (prepared)
 * statements; without, or without parameters (a migration's several statements in one text,
 * which only the simple protocol takes), unnamed.
 */
function runnerOn(client: pg.Pool | pg.PoolClient, names?: StatementNames): SqlRunner {
  const query = (sql: string, params: readonly unknown[]) => {
    const name = names && params.length > 0 ? names.nameOf(sql) : undefined;
    return client.query({ name, text: sql, values: params as unknown[] });
  };
  return {
    dialect: 'postgres',
    run: async (sql, params = []) => (await query(sql, params)).rowCount ?? 0,
    all: async (sql, params = []) => (await query(sql, params)).rows as Row[],
    bulkInsert: async (table, columns, rows, options) => {
      const sql = pgJsonInsert(table, columns, options);
      let inserted = 0;
      for (const chunk of pgJsonChunks(rows)) inserted += (await query(sql, [chunk])).rowCount ?? 0;
      return inserted;
    },
  };
}

/**
 * Runs `work` in one transaction on `client`: committed if it resolves, rolled back if it throws.
 * `names` names its statements (the store's write transactions; a migration's run unnamed).
 */
async function inTransaction<T>(
  client: pg.PoolClient,
  work: (tx: SqlRunner) => Promise<T>,
  names?: StatementNames,
): Promise<T> {
  try {
    // One round trip; writes are bounded by their own size, not by the query timeout.
    await client.query('BEGIN; SET LOCAL statement_timeout = 0');
    const result = await work(runnerOn(client, names));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

class PostgresStore implements ResourceStore {
  readonly dialect = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #runner: SqlRunner;
  readonly #availability: DatabaseAvailability;
  readonly #names = new StatementNames();

  constructor(pool: pg.Pool, availability: DatabaseAvailability) {
    this.#pool = pool;
    this.#runner = runnerOn(pool);
    this.#availability = availability;
  }

  /** Runs `work`, telling the tracker whether the database answered; an outage rejects with 503. */
  async #reaching<T>(work: () => Promise<T>): Promise<T> {
    const startedAt = Date.now();
    try {
      const result = await work();
      this.#availability.reached(startedAt);
      return result;
    } catch (error) {
      if (!isPostgresAway(error)) throw error;
      this.#availability.lost(error);
      throw postgresAwayError(error);
    }
  }

  run(sql: string, params: readonly SqlParam[] = []): Promise<number> {
    return this.#reaching(() => this.#runner.run(sql, params));
  }

  all(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    return this.#reaching(() => this.#runner.all(sql, params));
  }

  bulkInsert(...args: Parameters<SqlRunner['bulkInsert']>): Promise<number> {
    // Outside a transaction a multi-chunk insert must still be all or nothing.
    return this.transaction((tx) => tx.bulkInsert(...args));
  }

  async *stream(
    sql: string,
    params: readonly SqlParam[] = [],
    options: StreamOptions = {},
  ): AsyncIterable<Row> {
    const batchSize = options.batchSize ?? defaults.streamBatchSize;
    const client = await this.#reaching(() => this.#pool.connect());
    const cursor = client.query(new Cursor<Row>(sql, params as unknown[]));
    let broken: unknown;
    let next: Promise<Row[]> | undefined = cursor.read(batchSize);
    try {
      while (next) {
        const rows: Row[] = await next;
        // Ask for the following rows before handing these out: PostgreSQL produces them while
        // the consumer works, instead of each side waiting for the other.
        next = rows.length === batchSize ? cursor.read(batchSize) : undefined;
        for (const row of rows) yield row;
      }
    } catch (error) {
      broken = error;
      if (isPostgresAway(error)) {
        this.#availability.lost(error);
        throw postgresAwayError(error);
      }
      throw error;
    } finally {
      // A consumer that stopped early leaves one read in flight: let it land before closing.
      await next?.catch(() => undefined);
      await cursor.close().catch(() => undefined);
      // A client whose cursor failed mid-way may be in a bad state: drop it from the pool.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.#reaching(async () => {
      const client = await this.#pool.connect();
      let broken: Error | undefined;
      try {
        return await inTransaction(client, work, this.#names);
      } catch (error) {
        // A connection lost mid-transaction must not go back to the pool.
        if (isPostgresAway(error)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    });
  }

  async *streamObjects(sql: string, params: readonly SqlParam[]): AsyncIterable<readonly string[]> {
    let batch: string[] = [];
    for await (const row of this.stream(sql, params)) {
      batch.push(row.json as string);
      // One batch per cursor read.
      if (batch.length >= defaults.streamBatchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
