/**
 * `fact_contents`: one row per leaf of a node's facts (table `fact_contents`, filled when facts
 * arrive), with the factset's environment. `fact_paths`: every leaf path with its type that any
 * node's facts hold (table `fact_paths`), for all nodes whatever their state, as PuppetDB keeps it.
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const FACT_CONTENTS: EntitySpec = {
  source:
    '(SELECT fc.certname, fc.path, fc.name, fc.depth, fc.value, fc.value_string, c.facts_environment AS environment ' +
    'FROM fact_contents fc JOIN certnames c ON c.certname = fc.certname)',
  alias: 'fcs',
  fields: {
    certname: column('string', 'certname'),
    environment: column('string', 'environment'),
    name: column('string', 'name'),
    path: column('path', 'path'),
    value: column('fact-value', 'value'),
  },
  // PuppetDB 7.12.1's key order and name in errors (checked against the real server).
  output: [
    output('certname', 'string'),
    output('environment', 'string'),
    output('path', 'json-text'),
    output('name', 'string'),
    output('value', 'json-text'),
  ],
  nodeState: true,
  projections: ['certname', 'environment', 'path', 'name', 'value'],
  label: 'fact_nodes',
};

export const FACT_PATHS: EntitySpec = {
  source: '(SELECT path, value_type AS type, name, depth FROM fact_paths)',
  alias: 'fp',
  fields: {
    depth: { type: 'number', column: 'depth', projectable: false },
    name: column('string', 'name'),
    path: column('path', 'path'),
    type: column('string', 'type'),
  },
  output: [output('type', 'string'), output('path', 'json-text'), output('name', 'string')],
  nodeState: false,
  projections: ['type', 'path', 'name', 'depth'],
};
