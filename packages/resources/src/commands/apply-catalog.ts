/**
 * @module commands/apply-catalog
 * Stores a checked catalog as the node's one catalog, in a single transaction: the old rows go
 * and the new ones come in together, so a crash or an error never leaves half a catalog.
 * A catalog older than the stored one is ignored (stale); one with the same content only
 * refreshes the metadata.
 */

import { canonicalJson } from '../store/canonical-json.js';
import { inChunks } from '../store/in-lists.js';
import type { BulkColumns, SqlParam, SqlRunner, Transactional } from '../store/types.js';
import { type CatalogChanges, diffCatalog, type StoredEdge, type StoredResource } from './catalog-diff.js';
import type { Catalog, CatalogEdge, CatalogResource } from './catalog-payload.js';
import { type ApplyOutcome, exec, isNewer, query, recordArrival, withActivatedNode } from './node-status.js';
import { storeResourceParams } from './resource-params.js';
import { deleteResourceTags, storeResourceTags } from './resource-tags.js';
import { storeResourceTitles } from './resource-titles.js';

export type { ApplyOutcome } from './node-status.js';

/** The columns of a `resources` row, in bulk-insert order. */
export const RESOURCE_COLUMNS: BulkColumns = [
  ['certname', 'text'],
  ['resource', 'text'],
  ['type', 'text'],
  ['title', 'text'],
  ['exported', 'bool'],
  ['file', 'text'],
  ['line', 'int'],
  ['tags', 'json'],
  ['parameters', 'json'],
  ['environment', 'text'],
];
const EDGE_COLUMNS: BulkColumns = [
  ['certname', 'text'],
  ['source_type', 'text'],
  ['source_title', 'text'],
  ['target_type', 'text'],
  ['target_title', 'text'],
  ['relationship', 'text'],
];

/**
 * Tables holding a node's catalog, cleared (after its tags, resource-tags.ts) before a new catalog
 * is written. Parameter rows are shared by hash and stay for the garbage collection
 * (resource-params.ts).
 */
const CONTENT_TABLES = ['resources', 'edges'] as const;

/** Applies `catalog` to the store; `received` is the server time (canonical ISO). */
export function applyCatalog(
  store: Transactional,
  catalog: Catalog,
  received: string,
): Promise<ApplyOutcome> {
  return withActivatedNode(store, catalog.certname, catalog.producerTimestamp, async (tx) => {
    const [stored] = await query<{ producer_timestamp: string; hash: string; environment: string | null }>(
      tx,
      'SELECT producer_timestamp, hash, environment FROM catalogs WHERE certname = ?',
      [catalog.certname],
    );
    // Equal timestamps replace (reference §5.3); only a strictly newer stored catalog wins.
    if (isNewer(stored?.producer_timestamp, catalog.producerTimestamp)) return 'stale';
    const same = stored?.hash === catalog.hash;
    // Rows carry the environment, so a move to another environment rewrites them all.
    if (!same && stored?.environment === catalog.environment) await updateContent(tx, catalog);
    else if (!same) await replaceContent(tx, catalog);
    await upsertCatalogRow(tx, catalog, received);
    await recordArrival(
      tx,
      'catalog',
      catalog.certname,
      catalog.producerTimestamp,
      received,
      catalog.environment,
    );
    return same ? 'unchanged' : 'stored';
  });
}

async function replaceContent(tx: SqlRunner, catalog: Catalog): Promise<void> {
  await deleteResourceTags(tx, catalog.certname);
  for (const table of CONTENT_TABLES)
    await exec(tx, `DELETE FROM ${table} WHERE certname = ?`, [catalog.certname]);
  await insertContent(tx, catalog, catalog.resources, catalog.edges);
}

/** What differs between the node's stored catalog and `catalog`. */
export async function catalogChanges(tx: SqlRunner, catalog: Catalog): Promise<CatalogChanges> {
  const stored = await query<StoredResource>(
    tx,
    'SELECT resource, exported, file, line, tags FROM resources WHERE certname = ?',
    [catalog.certname],
  );
  const storedEdges = await query<StoredEdge>(
    tx,
    'SELECT source_type, source_title, target_type, target_title, relationship FROM edges WHERE certname = ?',
    [catalog.certname],
  );
  return diffCatalog(stored, storedEdges, catalog.resources, catalog.edges);
}

/** Rewrites only the resources and edges that differ from the stored catalog. */
async function updateContent(tx: SqlRunner, catalog: Catalog): Promise<void> {
  const c = catalog.certname;
  const changes = await catalogChanges(tx, catalog);
  await deleteResourceTags(tx, c, changes.removeResources);
  await inChunks(changes.removeResources, async (chunk, list) => {
    await exec(tx, `DELETE FROM resources WHERE certname = ? AND resource IN (${list})`, [c, ...chunk]);
  });
  for (const e of changes.removeEdges) {
    await exec(
      tx,
      `DELETE FROM edges WHERE certname = ? AND source_type = ? AND source_title = ? AND target_type = ?
         AND target_title = ? AND relationship = ?`,
      [c, e.source_type, e.source_title, e.target_type, e.target_title, e.relationship],
    );
  }
  await insertContent(tx, catalog, changes.addResources, changes.addEdges);
}

async function insertContent(
  tx: SqlRunner,
  catalog: Catalog,
  added: readonly CatalogResource[],
  addedEdges: readonly CatalogEdge[],
): Promise<void> {
  const c = catalog.certname;
  const resources: SqlParam[][] = [];
  for (const r of added) {
    const tagsJson = JSON.stringify(r.tags);
    const row = [
      c,
      r.resource,
      r.type,
      r.title,
      r.exported,
      r.file,
      r.line,
      tagsJson,
      canonicalJson(r.parameters),
    ];
    resources.push([...row, catalog.environment]);
  }
  const edges = addedEdges.map((e) => [
    c,
    e.sourceType,
    e.sourceTitle,
    e.targetType,
    e.targetTitle,
    e.relationship,
  ]);
  await tx.bulkInsert('resources', RESOURCE_COLUMNS, resources);
  await storeResourceTitles(
    tx,
    added.map((r) => r.title),
  );
  await storeResourceTags(tx, c, added);
  await storeResourceParams(tx, added);
  await tx.bulkInsert('edges', EDGE_COLUMNS, edges);
}

async function upsertCatalogRow(tx: SqlRunner, catalog: Catalog, received: string): Promise<void> {
  await exec(
    tx,
    `INSERT INTO catalogs (certname, catalog_uuid, version, transaction_uuid, environment, producer,
       producer_timestamp, code_id, job_id, hash, received)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (certname) DO UPDATE SET catalog_uuid = excluded.catalog_uuid, version = excluded.version,
       transaction_uuid = excluded.transaction_uuid, environment = excluded.environment,
       producer = excluded.producer, producer_timestamp = excluded.producer_timestamp,
       code_id = excluded.code_id, job_id = excluded.job_id, hash = excluded.hash, received = excluded.received`,
    [
      catalog.certname,
      catalog.catalogUuid,
      catalog.version,
      catalog.transactionUuid,
      catalog.environment,
      catalog.producer,
      catalog.producerTimestamp,
      catalog.codeId,
      catalog.jobId,
      catalog.hash,
      received,
    ],
  );
}
