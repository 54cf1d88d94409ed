/**
 * @module commands/catalog-diff
 * What changes between the stored catalog of a node and a new one. A later agent run usually
 * changes a handful of resources out of hundreds, so rewriting only those (as the reference
 * does) saves most of the index writes of a full replace.
 */

import type { CatalogEdge, CatalogResource } from './catalog-payload.js';

/** A stored resource row, as read back for the comparison (booleans as 0/1 on SQLite). */
export interface StoredResource {
  readonly resource: string;
  readonly exported: unknown;
  readonly file: string | null;
  readonly line: number | null;
  /** JSON text of the sorted tags, as the database prints it (jsonb adds spaces). */
  readonly tags: string;
}

/** A stored edge row. */
export interface StoredEdge {
  readonly source_type: string;
  readonly source_title: string;
  readonly target_type: string;
  readonly target_title: string;
  readonly relationship: string;
}

/** Rows to delete (by resource hash / by edge) and rows to insert. */
export interface CatalogChanges {
  readonly removeResources: readonly string[];
  readonly addResources: readonly CatalogResource[];
  readonly removeEdges: readonly StoredEdge[];
  readonly addEdges: readonly CatalogEdge[];
}

/** Everything stored about a resource: the hash covers type, title and parameters. */
function resourceKey(
  resource: string,
  exported: unknown,
  file: string | null,
  line: number | null,
  tags: string,
) {
  return JSON.stringify([resource, Boolean(exported), file, line === null ? null : Number(line), tags]);
}

function edgeKey(
  sourceType: string,
  sourceTitle: string,
  targetType: string,
  targetTitle: string,
  relationship: string,
) {
  return JSON.stringify([sourceType, sourceTitle, targetType, targetTitle, relationship]);
}

/** Compares stored rows with a new catalog's. */
export function diffCatalog(
  stored: readonly StoredResource[],
  storedEdges: readonly StoredEdge[],
  resources: readonly CatalogResource[],
  edges: readonly CatalogEdge[],
): CatalogChanges {
  const wanted = new Map(
    resources.map((r) => [resourceKey(r.resource, r.exported, r.file, r.line, JSON.stringify(r.tags)), r]),
  );
  const removeResources: string[] = [];
  for (const row of stored) {
    // Re-printed as JSON.stringify prints the new tags: PostgreSQL's jsonb has its own spacing.
    const tags = JSON.stringify(JSON.parse(row.tags));
    const key = resourceKey(row.resource, row.exported, row.file, row.line, tags);
    if (wanted.has(key)) wanted.delete(key);
    else removeResources.push(row.resource);
  }
  const wantedEdges = new Map(
    edges.map((e) => [edgeKey(e.sourceType, e.sourceTitle, e.targetType, e.targetTitle, e.relationship), e]),
  );
  const removeEdges: StoredEdge[] = [];
  for (const row of storedEdges) {
    const key = edgeKey(
      row.source_type,
      row.source_title,
      row.target_type,
      row.target_title,
      row.relationship,
    );
    if (wantedEdges.has(key)) wantedEdges.delete(key);
    else removeEdges.push(row);
  }
  return {
    removeResources,
    addResources: [...wanted.values()],
    removeEdges,
    addEdges: [...wantedEdges.values()],
  };
}
