/**
 * `edges`: the relationships of each node's latest catalog (table `edges`).
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
