/**
 * Stage 1 of 3: JSON -> typed AST. Checks shapes only (operators, arity, literal kinds); whether a
 * field exists on the entity and fits the value is the validator's job (validate.ts).
 * @module
 */

import { defaults } from '../options.js';
import type { TopLevelQuery } from './ast/ast-node.js';
import {
  Comparison,
  type ComparisonOperator,
  isComparisonOperator,
  type JsonValue,
} from './ast/comparison.js';
import {
  type AggregateFunction,
  Extract,
  type ExtractColumnNode,
  type ExtractNode,
  FieldColumn,
  FunctionColumn,
  isAggregateFunction,
} from './ast/extract.js';
import type { ColumnFieldNode } from './ast/field.js';
import { And, Not, Or } from './ast/logical.js';
import { In } from './ast/membership.js';
import { isNodeState, NodeStateFilter } from './ast/node-state.js';
import { NullCheck } from './ast/null-check.js';
import type { QueryNode } from './ast/query-node.js';
import { ImplicitSubquery } from './ast/subquery.js';
import { invalid, QueryError } from './errors.js';
import { isLegacyNodeActiveField, parseField } from './parse-field.js';
import {
  lowerOperator,
  parseArrayValues,
  parseColumnNames,
  parseEntity,
  parseExtractSelect,
  parseFromSelect,
} from './parse-subquery.js';

/** Bounds that keep a hostile query from costing unbounded parse or compile time. */
export interface ParseLimits {
  /** Deepest nesting of arrays (default 64). */
  readonly maxDepth: number;
  /** Most JSON arrays, strings and numbers in one query (default 10,000). */
  readonly maxNodes: number;
}

/** Parses the query text of a request. Empty text or JSON `null` means "no filter". */
export function parseQueryText(
  text: string | undefined,
  limits: ParseLimits = defaults.parseLimits,
): TopLevelQuery {
  if (text === undefined || text.trim() === '') return undefined;
  return parseQuery(parseJsonText(text), limits);
}

/** JSON.parse with PuppetDB's 400 for malformed text. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new QueryError('ERR_QUERY_JSON', `Json parse error: ${(error as Error).message}`);
  }
}

/** Parses an already decoded query (a POST body's `query`). */
export function parseQuery(json: unknown, limits: ParseLimits = defaults.parseLimits): TopLevelQuery {
  if (json === undefined || json === null) return undefined;
  checkSize(json, limits);
  if (!Array.isArray(json)) {
    throw invalid(
      `${JSON.stringify(json)} is not well-formed: a query must be a JSON array such as ["=", "type", "File"]`,
    );
  }
  if (json.length === 0) throw invalid('[] is not well-formed: queries must contain at least one operator');
  return lowerOperator(json[0]) === 'extract' ? parseTopExtract(json) : parseFilter(json);
}

function checkSize(json: unknown, limits: ParseLimits): void {
  let nodes = 0;
  const walk = (value: unknown, depth: number): void => {
    nodes += 1;
    if (nodes > limits.maxNodes) {
      throw new QueryError(
        'ERR_QUERY_TOO_LARGE',
        `Query is too large: more than ${limits.maxNodes} elements`,
      );
    }
    if (depth > limits.maxDepth)
      throw invalid(`Query is nested too deeply: more than ${limits.maxDepth} levels`);
    if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value !== null && typeof value === 'object')
      for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(json, 1);
}

function parseFilter(raw: unknown): QueryNode {
  if (!Array.isArray(raw)) throw invalid(`${JSON.stringify(raw)} is not well-formed: expected a query array`);
  if (raw.length === 0) throw invalid('[] is not well-formed: queries must contain at least one operator');
  const op = lowerOperator(raw[0]);
  if (typeof op === 'string' && isComparisonOperator(op)) return parseComparison(op, raw);
  switch (op) {
    case 'null?':
      return parseNullCheck(raw);
    case 'and':
    case 'or':
      return parseConnective(op, raw);
    case 'not':
      if (raw.length !== 2)
        throw invalid(`'not' takes exactly one argument, but ${raw.length - 1} were supplied`);
      return Not.create(parseFilter(raw[1]));
    case 'in':
      return parseIn(raw);
    case 'subquery':
      if (raw.length < 2 || raw.length > 3)
        throw invalid("'subquery' takes an entity name and an optional query");
      return ImplicitSubquery.create(parseEntity(raw[1], 'subquery'), optionalFilter(raw[2]));
    case 'extract':
      throw invalid("'extract' is only allowed at the top of a query or as the subquery of 'in'");
    case 'from':
      throw invalid(
        "'from' is only allowed inside 'in' here (a top-level 'from' needs the root endpoint /pdb/query/v4)",
      );
    default:
      throw invalid(`${JSON.stringify(raw[0])} is not a valid query operator`);
  }
}

function optionalFilter(raw: unknown): QueryNode | undefined {
  return raw === undefined || raw === null ? undefined : parseFilter(raw);
}

function parseComparison(op: ComparisonOperator, raw: readonly unknown[]): QueryNode {
  if (raw.length !== 3) throw invalid(`${op} requires exactly two arguments`);
  const value = raw[2] as JsonValue;
  if (isLegacyNodeActiveField(raw[1])) return parseLegacyNodeActive(op, value);
  const field = parseField(raw[1]);
  if (field.kind === 'ColumnField' && field.name === 'node_state') return parseNodeState(op, value);
  if (op === '=' && value === null) return NullCheck.create(field, true);
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(`Invalid ${op} clause`);
  return Comparison.create(op, field, value);
}

