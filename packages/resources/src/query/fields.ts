/**
 * The field table of every entity a query can reach: name -> type and SQL column. The validator
 * checks fields and values against it; the compiler reads the columns from it. The table and
 * column names follow store/schema.ts.
 * @module
 */
import type { Entity } from './ast/entity.js';

/**
 * How a field compares. `json` is the parameters object (dotted paths go inside it); `array` is
 * the tag list; `query-only` is `tag`, which is rewritten to `tags`.
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'timestamp' | 'array' | 'json' | 'query-only';

export interface FieldSpec {
  readonly type: FieldType;
  /** Column of the entity's table (undefined for `tag`). */
  readonly column: string | undefined;
  /** May appear in extract, group_by and order_by. */
  readonly projectable: boolean;
}

export interface EntitySpec {
  readonly table: string;
  /** Short alias used in SQL; subqueries nest, so the compiler suffixes a depth to it. */
  readonly alias: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

const column = (type: FieldType, name: string): FieldSpec =>
  Object.freeze({ type, column: name, projectable: true });

const RESOURCES: EntitySpec = {
  table: 'resources',
  alias: 'r',
  fields: {
    certname: column('string', 'certname'),
    environment: column('string', 'environment'),
    exported: column('boolean', 'exported'),
    file: column('string', 'file'),
    line: column('number', 'line'),
    parameters: column('json', 'parameters'),
    resource: column('string', 'resource'),
    tag: { type: 'query-only', column: undefined, projectable: false },
    tags: column('array', 'tags'),
    title: column('string', 'title'),
    type: column('string', 'type'),
  },
};

const NODES: EntitySpec = {
  table: 'certnames',
  alias: 'n',
  fields: {
    cached_catalog_status: column('string', 'cached_catalog_status'),
    catalog_environment: column('string', 'catalog_environment'),
    catalog_timestamp: column('timestamp', 'catalog_timestamp'),
    certname: column('string', 'certname'),
    deactivated: column('timestamp', 'deactivated'),
    expired: column('timestamp', 'expired'),
    facts_environment: column('string', 'facts_environment'),
    facts_timestamp: column('timestamp', 'facts_timestamp'),
    latest_report_corrective_change: column('boolean', 'latest_report_corrective_change'),
    latest_report_noop: column('boolean', 'latest_report_noop'),
    latest_report_status: column('string', 'latest_report_status'),
    report_environment: column('string', 'report_environment'),
    report_timestamp: column('timestamp', 'report_timestamp'),
  },
};

const CATALOGS: EntitySpec = {
  table: 'catalogs',
  alias: 'c',
  fields: {
    catalog_uuid: column('string', 'catalog_uuid'),
    certname: column('string', 'certname'),
    code_id: column('string', 'code_id'),
    environment: column('string', 'environment'),
    hash: column('string', 'hash'),
    job_id: column('string', 'job_id'),
    producer: column('string', 'producer'),
    producer_timestamp: column('timestamp', 'producer_timestamp'),
    transaction_uuid: column('string', 'transaction_uuid'),
    version: column('string', 'version'),
  },
};

const ENVIRONMENTS: EntitySpec = {
  table: 'environments',
  alias: 'e',
  fields: { name: column('string', 'name') },
};

export const ENTITY_SPECS: Readonly<Record<Entity, EntitySpec>> = Object.freeze({
  resources: RESOURCES,
  nodes: NODES,
  catalogs: CATALOGS,
  environments: ENVIRONMENTS,
});

/** Field names of an entity in PuppetDB's error-message order (sorted). */
export function fieldNames(entity: Entity): string[] {
  return Object.keys(ENTITY_SPECS[entity].fields).sort();
}

export function fieldSpec(entity: Entity, name: string): FieldSpec | undefined {
  const fields = ENTITY_SPECS[entity].fields;
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/**
 * Implicit-subquery joins (`["subquery", entity, Q]`): for a query on `from`, which of its fields
 * matches which field of the subquery's entity.
 */
const RELATIONSHIPS: Partial<Record<Entity, Partial<Record<Entity, readonly [string, string]>>>> = {
  resources: {
    nodes: ['certname', 'certname'],
    catalogs: ['certname', 'certname'],
    environments: ['environment', 'name'],
  },
  nodes: { resources: ['certname', 'certname'], catalogs: ['certname', 'certname'] },
  catalogs: {
    resources: ['certname', 'certname'],
    nodes: ['certname', 'certname'],
    environments: ['environment', 'name'],
  },
  environments: { resources: ['name', 'environment'], catalogs: ['name', 'environment'] },
};

export function relationship(from: Entity, to: Entity): readonly [string, string] | undefined {
  return RELATIONSHIPS[from]?.[to];
}
