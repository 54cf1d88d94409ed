/**
 * The lists an answer nests as `{"data": [...], "href": ".../<parent>/<name><tail>"}`: a catalog's
 * resources and edges, a factset's facts and a report's events. Each is the rows of another table
 * joined to the answer's row, rendered by the same code as every answer object
 * (compile-select.ts), in PuppetDB's key order.
 * @module
 */

import type { OutputType } from './entities/entity-spec.js';

/** One key of a nested row `x`: its name, its SQL and how it renders. */
export type NestedItem = readonly [key: string, sql: string, type: OutputType];

export interface NestedList {
  /** The rows' table, aliased `x`, and its column joining them to the answer's row. */
  readonly table: string;
  readonly key: string;
  /** The answer's column naming it in the href, the href's path before it and its tail. */
  readonly parent: string;
  readonly path: string;
  readonly tail: string;
  readonly order: string;
  readonly items: readonly NestedItem[];
}

export type NestedType = 'catalog-resources' | 'catalog-edges' | 'factset-facts' | 'report-events';

export const NESTED: Readonly<Record<NestedType, NestedList>> = {
  'catalog-resources': {
    table: 'resources',
    key: 'certname',
    parent: 'certname',
    path: '/catalogs/',
    tail: '/resources',
    order: 'x.type, x.title',
    items: [
      ['resource', 'x.resource', 'string'],
      ['type', 'x.type', 'string'],
      ['title', 'x.title', 'string'],
      ['tags', 'x.tags', 'array'],
      ['exported', 'x.exported', 'boolean'],
      ['file', 'x.file', 'string'],
      ['line', 'x.line', 'number'],
      ['parameters', 'x.parameters', 'json'],
    ],
  },
  'catalog-edges': {
    table: 'edges',
    key: 'certname',
    parent: 'certname',
    path: '/catalogs/',
    tail: '/edges',
    order: 'x.source_type, x.source_title, x.target_type, x.target_title, x.relationship',
    items: [
      ['source_type', 'x.source_type', 'string'],
      ['source_title', 'x.source_title', 'string'],
      ['target_type', 'x.target_type', 'string'],
      ['target_title', 'x.target_title', 'string'],
      ['relationship', 'x.relationship', 'string'],
    ],
  },
  // A fact's value is canonical JSON text already: spliced, never parsed.
  'factset-facts': {
    table: 'facts',
    key: 'certname',
    parent: 'certname',
    path: '/factsets/',
    tail: '/facts',
    order: 'x.name',
    items: [
      ['name', 'x.name', 'string'],
      ['value', 'x.value', 'json-text'],
    ],
  },
  // PuppetDB's keys of a report's resource_events.
  'report-events': {
    table: 'resource_events',
    key: 'report_id',
    parent: 'hash',
    path: '/reports/',
    tail: '/events',
    order: 'x.event_index',
    items: [
      ['status', 'x.status', 'string'],
      ['timestamp', 'x.timestamp', 'timestamp'],
      ['resource_type', 'x.resource_type', 'string'],
      ['resource_title', 'x.resource_title', 'string'],
      ['property', 'x.property', 'string'],
      ['corrective_change', 'x.corrective_change', 'boolean'],
      ['new_value', 'x.new_value', 'json-text'],
      ['old_value', 'x.old_value', 'json-text'],
      ['message', 'x.message', 'string'],
      ['file', 'x.file', 'string'],
      ['line', 'x.line', 'number'],
      ['containment_path', 'x.containment_path', 'json-text'],
      ['containing_class', 'x.containing_class', 'string'],
      ['name', 'x.name', 'string'],
    ],
  },
};

export const isNested = (type: OutputType): type is NestedType => Object.hasOwn(NESTED, type);
