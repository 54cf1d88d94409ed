/**
 * `in` and what it can test membership of: a literal `["array", [...]]` or an explicit subquery
 * (`["extract", cols, ["select_<entity>", Q]]` or `["from", entity, ["extract", cols, Q]]`).
 * @module
 */
import type { Entity } from './entity.js';
import type { ColumnFieldNode } from './field.js';
import type { ArrayElement, ArrayValuesNode, InNode, QueryNode, SelectNode } from './query-node.js';

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
