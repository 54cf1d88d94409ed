/**
 * @module store/sqlite-store
 * The default store: one SQLite file through better-sqlite3, in WAL mode so readers never wait
 * for the writer. Writes go through one connection, serialised by a promise queue (SQLite has
 * one writer anyway). Each streamed read takes its own read connection from a small pool:
 * better-sqlite3 refuses other statements on a connection while an iterator is open on it, and
 * a slow HTTP client must not block commands.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { defaults } from '../options.js';
import { sqliteBulkInsert } from './bulk-insert.js';
import { migrate } from './migrate.js';
import type { BulkColumns, ResourceStore, Row, SqlFunction, SqlParam, SqlRunner } from './types.js';

type Db = Database.Database;

/** Options of the SQLite store. */
export interface SqliteStoreOptions {
  /** How long a writer waits for another process's lock before failing (ms, default 5000). */
  readonly busyTimeoutMs?: number;
  /** Idle read connections kept open (default 4). */
  readonly maxIdleReaders?: number;
}

/** A streamed read in progress: close() must end its iterator before closing its connection. */
interface OpenStream {
  readonly rows: IterableIterator<Row>;
}

interface RegisteredFunction {
  readonly name: string;
  readonly fn: SqlFunction;
  readonly deterministic: boolean;
}

/** SQLite cannot bind booleans; the schema stores them as 0/1. */
function bindable(params: readonly SqlParam[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/** Opens (creating if needed) and migrates an SQLite store in `filename`. */
export async function openSqliteStore(
  filename: string,
  options: SqliteStoreOptions = {},
): Promise<ResourceStore> {
  if (filename === ':memory:' || filename === '') {
    throw new TypeError(
      '@gatehouse/resources: the SQLite store needs a file (readers use their own connections)',
    );
  }
  mkdirSync(dirname(filename), { recursive: true });
  const store = new SqliteStore(filename, options);
  await migrate(store);
  return store;
}

class SqliteStore implements ResourceStore {
  readonly dialect = 'sqlite' as const;
  readonly #filename: string;
  readonly #busyTimeoutMs: number;
  readonly #maxIdleReaders: number;
  readonly #writer: Db;
  readonly #idleReaders: Db[] = [];
  readonly #openReaders = new Set<Db>();
  readonly #streams = new Set<OpenStream>();
  readonly #functions: RegisteredFunction[] = [];
  readonly #insertStatements = new Map<string, Database.Statement>();
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(filename: string, options: SqliteStoreOptions) {
    this.#filename = filename;
    this.#busyTimeoutMs = options.busyTimeoutMs ?? defaults.sqliteBusyTimeoutMs;
    this.#maxIdleReaders = options.maxIdleReaders ?? defaults.sqliteMaxIdleReaders;
    this.#writer = this.#connect(false);
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

  #connect(readonly: boolean): Db {
    const db = new Database(this.#filename, { readonly, fileMustExist: readonly });
    db.pragma(`busy_timeout = ${this.#busyTimeoutMs}`);
    for (const f of this.#functions) db.function(f.name, { deterministic: f.deterministic }, f.fn as never);
    return db;
  }

  /** Serialises writer work: SQLite allows one writer, and a transaction must not interleave. */
  #exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('@gatehouse/resources: the store is closed');
  }

  run(sql: string, params: readonly SqlParam[] = []): Promise<number> {
    this.#checkOpen();
    return this.#exclusive(() => this.#writer.prepare(sql).run(...bindable(params)).changes);
  }

  bulkInsert(table: string, columns: BulkColumns, rows: readonly (readonly SqlParam[])[]): Promise<number> {
    return this.transaction((tx) => tx.bulkInsert(table, columns, rows));
  }

  async all(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    this.#checkOpen();
    const reader = this.#takeReader();
    try {
      return reader.prepare(sql).all(...bindable(params)) as Row[];
    } finally {
      this.#giveBack(reader);
    }
  }

  async *stream(sql: string, params: readonly SqlParam[] = []): AsyncIterable<Row> {
    this.#checkOpen();
    const reader = this.#takeReader();
    let open: OpenStream | undefined;
    try {
      open = { rows: reader.prepare(sql).iterate(...bindable(params)) as IterableIterator<Row> };
      this.#streams.add(open);
      for (const row of open.rows) {
        yield row;
        // close() ended the iterator while the consumer held this row: fail, never end short.
        this.#checkOpen();
      }
    } finally {
      if (open) {
        this.#streams.delete(open);
        open.rows.return?.();
      }
      this.#giveBack(reader);
    }
  }

  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    this.#checkOpen();
    const writer = this.#writer;
    const tx: SqlRunner = {
      dialect: 'sqlite',
      run: async (sql, params = []) => writer.prepare(sql).run(...bindable(params)).changes,
      all: async (sql, params = []) => writer.prepare(sql).all(...bindable(params)) as Row[],
      bulkInsert: async (table, columns, rows) =>
        sqliteBulkInsert(writer, this.#insertStatements, table, columns, rows),
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

  registerFunction(name: string, fn: SqlFunction, options: { deterministic?: boolean } = {}): void {
    const f: RegisteredFunction = { name, fn, deterministic: options.deterministic ?? true };
    this.#functions.push(f);
    for (const db of [this.#writer, ...this.#openReaders])
      db.function(f.name, { deterministic: f.deterministic }, fn as never);
  }

  #takeReader(): Db {
    const reader = this.#idleReaders.pop() ?? this.#connect(true);
    this.#openReaders.add(reader);
    return reader;
  }

  #giveBack(reader: Db): void {
    if (this.#closed || this.#idleReaders.length >= this.#maxIdleReaders) {
      this.#openReaders.delete(reader);
      reader.close();
      return;
    }
    this.#idleReaders.push(reader);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#exclusive(() => undefined);
    this.#closed = true;
    // Streams still open (a slow or vanished client) hold read connections too. better-sqlite3
    // refuses to close a connection mid-iteration, so end their iterators first; the streams
    // then fail on their next row instead of keeping a connection (and the WAL) open forever.
    for (const open of this.#streams) open.rows.return?.();
    this.#streams.clear();
    this.#idleReaders.length = 0;
    for (const reader of this.#openReaders) reader.close();
    this.#openReaders.clear();
    this.#writer.close();
  }
}
