/**
 * @module metrics/population
 * PuppetDB's population figures (its `puppetlabs.puppetdb.population` mbeans), counted over active
 * nodes (neither deactivated nor expired) as PuppetDB counts them: nodes, their resources, the
 * average per node, and the share of resources that are duplicates of another node's (the same
 * resource hash: same type, title and parameters), as a fraction between 0 and 1.
 */
import { forDialect } from '../store/placeholders.js';
import type { ResourceStore } from '../store/types.js';

export interface Population {
  readonly numNodes: number;
  readonly numResources: number;
  readonly avgResourcesPerNode: number;
  readonly pctResourceDupes: number;
}

const ACTIVE = 'deactivated IS NULL AND expired IS NULL';

export async function population(store: ResourceStore): Promise<Population> {
  const nodes = await store.all(
    forDialect(store.dialect, `SELECT count(*) AS n FROM certnames WHERE ${ACTIVE}`),
  );
  const resources = await store.all(
    forDialect(
      store.dialect,
      `SELECT count(*) AS total, count(DISTINCT r.resource) AS different FROM resources r
       WHERE r.certname IN (SELECT certname FROM certnames WHERE ${ACTIVE})`,
    ),
  );
  const numNodes = Number(nodes[0]?.n ?? 0);
  const numResources = Number(resources[0]?.total ?? 0);
  const different = Number(resources[0]?.different ?? 0);
  return {
    numNodes,
    numResources,
    avgResourcesPerNode: numNodes === 0 ? 0 : numResources / numNodes,
    pctResourceDupes: numResources === 0 ? 0 : 1 - different / numResources,
  };
}
