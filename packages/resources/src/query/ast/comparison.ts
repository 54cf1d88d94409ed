/**
 * Binary comparisons `=`, `<`, `>`, `<=`, `>=`, `~` and `~>` of a field with a literal value.
 * @module
 */
import type { FieldNode } from './field.js';

/** A JSON literal as it came in the query (numbers, strings, booleans, arrays, objects). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [k: string]: JsonValue };

const COMPARISON_OPERATORS = {
  '=': true,
  '<': true,
  '>': true,
  '<=': true,
  '>=': true,
  '~': true,
  '~>': true,
} as const;

export type ComparisonOperator = keyof typeof COMPARISON_OPERATORS;

/** The inequality operators, in the order PuppetDB lists them in its error text. */
export const INEQUALITY_OPERATORS: readonly ComparisonOperator[] = Object.freeze(['>', '>=', '<', '<=']);

export function isComparisonOperator(op: string): op is ComparisonOperator {
  return Object.hasOwn(COMPARISON_OPERATORS, op);
}

export interface ComparisonNode {
  readonly kind: 'Comparison';
  readonly operator: ComparisonOperator;
  readonly field: FieldNode;
  readonly value: JsonValue;
}

export const Comparison = Object.freeze({
  create: (operator: ComparisonOperator, field: FieldNode, value: JsonValue): ComparisonNode =>
    Object.freeze({ kind: 'Comparison', operator, field, value }),
});
