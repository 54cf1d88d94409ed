/**
 * `edges`: the relationships of each node's latest catalog (table `edges`). `producers`: the
 * servers that sent a catalog, facts or a report still stored (PuppetDB keeps a table of every
 * producer seen).
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const EDGES: EntitySpec = {
  source: 'edges',
  alias: 'ed',
  fields: {
    certname: column('string', 'certname'),
    relationship: column('string', 'relationship'),
    source_title: column('string', 'source_title'),
    source_type: column('string', 'source_type'),
    target_title: column('string', 'target_title'),
    target_type: column('string', 'target_type'),
  },
  output: [
    output('certname', 'string'),
    output('relationship', 'string'),
    output('source_title', 'string'),
    output('source_type', 'string'),
    output('target_title', 'string'),
    output('target_type', 'string'),
  ],
  nodeState: true,
};

/** Where producers are named; `/producers/<name>` checks the same rows. */
export const PRODUCER_NAMES =
  '(SELECT producer AS name FROM catalogs WHERE producer IS NOT NULL ' +
  'UNION SELECT facts_producer AS name FROM certnames WHERE facts_producer IS NOT NULL ' +
  'UNION SELECT producer AS name FROM reports WHERE producer IS NOT NULL)';

export const PRODUCERS: EntitySpec = {
  source: PRODUCER_NAMES,
  alias: 'pr',
  fields: { name: column('string', 'name') },
  output: [output('name', 'string')],
  nodeState: false,
};
