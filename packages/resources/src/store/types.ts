/**
 * @module store/types
 * The store seam shared by the command side (writes) and the query side (streamed reads).
 * Both drivers (SQLite, PostgreSQL) implement `ResourceStore`; see schema.ts for what rows hold.
 */

/** The two SQL dialects the store speaks. */
export type Dialect = 'sqlite' | 'postgres';

/** A value bound to a placeholder. Booleans are bound as 1/0 on SQLite. */
export type SqlParam = string | number | bigint | boolean | null;

/** One result row, keyed by column name. */
export type Row = Record<string, unknown>;

/** How a column of a bulk insert is typed (PostgreSQL needs it to build typed arrays). */
export type ColumnType = 'text' | 'int' | 'bool' | 'json' | 'ts';

/** The columns of a bulk insert, in row order. */
export type BulkColumns = readonly (readonly [name: string, type: ColumnType])[];

/** The statements that may run inside a transaction. */
export interface SqlRunner {
  readonly dialect: Dialect;
  /** Runs a statement; returns the number of rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /** Runs a query and returns every row (for small results only; use `stream` for big ones). */
  all(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /**
   * Inserts many rows into `table` at once: a cached prepared statement on SQLite, one
   * `INSERT ... SELECT FROM jsonb_array_elements(...)` per chunk on PostgreSQL. Returns the rows inserted.
   */
  bulkInsert(
    table: string,
    columns: BulkColumns,
    rows: readonly (readonly SqlParam[])[],
    options?: BulkInsertOptions,
  ): Promise<number>;
}

/** How a bulk insert treats rows already stored. */
export interface BulkInsertOptions {
  /**
   * Skip a row whose key is already stored (`ON CONFLICT DO NOTHING`) instead of failing: for rows
   * shared between nodes that two transactions may insert at the same time.
   */
  readonly skipDuplicates?: boolean;
}

/** Anything that runs work in one transaction: a store, or (inside the command queue) the claim's own. */
export type Transactional = Pick<ResourceStore, 'transaction'>;

/** A database holding the schema of schema.ts, opened and migrated. */
export interface ResourceStore extends SqlRunner {
  /**
   * Streams the rows of a query without holding them all in memory (a pg-cursor on PostgreSQL,
   * a read worker thread on SQLite). Breaking out of the loop releases the connection or worker.
   * Placeholders are the dialect's own (`?` or `$n`). SQLite connections know `regexp` (RE2).
   */
  stream(sql: string, params?: readonly SqlParam[], options?: StreamOptions): AsyncIterable<Row>;
  /**
   * Streams the JSON texts of a query whose one column, `json`, renders each answer (the query
   * compiler writes such SELECTs), in batches. The database renders, so the event loop only
   * forwards text; every query route reads this way, whatever its entity.
   */
  streamObjects(sql: string, params: readonly SqlParam[]): AsyncIterable<readonly string[]>;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** Options of a streamed read. */
export interface StreamOptions {
  /** Rows fetched per round trip on PostgreSQL (default `defaults.streamBatchSize`, 2000). */
  readonly batchSize?: number;
}
