/**
 * The union of every filter node, and of every node kind, so that a `switch` over `kind` that
 * misses one does not compile (see `assertNever`).
 * @module
 */
import type { ComparisonNode } from './comparison.js';
import type { ExtractColumnNode, ExtractNode } from './extract.js';
import type { FieldNode } from './field.js';
import type { AndNode, NotNode, OrNode } from './logical.js';
import type { ArrayValuesNode, InNode, SelectNode } from './membership.js';
import type { NodeStateNode } from './node-state.js';
import type { NullCheckNode } from './null-check.js';
import type { ImplicitSubqueryNode } from './subquery.js';

/** A predicate: anything that can stand where a filter is expected. */
export type QueryNode =
  | ComparisonNode
  | NullCheckNode
  | AndNode
  | OrNode
  | NotNode
  | InNode
  | ImplicitSubqueryNode
  | NodeStateNode;

/** Every node of the AST. */
export type AstNode = QueryNode | FieldNode | ArrayValuesNode | SelectNode | ExtractNode | ExtractColumnNode;

export type AstNodeKind = AstNode['kind'];

/** A parsed top-level query: a filter (absent = everything) or a projection. */
export type TopLevelQuery = QueryNode | ExtractNode | undefined;

/** Makes a `switch` exhaustive: reaching it is a compile error when a case is missing. */
export function assertNever(value: never): never {
  throw new Error(`unexpected AST node ${JSON.stringify(value)}`);
}
