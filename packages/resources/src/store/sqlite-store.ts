/**
 * @module store/sqlite-store
 * The default store: one SQLite file through better-sqlite3, in WAL mode so readers never wait
 * for the writer. Reads run in a pool of worker threads (store/read-pool.ts), each with its own
 * read-only connection, so a slow query never holds the event loop; every query is bounded by
 * `queryTimeoutMs`. Writes go through one connection on the calling thread, serialised by a
 * promise queue (SQLite has one writer anyway); the service applies commands in a thread of
 * their own (commands/command-thread.ts), so the main thread's writer only migrates.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { defaults } from '../options.js';
import { sqliteBulkInsert } from './bulk-insert.js';
import { StoreError } from './errors.js';
import { migrate } from './migrate.js';
import { ReadPool, type ReadPoolStats } from './read-pool.js';
import { BATCH_CHARS, type ReadRequest } from './read-protocol.js';
import { bindable, openSqliteConnection } from './sqlite-connection.js';
import type { ResourceStore, Row, SqlParam, SqlRunner } from './types.js';

type Db = Database.Database;

/** Options of the SQLite store. */
export interface SqliteStoreOptions {
  /** How long a writer waits for another connection's lock before failing (ms, default 5000). */
  readonly busyTimeoutMs?: number;
  /**
   * Read worker threads (default: the number of cores, at least 2, at most 8). `0` reads on the
   * calling thread, for code that already runs off the event loop (the command thread, scripts).
   */
  readonly readWorkers?: number;
  /** Queries that may wait for a busy pool (default 64); one more answers 503. */
  readonly readQueueLimit?: number;
  /** Time bound of every read in ms (default 30 000; 0 = none); past it the query fails (503). */
  readonly queryTimeoutMs?: number;
  /**
   * Apply pending migrations at open (default true). The command thread opens a file its service
   * has just migrated: migrating again could only re-apply what someone removed meanwhile.
   */
  readonly migrate?: boolean;
}

function count(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < 0) {
    throw new TypeError(
      `@gatehouse/resources: \`${name}\` must be a non-negative integer, not ${String(value)}`,
    );
  }
  return v;
}

