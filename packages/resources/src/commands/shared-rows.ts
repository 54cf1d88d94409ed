/**
 * @module commands/shared-rows
 * Rows that nodes share instead of owning (parameter rows by resource hash, PostgreSQL's tag
 * names, SQLite's titles): a catalog writes only those not stored yet, and the garbage collection drops those no
 * resource uses any more. On PostgreSQL, where writers run side by side, the two must not cross:
 * a catalog that found a row and relies on it could otherwise commit after a collection deleted
 * it. So a catalog holds a shared transaction-level advisory lock from before it looks until it
 * commits, and a collection deletes under the exclusive one, which waits for every such catalog
 * and is held only for the delete of rows it found unused before. SQLite has one writer at a
 * time, which gives the same order without a lock.
 */

import { inChunks } from '../store/in-lists.js';
import type { ResourceStore, SqlRunner } from '../store/types.js';
import { exec, query } from './node-status.js';

/** The advisory lock key between catalogs and the collection ("shar"). */
export const SHARED_ROWS_LOCK = 0x7368_6172;

/** Most unused keys one collection drops per kind (the rest go in the next). */
const DROP_BATCH = 50_000;

/** The transactions (their runners, one per transaction) holding the shared lock already. */
const holding = new WeakSet<SqlRunner>();

/**
 * Takes the shared lock for the rest of `tx` (PostgreSQL; nothing to do on SQLite), once however
 * many kinds of shared row the transaction writes.
 */
export async function holdSharedRows(tx: SqlRunner): Promise<void> {
  if (tx.dialect !== 'postgres' || holding.has(tx)) return;
  await exec(tx, 'SELECT pg_advisory_xact_lock_shared(?)', [SHARED_ROWS_LOCK]);
  holding.add(tx);
}

/** How to find and drop one kind of shared row no resource uses. */
export interface UnusedRows {
  readonly table: string;
  readonly key: string;
  /** SQL true when no resource uses the row of `table` whose key is `<table>.<key>`. */
  readonly unused: string;
}

/**
 * Deletes the rows of `rows.table` no resource uses; returns how many. Found without a lock,
 * deleted under the exclusive one after a second look, so catalogs wait only for the delete.
 */
export async function dropUnusedRows(store: ResourceStore, rows: UnusedRows): Promise<number> {
  const { table, key, unused } = rows;
  const found = (
    await query<{ key: string }>(
      store,
      `SELECT DISTINCT ${key} AS key FROM ${table} WHERE ${unused} LIMIT ${DROP_BATCH}`,
    )
  ).map((row) => row.key);
  if (found.length === 0) return 0;
  return store.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await exec(tx, 'SELECT pg_advisory_xact_lock(?)', [SHARED_ROWS_LOCK]);
    let deleted = 0;
    // A catalog may have taken a row up again since it was found unused: look again.
    await inChunks(found, async (chunk, list) => {
      deleted += await exec(tx, `DELETE FROM ${table} WHERE ${key} IN (${list}) AND ${unused}`, chunk);
    });
    return deleted;
  });
}
