/**
 * `producers`: every server that sent a catalog, facts or a report, kept after that data is gone as
 * PuppetDB keeps it (table `producers`, written by triggers: store/producer-schema.ts).
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const PRODUCERS: EntitySpec = {
  source: 'producers',
  alias: 'pr',
  fields: { name: column('string', 'name') },
  output: [output('name', 'string')],
  nodeState: false,
};