function parseNodeState(op: ComparisonOperator, value: JsonValue): QueryNode {
  const state = typeof value === 'string' ? value.toLowerCase() : '';
  if (op !== '=' || !isNodeState(state)) {
    throw invalid(
      `node_state takes only '=' with 'active', 'inactive' or 'any', not ${op} ${JSON.stringify(value)}`,
    );
  }
  return NodeStateFilter.create(state);
}

function parseLegacyNodeActive(op: ComparisonOperator, value: JsonValue): QueryNode {
  if (op !== '=' || typeof value !== 'boolean') {
    throw invalid(`["node", "active"] takes only '=' with true or false, not ${op} ${JSON.stringify(value)}`);
  }
  return NodeStateFilter.create(value ? 'active' : 'inactive');
}

function parseNullCheck(raw: readonly unknown[]): QueryNode {
  if (raw.length !== 3) throw invalid('null? requires exactly two arguments');
  if (typeof raw[2] !== 'boolean')
    throw invalid(`The argument of null? must be true or false, not ${JSON.stringify(raw[2])}`);
  return NullCheck.create(parseField(raw[1]), raw[2]);
}

function parseConnective(op: 'and' | 'or', raw: readonly unknown[]): QueryNode {
  if (raw.length < 2) throw invalid(`'${op}' takes at least one argument, but none were supplied`);
  const operands = raw.slice(1).map(parseFilter);
  return op === 'and' ? And.create(operands) : Or.create(operands);
}

function parseIn(raw: readonly unknown[]): QueryNode {
  if (raw.length !== 3) throw invalid('in requires exactly two arguments');
  const fields = parseInFields(raw[1]);
  const source = raw[2];
  if (!Array.isArray(source) || source.length === 0) {
    throw invalid('The second argument of \'in\' must be ["array", [...]], an extract or a from');
  }
  switch (lowerOperator(source[0])) {
    case 'array':
      if (fields.length !== 1) throw invalid("'in' with an array takes exactly one field");
      return In.create(fields, parseArrayValues(source));
    case 'extract':
      return In.create(fields, parseExtractSelect(source, parseFilter));
    case 'from':
      return In.create(fields, parseFromSelect(source, parseFilter));
    default:
      throw invalid('The second argument of \'in\' must be ["array", [...]], an extract or a from');
  }
}

function parseInFields(raw: unknown): ColumnFieldNode[] {
  return parseColumnNames(raw).map((name) => {
    const field = parseField(name);
    if (field.kind !== 'ColumnField') throw invalid(`'in' does not support the field '${name}'`);
    return field;
  });
}

/** `["extract", cols, Q?, ["group_by", ...]?]`; the query may be left out before a group_by. */
function parseTopExtract(raw: readonly unknown[]): ExtractNode {
  if (raw.length < 2 || raw.length > 4)
    throw invalid("'extract' takes columns, an optional query and an optional group_by");
  const rest = raw.slice(2);
  const last = rest.at(-1);
  const groupBy =
    Array.isArray(last) && lowerOperator(last[0]) === 'group_by' ? parseGroupBy(rest.pop() as unknown[]) : [];
  if (rest.length > 1) throw invalid("'extract' takes columns, an optional query and an optional group_by");
  return Extract.create(parseExtractColumns(raw[1]), optionalFilter(rest[0]), groupBy);
}

function parseGroupBy(raw: readonly unknown[]): string[] {
  const names = raw.slice(1);
  if (names.length === 0 || !names.every((n) => typeof n === 'string')) {
    throw invalid("'group_by' takes one or more field names");
  }
  return names as string[];
}

function parseExtractColumns(raw: unknown): ExtractColumnNode[] {
  const isSingleFunction = Array.isArray(raw) && lowerOperator(raw[0]) === 'function';
  const items: unknown[] = Array.isArray(raw) && !isSingleFunction ? raw : [raw];
  if (items.length === 0) throw invalid("'extract' needs at least one column");
  return items.map(parseExtractColumn);
}

function parseExtractColumn(raw: unknown): ExtractColumnNode {
  if (typeof raw === 'string') {
    const field = parseField(raw);
    if (field.kind === 'ParameterField' || field.kind === 'FactField')
      throw invalid(`Can't extract ${JSON.stringify(raw)}`);
    return FieldColumn.create(field);
  }
  if (Array.isArray(raw) && lowerOperator(raw[0]) === 'function') return parseFunctionColumn(raw);
  throw invalid(
    `${JSON.stringify(raw)} is not a valid extract column: use a field name or ["function", name, field]`,
  );
}

function parseFunctionColumn(raw: readonly unknown[]): ExtractColumnNode {
  const name = lowerOperator(raw[1]);
  if (typeof name !== 'string' || !isAggregateFunction(name)) {
    throw invalid(`${JSON.stringify(raw[1])} is not a supported function: use count, avg, sum, min or max`);
  }
  const args = raw.slice(2);
  if (args.length > 1 || (args.length === 1 && typeof args[0] !== 'string')) {
    throw invalid(`Function ${name} takes at most one field name`);
  }
  if (name !== 'count' && args.length === 0) throw invalid(`Function ${name} needs a field name`);
  return FunctionColumn.create(name as AggregateFunction, args[0] as string | undefined);
}
