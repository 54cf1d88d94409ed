/**
 * `facts`: one row per fact of a node's latest factset (table `facts`), with the factset's
 * environment from the node row. `value` is any JSON: `=` compares it typed, `~` matches strings
 * (other values by their JSON text), inequalities compare numbers.
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const FACTS: EntitySpec = {
  source:
    '(SELECT fv.certname, fv.name, fv.value, fv.value_string, fc.facts_environment AS environment ' +
    'FROM facts fv JOIN certnames fc ON fc.certname = fv.certname)',
  alias: 'f',
  fields: {
    certname: column('string', 'certname', { values: ['certnames', 'certname'], list: true }),
    environment: column('string', 'environment', { values: ['environments', 'name'], list: true }),
    name: column('string', 'name', { values: ['facts', 'name'] }),
    value: column('fact-value', 'value'),
  },
  output: [
    output('certname', 'string'),
    output('environment', 'string'),
    output('name', 'string'),
    output('value', 'json-text'),
  ],
  nodeState: true,
};

/** `fact_names` (route `/fact-names`): every fact name known, sorted, as bare strings. */
export const FACT_NAMES: EntitySpec = {
  source: '(SELECT DISTINCT name FROM facts)',
  alias: 'fn',
  fields: { name: column('string', 'name') },
  output: [output('name', 'string')],
  // PuppetDB lists names known only from deactivated nodes too.
  nodeState: false,
  scalar: 'name',
};
