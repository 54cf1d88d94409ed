/**
 * The field table of every entity a query can reach (one file each in entities/): name -> type
 * and SQL column. The validator checks fields and values against it; the compiler reads the
 * columns and the answer shape from it. Table and column names follow store/schema.ts.
 * @module
 */
import type { Entity } from './ast/entity.js';
import { CATALOGS, ENVIRONMENTS } from './entities/catalogs.js';
import { EDGES } from './entities/edges.js';
import type { EntitySpec, FieldSpec } from './entities/entity-spec.js';
import { FACT_CONTENTS, FACT_PATHS } from './entities/fact-contents.js';
import { FACT_NAMES, FACTS } from './entities/facts.js';
import { FACTSETS, INVENTORY } from './entities/factsets.js';
import { NODES } from './entities/nodes.js';
import { PRODUCERS } from './entities/producers.js';
import { EVENTS, REPORTS } from './entities/reports.js';
import { RESOURCES } from './entities/resources.js';

export type {
  EntitySpec,
  FieldSpec,
  FieldType,
  NestedOutput,
  OutputSpec,
  OutputType,
} from './entities/entity-spec.js';

export const ENTITY_SPECS: Readonly<Record<Entity, EntitySpec>> = Object.freeze({
  resources: RESOURCES,
  nodes: NODES,
  facts: FACTS,
  catalogs: CATALOGS,
  environments: ENVIRONMENTS,
  fact_names: FACT_NAMES,
  factsets: FACTSETS,
  inventory: INVENTORY,
  fact_contents: FACT_CONTENTS,
  fact_paths: FACT_PATHS,
  edges: EDGES,
  producers: PRODUCERS,
  reports: REPORTS,
  events: EVENTS,
});

/** Field names of an entity in PuppetDB's error-message order (sorted). */
export function fieldNames(entity: Entity): string[] {
  return Object.keys(ENTITY_SPECS[entity].fields).sort();
}

export function fieldSpec(entity: Entity, name: string): FieldSpec | undefined {
  const fields = ENTITY_SPECS[entity].fields;
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/** The entity's name in PuppetDB's error texts. */
export function entityLabel(entity: Entity): string {
  return ENTITY_SPECS[entity].label ?? entity;
}

/** Fields that may be extracted, in PuppetDB's order for its error texts. */
export function extractableFields(entity: Entity): string[] {
  const { fields, projections } = ENTITY_SPECS[entity];
  return (projections ?? fieldNames(entity)).filter((name) => fields[name]!.projectable);
}

/**
 * Fields an answer may be ordered by, in PuppetDB's order: its projections where listed, else the
 * projectable scalar ones (not tags or parameters).
 */
export function orderableFields(entity: Entity): string[] {
  const { projections } = ENTITY_SPECS[entity];
  if (projections) return [...projections];
  return fieldNames(entity).filter((name) => {
    const spec = ENTITY_SPECS[entity].fields[name]!;
    return spec.projectable && spec.type !== 'array' && spec.type !== 'json' && spec.type !== 'path';
  });
}

/**
 * Implicit-subquery joins (`["subquery", entity, Q]`): for a query on `from`, which of its fields
 * match which fields of the subquery's entity. The pairs of the first six entities are as PuppetDB
 * 7.12.1 answers them (checked; resources reach no facts implicitly); the entities of nodes added
 * since reach each other by certname, as PuppetDB's `certname-relations` do.
 */
type Join = readonly [from: readonly string[], to: readonly string[]];
const BY_CERTNAME: Join = [['certname'], ['certname']];
const join = (from: string, to: string): Join => [[from], [to]];
const TO_ENVIRONMENTS = join('environment', 'name');
const FROM_ENVIRONMENTS = join('name', 'environment');
const NEW_NODE_ENTITIES = ['factsets', 'inventory', 'fact_contents', 'edges'] as const;
const byCertnameTo = (entities: readonly Entity[]) =>
  Object.fromEntries(entities.map((entity) => [entity, BY_CERTNAME]));

/** Everything the new entities of nodes reach by certname. */
const CERTNAME_PEERS: readonly Entity[] = [
  'nodes',
  'resources',
  'facts',
  'catalogs',
  'reports',
  'events',
  ...NEW_NODE_ENTITIES,
];

const RELATIONSHIPS: Partial<Record<Entity, Partial<Record<Entity, Join>>>> = {
  resources: {
    nodes: BY_CERTNAME,
    catalogs: BY_CERTNAME,
    environments: TO_ENVIRONMENTS,
    ...byCertnameTo(NEW_NODE_ENTITIES),
  },
  nodes: {
    resources: BY_CERTNAME,
    catalogs: BY_CERTNAME,
    facts: BY_CERTNAME,
    reports: BY_CERTNAME,
    events: BY_CERTNAME,
    ...byCertnameTo(NEW_NODE_ENTITIES),
  },
  facts: {
    nodes: BY_CERTNAME,
    resources: BY_CERTNAME,
    catalogs: BY_CERTNAME,
    environments: TO_ENVIRONMENTS,
    ...byCertnameTo(['factsets', 'inventory', 'edges']),
    fact_contents: [
      ['certname', 'name'],
      ['certname', 'name'],
    ],
  },
  catalogs: {
    resources: BY_CERTNAME,
    nodes: BY_CERTNAME,
    facts: BY_CERTNAME,
    environments: TO_ENVIRONMENTS,
    producers: join('producer', 'name'),
    ...byCertnameTo(NEW_NODE_ENTITIES),
  },
  environments: {
    resources: FROM_ENVIRONMENTS,
    catalogs: FROM_ENVIRONMENTS,
    facts: FROM_ENVIRONMENTS,
    reports: FROM_ENVIRONMENTS,
    events: FROM_ENVIRONMENTS,
    factsets: FROM_ENVIRONMENTS,
    fact_contents: FROM_ENVIRONMENTS,
  },
  reports: {
    nodes: BY_CERTNAME,
    environments: TO_ENVIRONMENTS,
    events: join('hash', 'report'),
    producers: join('producer', 'name'),
    ...byCertnameTo(NEW_NODE_ENTITIES),
  },
  events: {
    nodes: BY_CERTNAME,
    environments: TO_ENVIRONMENTS,
    reports: join('report', 'hash'),
    ...byCertnameTo(NEW_NODE_ENTITIES),
  },
  factsets: {
    ...byCertnameTo(CERTNAME_PEERS.filter((e) => e !== 'factsets')),
    environments: TO_ENVIRONMENTS,
    producers: join('producer', 'name'),
  },
  inventory: byCertnameTo(CERTNAME_PEERS.filter((e) => e !== 'inventory')),
  fact_contents: {
    ...byCertnameTo(CERTNAME_PEERS.filter((e) => e !== 'fact_contents' && e !== 'facts')),
    facts: [
      ['certname', 'name'],
      ['certname', 'name'],
    ],
    environments: TO_ENVIRONMENTS,
  },
  edges: byCertnameTo(CERTNAME_PEERS.filter((e) => e !== 'edges')),
  fact_paths: { facts: join('name', 'name'), fact_contents: join('path', 'path') },
  producers: {
    catalogs: join('name', 'producer'),
    factsets: join('name', 'producer'),
    reports: join('name', 'producer'),
  },
};

export function relationship(from: Entity, to: Entity): Join | undefined {
  return RELATIONSHIPS[from]?.[to];
}
