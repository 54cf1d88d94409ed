/**
 * @module commands/resource-params
 * The parameter rows of resources, stored once per resource hash and shared by every node holding
 * that resource (store/resource-params-schema.ts): a catalog writes only the hashes no node had,
 * and the garbage collection drops the hashes no resource points at any more.
 *
 * The two must not cross on PostgreSQL, where writers run side by side: a catalog that found a
 * hash's rows and relies on them could otherwise commit after a collection deleted them, leaving
 * its resource without parameters. So a catalog holds a shared transaction-level advisory lock
 * from before it looks until it commits, and the collection deletes under the exclusive one, which
 * waits for every such catalog and is held only for the delete of hashes it found unused before.
 * SQLite has one writer at a time, which gives the same order without a lock.
 */

import { canonicalJson } from '../store/canonical-json.js';
import type { BulkColumns, ResourceStore, SqlParam, SqlRunner } from '../store/types.js';
import type { CatalogResource } from './catalog-payload.js';
import { exec, query } from './node-status.js';

/** The columns of a `resource_params` row, in bulk-insert order. */
const PARAM_COLUMNS: BulkColumns = [
  ['resource', 'text'],
  ['name', 'text'],
  ['value', 'text'],
  ['value_string', 'text'],
];

/** The advisory lock key between catalogs and the collection ("parm"). */
const PARAMS_LOCK = 0x7061_726d;

/** Hashes per `IN (...)` list (well under SQLite's 32766 parameters). */
const HASH_CHUNK = 500;

/** Runs `each` over `items` in chunks of HASH_CHUNK with the chunk's `?, ?, ...` list. */
async function inChunks(
  items: readonly string[],
  each: (chunk: readonly string[], list: string) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += HASH_CHUNK) {
    const chunk = items.slice(i, i + HASH_CHUNK);
    await each(chunk, chunk.map(() => '?').join(', '));
  }
}

/** The hashes among `hashes` whose parameter rows are stored. */
async function storedHashes(tx: SqlRunner, hashes: readonly string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  await inChunks(hashes, async (chunk, list) => {
    const rows = await query<{ resource: string }>(
      tx,
      `SELECT DISTINCT resource FROM resource_params WHERE resource IN (${list})`,
      chunk,
    );
    for (const row of rows) stored.add(row.resource);
  });
  return stored;
}

/**
 * Stores the parameter rows of `resources` (about to be inserted by the caller's transaction)
 * whose hash has none yet. Another catalog inserting the same new hash at the same time is not an
 * error: equal hashes have equal rows, so the later insert skips them.
 */
export async function storeResourceParams(
  tx: SqlRunner,
  resources: readonly CatalogResource[],
): Promise<void> {
  const withParams = resources.filter((r) => Object.keys(r.parameters).length > 0);
  if (withParams.length === 0) return;
  if (tx.dialect === 'postgres') await exec(tx, 'SELECT pg_advisory_xact_lock_shared(?)', [PARAMS_LOCK]);
  const stored = await storedHashes(
    tx,
    withParams.map((r) => r.resource),
  );
  const rows: SqlParam[][] = [];
  for (const r of withParams) {
    if (stored.has(r.resource)) continue;
    for (const [name, value] of Object.entries(r.parameters)) {
      rows.push([r.resource, name, canonicalJson(value), typeof value === 'string' ? value : null]);
    }
  }
  await tx.bulkInsert('resource_params', PARAM_COLUMNS, rows, { skipDuplicates: true });
}

/** Most unused hashes one collection drops (the rest go in the next). */
const DROP_BATCH = 50_000;

/**
 * Deletes the parameter rows of hashes no resource holds any more (after a catalog changed or a
 * node was purged); returns how many rows. Found without a lock, deleted under the exclusive one
 * after a second look, so catalogs wait only for the delete.
 */
export async function dropUnusedResourceParams(store: ResourceStore): Promise<number> {
  const unused = (
    await query<{ resource: string }>(
      store,
      `SELECT DISTINCT p.resource FROM resource_params p
       WHERE NOT EXISTS (SELECT 1 FROM resources r WHERE r.resource = p.resource) LIMIT ${DROP_BATCH}`,
    )
  ).map((row) => row.resource);
  if (unused.length === 0) return 0;
  return store.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await exec(tx, 'SELECT pg_advisory_xact_lock(?)', [PARAMS_LOCK]);
    let deleted = 0;
    // A catalog may have taken a hash up again since it was found unused: look again.
    await inChunks(unused, async (chunk, list) => {
      deleted += await exec(
        tx,
        `DELETE FROM resource_params WHERE resource IN (${list})
           AND NOT EXISTS (SELECT 1 FROM resources r WHERE r.resource = resource_params.resource)`,
        chunk,
      );
    });
    return deleted;
  });
}
