/**
 * @module commands/catalog-payload
 * Reads a `replace catalog` payload (wire format v6 to v9) into a checked, normalised catalog.
 * Everything that PuppetDB would reject later (duplicate resources, edges to resources not in the
 * catalog, bad relationships, upper-case tags) is rejected here, before the command is queued,
 * so the client gets a 400 naming the field instead of a silent drop.
 * Unknown keys are ignored, as the reference does.
 */

import { canonicalJson, resourceHash, sha1Hex } from '../store/canonical-json.js';
import { invalidCommand } from './errors.js';
import { at, FieldReader, type JsonObject } from './fields.js';

/** One resource of a catalog, ready to store. */
export interface CatalogResource {
  readonly type: string;
  readonly title: string;
  readonly exported: boolean;
  readonly file: string | null;
  readonly line: number | null;
  /** Lower-case, deduplicated, sorted. */
  readonly tags: readonly string[];
  readonly parameters: JsonObject;
  /** PuppetDB's resource hash. */
  readonly resource: string;
}

/** One relationship between two resources of the catalog. */
export interface CatalogEdge {
  readonly sourceType: string;
  readonly sourceTitle: string;
  readonly targetType: string;
  readonly targetTitle: string;
  readonly relationship: Relationship;
}

/** A catalog that passed every check. */
export interface Catalog {
  readonly certname: string;
  readonly version: string;
  readonly environment: string | null;
  readonly transactionUuid: string | null;
  readonly catalogUuid: string | null;
  readonly codeId: string | null;
  readonly jobId: string | null;
  readonly producer: string | null;
  /** Canonical ISO-8601 UTC. */
  readonly producerTimestamp: string;
  readonly resources: readonly CatalogResource[];
  readonly edges: readonly CatalogEdge[];
  /** SHA-1 of environment, resources and edges (not the other metadata): unchanged catalogs skip the rewrite. */
  readonly hash: string;
}

const RELATIONSHIPS = {
  contains: true,
  before: true,
  'required-by': true,
  notifies: true,
  'subscription-of': true,
} as const;

/** The edge relationships of the wire format. */
export type Relationship = keyof typeof RELATIONSHIPS;

// First character: a letter that is not upper-case, a digit or `_`; then also `:`, `.` and `-`.
const TAG_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_:.-]*$/u;
const UPPER = /\p{Lu}/u;

/** Catalog wire-format versions we read, and the keys each one adds (present, maybe null). */
export const CATALOG_VERSIONS = { min: 6, max: 9 } as const;
const KEYS_SINCE: readonly [version: number, key: string][] = [
  [7, 'code_id'],
  [8, 'catalog_uuid'],
  [9, 'producer'],
];

/** Checks a `replace catalog` payload of wire-format `version`. */
export function readCatalog(payload: unknown, version: number, certname?: string): Catalog {
  const r: FieldReader = new FieldReader({ command: 'replace catalog', certname });
  const obj = r.object(payload, '');
  for (const [since, key] of KEYS_SINCE) if (version >= since && !(key in obj)) r.missing(key);
  const metadata = {
    certname: r.string(obj, 'certname', '', true),
    version: r.string(obj, 'version', ''),
    environment: r.nullableString(obj, 'environment', ''),
    transactionUuid: r.nullableString(obj, 'transaction_uuid', ''),
    catalogUuid: r.nullableString(obj, 'catalog_uuid', ''),
    codeId: r.nullableString(obj, 'code_id', ''),
    jobId: r.nullableString(obj, 'job_id', ''),
    producer: r.nullableString(obj, 'producer', ''),
    producerTimestamp: r.timestamp(obj, 'producer_timestamp', ''),
  };
  const resources = r.array(obj, 'resources', '').map((item, i) => readResource(r, item, at('resources', i)));
  const seen = checkUnique(r, resources);
  const edges = dedupeEdges(
    r.array(obj, 'edges', '').map((item, i) => readEdge(r, item, at('edges', i), seen)),
  );
  return { ...metadata, resources, edges, hash: contentHash(metadata.environment, resources, edges) };
}

