/**
 * `in` and what it can test membership of: a literal `["array", [...]]` or an explicit subquery
 * (`["extract", cols, ["select_<entity>", Q]]` or `["from", entity, ["extract", cols, Q]]`).
 * @module
 */
import type { Entity } from './entity.js';
import type { ColumnFieldNode } from './field.js';
import type { QueryNode } from './query-node.js';

/** What an `["array", [...]]` may hold: scalars, or fact paths (`["os", "family"]`) for a path field. */
export type ArrayElement = string | number | boolean | readonly (string | number)[];

export interface ArrayValuesNode {
  readonly kind: 'ArrayValues';
  readonly values: readonly ArrayElement[];
}

/** An explicit subquery: the `columns` of `entity` rows matching `filter` (all rows when absent). */
export interface SelectNode {
  readonly kind: 'Select';
  readonly entity: Entity;
  readonly columns: readonly string[];
  readonly filter: QueryNode | undefined;
}

export interface InNode {
  readonly kind: 'In';
  readonly fields: readonly ColumnFieldNode[];
  readonly source: ArrayValuesNode | SelectNode;
}

export const ArrayValues = Object.freeze({
  create: (values: readonly ArrayElement[]): ArrayValuesNode =>
    Object.freeze({ kind: 'ArrayValues', values: Object.freeze([...values]) }),
});

export const Select = Object.freeze({
  create: (entity: Entity, columns: readonly string[], filter: QueryNode | undefined): SelectNode =>
    Object.freeze({ kind: 'Select', entity, columns: Object.freeze([...columns]), filter }),
});

export const In = Object.freeze({
  create: (fields: readonly ColumnFieldNode[], source: ArrayValuesNode | SelectNode): InNode =>
    Object.freeze({ kind: 'In', fields: Object.freeze([...fields]), source }),
});
