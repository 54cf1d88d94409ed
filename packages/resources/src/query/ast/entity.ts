/**
 * The entities a query can reach: the ones with routes of their own (resources, nodes, facts,
 * catalogs, environments, fact_names, factsets, inventory, fact_contents, fact_paths, edges,
 * producers, reports, events) and what `from`, `select_<entity>` and `subquery` name.
 * @module
 */

const ENTITIES = {
  resources: true,
  nodes: true,
  facts: true,
  catalogs: true,
  environments: true,
  fact_names: true,
  factsets: true,
  inventory: true,
  fact_contents: true,
  fact_paths: true,
  edges: true,
  producers: true,
  reports: true,
  events: true,
} as const;

export type Entity = keyof typeof ENTITIES;

/** Every entity this service answers, in the order above. */
export const ENTITY_NAMES: readonly Entity[] = Object.freeze(Object.keys(ENTITIES) as Entity[]);

export function isEntity(name: string): name is Entity {
  return Object.hasOwn(ENTITIES, name);
}

/**
 * Every `select_<entity>` PuppetDB knows (documented plus source-only ones). Names here but not in
 * {@link Entity} are real PuppetDB entities this service does not store: they get a precise 400.
 */
export const PUPPETDB_ENTITIES: readonly string[] = Object.freeze([
  'catalogs',
  'edges',
  'environments',
  'events',
  'facts',
  'fact_contents',
  'fact_names',
  'fact_paths',
  'nodes',
  'producers',
  'reports',
  'resources',
  'factsets',
  'inventory',
  'packages',
  'package_inventory',
  'catalog_inputs',
]);
