/**
 * Boolean connectives `and`, `or` (n-ary, at least one operand) and `not` (exactly one).
 * @module
 */
import type { AndNode, NotNode, OrNode, QueryNode } from './query-node.js';

export const And = Object.freeze({
  create: (operands: readonly QueryNode[]): AndNode =>
    Object.freeze({ kind: 'And', operands: Object.freeze([...operands]) }),
});

export const Or = Object.freeze({
  create: (operands: readonly QueryNode[]): OrNode =>
    Object.freeze({ kind: 'Or', operands: Object.freeze([...operands]) }),
});

export const Not = Object.freeze({
  create: (operand: QueryNode): NotNode => Object.freeze({ kind: 'Not', operand }),
});
