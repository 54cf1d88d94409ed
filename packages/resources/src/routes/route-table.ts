/**
 * Every entity route under `/{prefix}/query/v4`, as data: which entity it queries, which path
 * segments become `=` criteria (ANDed with the user's query, so a query can only narrow them),
 * which parent must exist (else 404), and which answer one object instead of an array.
 *   /resources[/<type>[/<title>]]            /nodes, /nodes/<node>
 *   /{nodes|catalogs|environments}/<name>/resources[/<type>[/<title>]]
 *   /nodes/<node>/facts[/<name>[/<value>]]   /facts[/<name>[/<value>]]   /fact-names
 *   /catalogs, /catalogs/<node>[/edges]      /environments, /environments/<name>[/facts[...]]
 *   /factsets, /factsets/<node>[/facts]      /inventory  /fact-contents  /fact-paths  /edges
 *   /producers, /producers/<name>[/catalogs|/factsets|/reports]
 *   /reports, /reports/<hash>/events         /events
 * @module
 */
import type { Entity } from '../query/ast/entity.js';
import { NodeStateFilter } from '../query/ast/node-state.js';
import type { QueryNode } from '../query/ast/query-node.js';
import { equalsCriterion } from '../query/run-query.js';

/** Path parameters as Fastify hands them over (`*` is the rest of the path). */
export interface RouteParams {
  readonly parent?: string;
  readonly type?: string;
  readonly name?: string;
  readonly '*'?: string;
}

/**
 * Entities a nested route hangs under: the row that must exist, the 404 text's noun, the field
 * naming the parent on the parent itself (`key`) and on the entities under it (`field`).
 */
export const PARENTS = {
  nodes: { table: 'certnames', column: 'certname', key: 'certname', field: 'certname', noun: 'node' },
  catalogs: { table: 'catalogs', column: 'certname', key: 'certname', field: 'certname', noun: 'catalog' },
  environments: {
    table: 'environments',
    column: 'name',
    key: 'name',
    field: 'environment',
    noun: 'environment',
  },
  factsets: {
    table: '(SELECT certname FROM certnames WHERE facts_timestamp IS NOT NULL) fs',
    column: 'certname',
    key: 'certname',
    field: 'certname',
    noun: 'factset',
  },
  producers: {
    table: 'producers',
    column: 'name',
    key: 'name',
    field: 'producer',
    noun: 'producer',
  },
  reports: { table: 'reports', column: 'hash', key: 'hash', field: 'report', noun: 'report' },
} as const;

export type ParentEntity = keyof typeof PARENTS;

export interface QueryRoute {
  /** Path under `/{prefix}/query/v4`. */
  readonly path: string;
  readonly entity: Entity;
  /** `:parent` names a row of this entity; unknown means 404 `No information is known about ...`. */
  readonly parent?: ParentEntity;
  /** The answer is the one object matching `:parent`, or that 404 (of any node state, as PuppetDB). */
  readonly single?: boolean;
  /** Criteria from the path besides the parent's. */
  criteria(params: RouteParams): QueryNode[];
  /** Request parameters of this route besides the common ones (query-params.ts). */
  readonly parameters?: readonly string[];
}

/** Puppet capitalises the first letter of every `::` segment of a type; so do we on the path. */
export function capitaliseType(type: string): string {
  return type
    .split('::')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
    .join('::');
}

/** `<type>` and `<title>` segments of the resource routes (a title may hold raw slashes). */
function resourceCriteria(params: RouteParams): QueryNode[] {
  const criteria: QueryNode[] = [];
  if (params.type !== undefined) criteria.push(equalsCriterion('type', capitaliseType(params.type)));
  if (params['*'] !== undefined) criteria.push(equalsCriterion('title', params['*']));
  return criteria;
}

/** `<name>` and `<value>` of the fact routes; the value compares as a string, as in PuppetDB. */
function factCriteria(params: RouteParams): QueryNode[] {
  const criteria: QueryNode[] = [];
  if (params.name !== undefined) criteria.push(equalsCriterion('name', params.name));
  if (params['*'] !== undefined) criteria.push(equalsCriterion('value', params['*']));
  return criteria;
}

