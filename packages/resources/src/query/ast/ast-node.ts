/**
 * Every node kind of the AST, filters and projections, and what the parser hands on: a filter
 * (absent = everything) or a projection.
 * @module
 */
import type { ExtractColumnNode, ExtractNode } from './extract.js';
import type { FieldNode } from './field.js';
import type { ArrayValuesNode, QueryNode, SelectNode } from './query-node.js';

/** Every node of the AST. */
export type AstNode = QueryNode | FieldNode | ArrayValuesNode | SelectNode | ExtractNode | ExtractColumnNode;

export type AstNodeKind = AstNode['kind'];

/** A parsed top-level query: a filter (absent = everything) or a projection. */
export type TopLevelQuery = QueryNode | ExtractNode | undefined;