/** Opens (creating if needed) and migrates an SQLite store in `filename`. */
export async function openSqliteStore(
  filename: string,
  options: SqliteStoreOptions = {},
): Promise<SqliteStore> {
  if (filename === ':memory:' || filename === '') {
    throw new TypeError(
      '@gatehouse/resources: the SQLite store needs a file (readers use their own connections)',
    );
  }
  mkdirSync(dirname(filename), { recursive: true });
  const store = new SqliteStore(filename, options);
  try {
    if (options.migrate ?? true) await migrate(store);
    store.startReaders();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The SQLite store; see the module comment. */
export class SqliteStore implements ResourceStore {
  readonly dialect = 'sqlite' as const;
  /** The database file (the command thread opens its own writer on it). */
  readonly filename: string;
  readonly #options: SqliteStoreOptions;
  readonly #busyTimeoutMs: number;
  readonly #writer: Db;
  readonly #insertStatements = new Map<string, Database.Statement>();
  #pool: ReadPool | undefined;
  /** Streams reading on this thread (readWorkers 0); close() ends their iterators first. */
  readonly #localStreams = new Set<{ rows: IterableIterator<Row>; reader: Db }>();
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(filename: string, options: SqliteStoreOptions) {
    this.filename = filename;
    this.#options = options;
    this.#busyTimeoutMs = count('busyTimeoutMs', options.busyTimeoutMs, defaults.sqliteBusyTimeoutMs);
    this.#writer = openSqliteConnection(filename, { readonly: false, busyTimeoutMs: this.#busyTimeoutMs });
    this.#writer.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the
    // last commits, never corrupt the file.
    this.#writer.pragma('synchronous = NORMAL');
    // A catalog touches several indexes per row; a bigger page cache keeps them in memory.
    this.#writer.pragma('cache_size = -65536');
    // Checkpoint (copy the WAL into the database and fsync) every ~64 MiB instead of every 4 MiB:
    // one catalog writes a few MiB, and a checkpoint per catalog dominated ingestion time.
    this.#writer.pragma('wal_autocheckpoint = 16384');
  }

  /** Starts the read workers (after migration: their connections are read-only). */
  startReaders(): void {
    const size = count('readWorkers', this.#options.readWorkers, defaults.readWorkers);
    if (size === 0 || this.#pool) return;
    this.#pool = new ReadPool({
      filename: this.filename,
      busyTimeoutMs: this.#busyTimeoutMs,
      size,
      queueLimit: count('readQueueLimit', this.#options.readQueueLimit, defaults.readQueueLimit),
      timeoutMs: count('queryTimeoutMs', this.#options.queryTimeoutMs, defaults.queryTimeoutMs),
    });
  }

  /** The read pool's state (undefined when reads run on the calling thread). */
  get readStats(): ReadPoolStats | undefined {
    return this.#pool?.stats;
  }

  /** Serialises writer work: SQLite allows one writer, and a transaction must not interleave. */
  #exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #checkOpen(): void {
    if (this.#closed) throw new StoreError('ERR_STORE_CLOSED', '@gatehouse/resources: the store is closed');
  }

  run(sql: string, params: readonly SqlParam[] = []): Promise<number> {
    this.#checkOpen();
    return this.#exclusive(() => this.#writer.prepare(sql).run(...bindable(params)).changes);
  }

  bulkInsert(...args: Parameters<SqlRunner['bulkInsert']>): Promise<number> {
    return this.transaction((tx) => tx.bulkInsert(...args));
  }

  async all(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    this.#checkOpen();
    if (!this.#pool) return this.#writer.prepare(sql).all(...bindable(params)) as Row[];
    const rows: Row[] = [];
    for await (const batch of this.#read({ sql, params, mode: 'all' })) rows.push(...(batch as Row[]));
    return rows;
  }

  async *stream(sql: string, params: readonly SqlParam[] = []): AsyncIterable<Row> {
    this.#checkOpen();
    if (!this.#pool) {
      yield* this.#localRows(sql, params);
      return;
    }
    for await (const batch of this.#read({ sql, params, mode: 'rows' })) {
      for (const row of batch as Row[]) {
        yield row;
        // close() stopped the worker while the consumer held this row: fail, never end short.
        this.#checkOpen();
      }
    }
  }

  async *streamObjects(sql: string, params: readonly SqlParam[]): AsyncIterable<readonly string[]> {
    this.#checkOpen();
    if (this.#pool) {
      for await (const batch of this.#read({ sql, params, mode: 'objects' })) {
        yield batch as string[];
        this.#checkOpen();
      }
      return;
    }
    let batch: string[] = [];
    let chars = 0;
    for await (const row of this.#localRows(sql, params)) {
      const text = row.json as string;
      batch.push(text);
      chars += text.length;
      if (chars >= BATCH_CHARS) {
        yield batch;
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) yield batch;
  }

  #read(request: ReadRequest): AsyncIterableIterator<unknown[]> {
    return this.#pool!.read(request);
  }

  /**
   * Reads on this thread (only where that blocks no event loop), on a read connection of its own:
   * an open iterator would keep the writer from running any other statement.
   */
  async *#localRows(sql: string, params: readonly SqlParam[]): AsyncIterable<Row> {
    const reader = openSqliteConnection(this.filename, {
      readonly: true,
      busyTimeoutMs: this.#busyTimeoutMs,
    });
    const rows = reader.prepare(sql).iterate(...bindable(params)) as IterableIterator<Row>;
    const open = { rows, reader };
    this.#localStreams.add(open);
    try {
      for (const row of rows) {
        yield row;
        // close() ended the iterator while the consumer held this row: fail, never end short.
        this.#checkOpen();
      }
    } finally {
      this.#localStreams.delete(open);
      rows.return?.();
      reader.close();
    }
  }

  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    this.#checkOpen();
    const writer = this.#writer;
    const tx: SqlRunner = {
      dialect: 'sqlite',
      run: async (sql, params = []) => writer.prepare(sql).run(...bindable(params)).changes,
      all: async (sql, params = []) => writer.prepare(sql).all(...bindable(params)) as Row[],
      bulkInsert: async (table, columns, rows, options) =>
        sqliteBulkInsert(writer, this.#insertStatements, table, columns, rows, options),
    };
    return this.#exclusive(async () => {
      writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(tx);
        writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (writer.inTransaction) writer.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#exclusive(() => undefined);
    this.#closed = true;
    await this.#pool?.close();
    // better-sqlite3 refuses to close a connection mid-iteration: end open iterators first.
    for (const open of this.#localStreams) {
      open.rows.return?.();
      open.reader.close();
    }
    this.#localStreams.clear();
    this.#writer.close();
  }
}