const none = (): QueryNode[] => [];
const anyNodeState = (): QueryNode[] => [NodeStateFilter.create('any')];

const RESOURCE_TAILS = ['/resources', '/resources/:type', '/resources/:type/*'];
/** Parents whose resources have a route of their own (`/<parent>/<name>/resources[...]`). */
const RESOURCE_PARENTS: readonly ParentEntity[] = ['nodes', 'catalogs', 'environments'];

/** The `/events` parameters PuppetDB takes besides the common ones. */
export const EVENTS_PARAMETERS = ['distinct_resources', 'distinct_start_time', 'distinct_end_time'];
const FACT_TAILS = ['/facts', '/facts/:name', '/facts/:name/*'];

export const QUERY_ROUTES: readonly QueryRoute[] = Object.freeze([
  ...RESOURCE_TAILS.flatMap((tail): QueryRoute[] => [
    { path: tail, entity: 'resources', criteria: resourceCriteria },
    ...RESOURCE_PARENTS.map(
      (parent): QueryRoute => ({
        path: `/${parent}/:parent${tail}`,
        entity: 'resources',
        parent,
        criteria: resourceCriteria,
      }),
    ),
  ]),
  ...FACT_TAILS.flatMap((tail): QueryRoute[] => [
    { path: tail, entity: 'facts', criteria: factCriteria },
    { path: `/nodes/:parent${tail}`, entity: 'facts', parent: 'nodes', criteria: factCriteria },
    { path: `/environments/:parent${tail}`, entity: 'facts', parent: 'environments', criteria: factCriteria },
  ]),
  { path: '/factsets', entity: 'factsets', criteria: none },
  { path: '/factsets/:parent', entity: 'factsets', parent: 'factsets', single: true, criteria: anyNodeState },
  // PuppetDB 7.12.1 answers the factset itself here (an array of one), not its facts (checked).
  { path: '/factsets/:parent/facts', entity: 'factsets', parent: 'factsets', criteria: anyNodeState },
  { path: '/inventory', entity: 'inventory', criteria: none },
  { path: '/fact-contents', entity: 'fact_contents', criteria: none },
  { path: '/fact-paths', entity: 'fact_paths', criteria: none },
  { path: '/edges', entity: 'edges', criteria: none },
  { path: '/catalogs/:parent/edges', entity: 'edges', parent: 'catalogs', criteria: none },
  { path: '/producers', entity: 'producers', criteria: none },
  { path: '/producers/:parent', entity: 'producers', parent: 'producers', single: true, criteria: none },
  { path: '/producers/:parent/catalogs', entity: 'catalogs', parent: 'producers', criteria: none },
  { path: '/producers/:parent/factsets', entity: 'factsets', parent: 'producers', criteria: none },
  { path: '/producers/:parent/reports', entity: 'reports', parent: 'producers', criteria: none },
  { path: '/fact-names', entity: 'fact_names', criteria: none },
  { path: '/nodes', entity: 'nodes', criteria: none },
  { path: '/nodes/:parent', entity: 'nodes', parent: 'nodes', single: true, criteria: anyNodeState },
  { path: '/catalogs', entity: 'catalogs', criteria: none },
  { path: '/catalogs/:parent', entity: 'catalogs', parent: 'catalogs', single: true, criteria: anyNodeState },
  { path: '/environments', entity: 'environments', criteria: none },
  {
    path: '/environments/:parent',
    entity: 'environments',
    parent: 'environments',
    single: true,
    criteria: none,
  },
  { path: '/reports', entity: 'reports', criteria: none },
  {
    path: '/reports/:parent/events',
    entity: 'events',
    parent: 'reports',
    criteria: none,
    parameters: EVENTS_PARAMETERS,
  },
  { path: '/events', entity: 'events', criteria: none, parameters: EVENTS_PARAMETERS },
]);
