/**
 * @module commands/resource-tags
 * What a catalog writes so that queries find resources by tag, beside the `tags` array each
 * resource row holds. SQLite: a `resource_tags` row per tag of each node's resource, whose tag
 * index answers `tag` queries. PostgreSQL: the GIN index on `resources.tags` answers them, so it
 * keeps only `tag_names`, every tag once (store/tag-names-schema.ts), from which a regular
 * expression or a list picks the tags to look up; a catalog adds the names not stored yet and the
 * garbage collection drops those no resource holds (shared-rows.ts).
 */

import { inChunks } from '../store/in-lists.js';
import type { BulkColumns, ResourceStore, SqlParam, SqlRunner } from '../store/types.js';
import type { CatalogResource } from './catalog-payload.js';
import { exec } from './node-status.js';
import { dropUnusedRows, holdSharedRows } from './shared-rows.js';

const TAG_COLUMNS: BulkColumns = [
  ['certname', 'text'],
  ['resource', 'text'],
  ['tag', 'text'],
];
const TAG_NAME_COLUMNS: BulkColumns = [['tag', 'text']];

/** Stores what finds the `resources` of `certname` (about to be inserted by `tx`) by tag. */
export async function storeResourceTags(
  tx: SqlRunner,
  certname: string,
  resources: readonly CatalogResource[],
): Promise<void> {
  if (tx.dialect === 'sqlite') {
    const rows: SqlParam[][] = [];
    for (const r of resources) for (const tag of r.tags) rows.push([certname, r.resource, tag]);
    await tx.bulkInsert('resource_tags', TAG_COLUMNS, rows);
    return;
  }
  const names = new Set<string>();
  for (const r of resources) for (const tag of r.tags) names.add(tag);
  if (names.size === 0) return;
  await holdSharedRows(tx);
  await tx.bulkInsert(
    'tag_names',
    TAG_NAME_COLUMNS,
    [...names].map((tag) => [tag]),
    { skipDuplicates: true },
  );
}

/** Forgets the tags of the node's resources `hashes`, or of all its resources (SQLite's rows). */
export async function deleteResourceTags(
  tx: SqlRunner,
  certname: string,
  hashes?: readonly string[],
): Promise<void> {
  if (tx.dialect !== 'sqlite') return;
  if (!hashes) {
    await exec(tx, 'DELETE FROM resource_tags WHERE certname = ?', [certname]);
    return;
  }
  await inChunks(hashes, async (chunk, list) => {
    await exec(tx, `DELETE FROM resource_tags WHERE certname = ? AND resource IN (${list})`, [
      certname,
      ...chunk,
    ]);
  });
}

/** Deletes the tag names no resource holds any more (PostgreSQL); returns how many. */
export async function dropUnusedTagNames(store: ResourceStore): Promise<number> {
  if (store.dialect !== 'postgres') return 0;
  return dropUnusedRows(store, {
    table: 'tag_names',
    key: 'tag',
    // One GIN lookup per name.
    unused: 'NOT EXISTS (SELECT 1 FROM resources r WHERE r.tags @> jsonb_build_array(tag_names.tag))',
  });
}