function readResource(r: FieldReader, item: unknown, path: string): CatalogResource {
  const obj = r.object(item, path);
  const type = r.string(obj, 'type', path, true);
  const title = r.string(obj, 'title', path);
  const parameters =
    obj.parameters === undefined || obj.parameters === null
      ? {}
      : r.object(obj.parameters, at(path, 'parameters'));
  return {
    type,
    title,
    exported: r.boolean(obj, 'exported', path),
    file: r.nullableString(obj, 'file', path),
    line: r.nullableLine(obj, 'line', path),
    tags: readTags(r, obj, path),
    parameters,
    resource: resourceHash(type, title, parameters),
  };
}

function readTags(r: FieldReader, obj: JsonObject, path: string): string[] {
  const tags = r.array(obj, 'tags', path);
  tags.forEach((tag, i) => {
    const field = at(at(path, 'tags'), i);
    if (typeof tag !== 'string') r.fail(field, 'must be a string');
    if (!TAG_PATTERN.test(tag) || UPPER.test(tag)) {
      r.fail(
        field,
        `${JSON.stringify(tag)} is not a valid tag (lower-case letters, digits, _, and later also : . -)`,
      );
    }
  });
  return [...new Set(tags as string[])].sort();
}

const key = (type: string, title: string) => `${type}[${title}]`;

function checkUnique(r: FieldReader, resources: readonly CatalogResource[]): Set<string> {
  const seen = new Set<string>();
  resources.forEach((res, i) => {
    const k = key(res.type, res.title);
    if (seen.has(k)) {
      throw invalidCommand(
        r.context,
        'ERR_CMD_DUPLICATE_RESOURCE',
        `duplicate resource ${k}`,
        at('resources', i),
      );
    }
    seen.add(k);
  });
  return seen;
}

function readEndpoint(r: FieldReader, obj: JsonObject, end: string, path: string, seen: Set<string>) {
  const field = at(path, end);
  const ref = r.object(obj[end] ?? r.missing(field), field);
  const type = r.string(ref, 'type', field, true);
  const title = r.string(ref, 'title', field);
  if (!seen.has(key(type, title))) {
    throw invalidCommand(
      r.context,
      'ERR_CMD_DANGLING_EDGE',
      `${field} names ${key(type, title)}, which is not a resource of the catalog`,
      field,
    );
  }
  return { type, title };
}

function readEdge(r: FieldReader, item: unknown, path: string, seen: Set<string>): CatalogEdge {
  const obj = r.object(item, path);
  const source = readEndpoint(r, obj, 'source', path, seen);
  const target = readEndpoint(r, obj, 'target', path, seen);
  const relationship = r.string(obj, 'relationship', path);
  if (!Object.hasOwn(RELATIONSHIPS, relationship)) {
    r.fail(at(path, 'relationship'), `must be one of ${Object.keys(RELATIONSHIPS).join(', ')}`);
  }
  return {
    sourceType: source.type,
    sourceTitle: source.title,
    targetType: target.type,
    targetTitle: target.title,
    relationship: relationship as Relationship,
  };
}

function dedupeEdges(edges: CatalogEdge[]): CatalogEdge[] {
  const unique = new Map<string, CatalogEdge>();
  for (const e of edges) unique.set(JSON.stringify(Object.values(e)), e);
  return [...unique.values()];
}

function contentHash(
  environment: string | null,
  resources: readonly CatalogResource[],
  edges: readonly CatalogEdge[],
): string {
  // Serialise each row once and sort the strings: order-independent and cheap.
  const rows = resources
    .map((res) => JSON.stringify([res.resource, res.exported, res.file, res.line, res.tags]))
    .sort();
  const links = edges.map((e) => JSON.stringify(Object.values(e))).sort();
  return sha1Hex(canonicalJson([environment, rows, links]));
}
