/**
 * The field table of every entity a query can reach (one file each in entities/): name -> type
 * and SQL column. The validator checks fields and values against it; the compiler reads the
 * columns and the answer shape from it. Table and column names follow store/schema.ts.
 * @module
 */
import type { Entity } from './ast/entity.js';
import { CATALOGS, ENVIRONMENTS } from './entities/catalogs.js';
import type { EntitySpec, FieldSpec } from './entities/entity-spec.js';
import { FACT_NAMES, FACTS } from './entities/facts.js';
import { NODES } from './entities/nodes.js';
import { EVENTS, REPORTS } from './entities/reports.js';
import { RESOURCES } from './entities/resources.js';

export type { EntitySpec, FieldSpec, FieldType, OutputSpec, OutputType } from './entities/entity-spec.js';

export const ENTITY_SPECS: Readonly<Record<Entity, EntitySpec>> = Object.freeze({
  resources: RESOURCES,
  nodes: NODES,
  facts: FACTS,
  catalogs: CATALOGS,
  environments: ENVIRONMENTS,
  fact_names: FACT_NAMES,
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

/** Fields an answer may be ordered by: the projectable scalar ones (not tags or parameters). */
export function orderableFields(entity: Entity): string[] {
  return fieldNames(entity).filter((name) => {
    const spec = ENTITY_SPECS[entity].fields[name]!;
    return spec.projectable && spec.type !== 'array' && spec.type !== 'json';
  });
}

/**
 * Implicit-subquery joins (`["subquery", entity, Q]`): for a query on `from`, which of its fields
 * matches which field of the subquery's entity.
 */
const BY_CERTNAME = ['certname', 'certname'] as const;
const RELATIONSHIPS: Partial<Record<Entity, Partial<Record<Entity, readonly [string, string]>>>> = {
  // As PuppetDB 7.12.1 answers (checked): resources reach no facts implicitly.
  resources: { nodes: BY_CERTNAME, catalogs: BY_CERTNAME, environments: ['environment', 'name'] },
  nodes: {
    resources: BY_CERTNAME,
    catalogs: BY_CERTNAME,
    facts: BY_CERTNAME,
    reports: BY_CERTNAME,
    events: BY_CERTNAME,
  },
  facts: {
    nodes: BY_CERTNAME,
    resources: BY_CERTNAME,
    catalogs: BY_CERTNAME,
    environments: ['environment', 'name'],
  },
  catalogs: {
    resources: BY_CERTNAME,
    nodes: BY_CERTNAME,
    facts: BY_CERTNAME,
    environments: ['environment', 'name'],
  },
  environments: {
    resources: ['name', 'environment'],
    catalogs: ['name', 'environment'],
    facts: ['name', 'environment'],
    reports: ['name', 'environment'],
    events: ['name', 'environment'],
  },
  reports: { nodes: BY_CERTNAME, environments: ['environment', 'name'], events: ['hash', 'report'] },
  events: { nodes: BY_CERTNAME, environments: ['environment', 'name'], reports: ['report', 'hash'] },
};

export function relationship(from: Entity, to: Entity): readonly [string, string] | undefined {
  return RELATIONSHIPS[from]?.[to];
}
