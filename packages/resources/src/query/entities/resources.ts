/**
 * `resources`: one row per resource of a node's latest catalog (table `resources`). Fields with
 * few distinct values are regex-matched value by value through their btree; titles through a
 * trigram index (see regex-narrowing.ts and migration 4) or, for a literal start, a range.
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const RESOURCES: EntitySpec = {
  source: 'resources',
  rowid: true,
  alias: 'r',
  fields: {
    certname: column('string', 'certname', { values: ['certnames', 'certname'], list: true }),
    environment: column('string', 'environment', { values: ['environments', 'name'], list: true }),
    exported: column('boolean', 'exported'),
    file: column('string', 'file', { values: ['resources', 'file'], text: true }),
    line: column('number', 'line'),
    parameters: column('json', 'parameters'),
    resource: column('string', 'resource'),
    tag: { type: 'query-only', column: undefined, projectable: false },
    tags: column('array', 'tags', { values: ['resource_tags', 'tag'] }),
    title: column('string', 'title', { text: true, bytewise: true }),
    type: column('string', 'type', { values: ['resources', 'type'] }),
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
