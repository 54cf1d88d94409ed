/**
 * Top-level `["extract", columns, Q?, ["group_by", ...]?]`: a projection of the matching resources,
 * optionally aggregated with `["function", name, ...args]` and grouped.
 * @module
 */
import type { ColumnFieldNode, DottedParameterFieldNode } from './field.js';
import type { QueryNode } from './query-node.js';

const AGGREGATE_FUNCTIONS = { count: true, avg: true, sum: true, min: true, max: true } as const;

export type AggregateFunction = keyof typeof AGGREGATE_FUNCTIONS;

export function isAggregateFunction(name: string): name is AggregateFunction {
  return Object.hasOwn(AGGREGATE_FUNCTIONS, name);
}

/** A projected field; its output key is the field as written (`"parameters.ensure"` stays so). */
export interface FieldColumnNode {
  readonly kind: 'FieldColumn';
  readonly field: ColumnFieldNode | DottedParameterFieldNode;
}

/** `["function", name, field?]`; `count` may take no field. Output key: the function name. */
export interface FunctionColumnNode {
  readonly kind: 'FunctionColumn';
  readonly name: AggregateFunction;
  readonly argument: string | undefined;
}

export type ExtractColumnNode = FieldColumnNode | FunctionColumnNode;

export interface ExtractNode {
  readonly kind: 'Extract';
  readonly columns: readonly ExtractColumnNode[];
  readonly filter: QueryNode | undefined;
  readonly groupBy: readonly string[];
}

export const FieldColumn = Object.freeze({
  create: (field: ColumnFieldNode | DottedParameterFieldNode): FieldColumnNode =>
    Object.freeze({ kind: 'FieldColumn', field }),
});

export const FunctionColumn = Object.freeze({
  create: (name: AggregateFunction, argument: string | undefined): FunctionColumnNode =>
    Object.freeze({ kind: 'FunctionColumn', name, argument }),
});

export const Extract = Object.freeze({
  create: (
    columns: readonly ExtractColumnNode[],
    filter: QueryNode | undefined,
    groupBy: readonly string[],
  ): ExtractNode =>
    Object.freeze({
      kind: 'Extract',
      columns: Object.freeze([...columns]),
      filter,
      groupBy: Object.freeze([...groupBy]),
    }),
});
