/**
 * @module commands/resource-params
 * The parameter rows of resources, stored once per resource hash and shared by every node holding
 * that resource (store/resource-params-schema.ts): a catalog writes only the hashes no node had,
 * and the garbage collection drops the hashes no resource points at any more, without crossing
 * a catalog that reuses them (shared-rows.ts).
 */

import { canonicalJson } from '../store/canonical-json.js';
import { inChunks } from '../store/in-lists.js';
import type { BulkColumns, ResourceStore, SqlParam, SqlRunner } from '../store/types.js';
import type { CatalogResource } from './catalog-payload.js';
import { query } from './node-status.js';
import { dropUnusedRows, holdSharedRows } from './shared-rows.js';

/** The columns of a `resource_params` row, in bulk-insert order. */
const PARAM_COLUMNS: BulkColumns = [
  ['resource', 'text'],
  ['name', 'text'],
  ['value', 'text'],
  ['value_string', 'text'],
];

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
  await holdSharedRows(tx);
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

/** Deletes the parameter rows of hashes no resource holds any more; returns how many rows. */
export function dropUnusedResourceParams(store: ResourceStore): Promise<number> {
  return dropUnusedRows(store, {
    table: 'resource_params',
    key: 'resource',
    unused: 'NOT EXISTS (SELECT 1 FROM resources r WHERE r.resource = resource_params.resource)',
  });
}
