/**
 * The union of every filter node, so that a `switch` over `kind` that misses one does not compile
 * (see `assertNever`), with the nodes that hold filters themselves: the connectives (`logical.ts`),
 * `in` and its sources (`membership.ts`) and the implicit subquery (`subquery.ts`). Those files
 * keep the constructors; the recursive types live here so no file of the AST imports its own user.
 * @module
 */
import type { ComparisonNode } from './comparison.js';
import type { Entity } from './entity.js';
import type { ColumnFieldNode } from './field.js';
import type { NodeStateNode } from './node-state.js';
import type { NullCheckNode } from './null-check.js';

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

export interface AndNode {
  readonly kind: 'And';
  readonly operands: readonly QueryNode[];
}

export interface OrNode {
  readonly kind: 'Or';
  readonly operands: readonly QueryNode[];
}

export interface NotNode {
  readonly kind: 'Not';
  readonly operand: QueryNode;
}

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

/** `["subquery", entity, Q]`: joined on the relationship PuppetDB defines with the entity. */
export interface ImplicitSubqueryNode {
  readonly kind: 'ImplicitSubquery';
  readonly entity: Entity;
  readonly filter: QueryNode | undefined;
}

/** Makes a `switch` exhaustive: reaching it is a compile error when a case is missing. */
export function assertNever(value: never): never {
  throw new Error(`unexpected AST node ${JSON.stringify(value)}`);
}
