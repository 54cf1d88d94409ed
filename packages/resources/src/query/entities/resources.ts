/**
 * `resources`: one row per resource of a node's latest catalog (table `resources`).
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const RESOURCES: EntitySpec = {
  source: 'resources',
  alias: 'r',
  fields: {
    certname: column('string', 'certname'),
    environment: column('string', 'environment'),
    exported: column('boolean', 'exported'),
    file: column('string', 'file'),
    line: column('number', 'line'),
    parameters: column('json', 'parameters'),
    resource: column('string', 'resource'),
    tag: { type: 'query-only', column: undefined, projectable: false },
    tags: column('array', 'tags'),
    title: column('string', 'title'),
    type: column('string', 'type'),
  },
  output: [
    output('certname', 'string'),
    output('resource', 'string'),
    output('type', 'string'),
    output('title', 'string'),
    output('exported', 'boolean'),
    output('tags', 'array'),
    output('file', 'string'),
    output('line', 'number'),
    output('environment', 'string'),
    output('parameters', 'json'),
  ],
  nodeState: true,
};
