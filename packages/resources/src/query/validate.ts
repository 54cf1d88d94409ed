/**
 * Stage 2 of 3: checks a parsed query on one entity against the field tables (fields.ts) with
 * PuppetDB's error texts, and returns the normalised query the compiler trusts: `tag` rewritten to
 * `tags` (lower-cased, or a case-insensitive regex), timestamps in canonical form, regexes
 * compiled once with RE2, the path criteria of the route ANDed in, and, on entities of nodes, the
 * default `node_state active` added unless the query names a node state anywhere (PuppetDB's
 * rule, subqueries included).
 * @module
 */

import type { TopLevelQuery } from './ast/ast-node.js';
import { Comparison, type ComparisonNode } from './ast/comparison.js';
import type { Entity } from './ast/entity.js';
import { Extract, type ExtractColumnNode, type ExtractNode } from './ast/extract.js';
import { ColumnField, type DottedParameterFieldNode, fieldLabel } from './ast/field.js';
import { And, Not, Or } from './ast/logical.js';
import { ArrayValues, In, Select } from './ast/membership.js';
import { NodeStateFilter } from './ast/node-state.js';
import { NullCheck, type NullCheckNode } from './ast/null-check.js';
import type { InNode, SelectNode } from './ast/query-node.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import { ImplicitSubquery } from './ast/subquery.js';
import { invalid, quoteList } from './errors.js';
import {
  ENTITY_SPECS,
  entityLabel,
  extractableFields,
  type FieldSpec,
  fieldNames,
  fieldSpec,
  relationship,
} from './fields.js';
import { CASE_INSENSITIVE_PREFIX, checkRegex } from './regex.js';
import {
  checkArrayElements,
  checkColumnComparison,
  checkDottedComparison,
  checkParameterComparison,
  fitsType,
} from './validate-value.js';

/** A query the compiler may trust. `filter` carries the node-state restriction where one applies. */
export interface ValidatedQuery {
  readonly entity: Entity;
  readonly filter: QueryNode;
  /** Present for a top-level extract; its own filter is already folded into `filter`. */
  readonly projection: ExtractNode | undefined;
}

const TRUE_FILTER = NodeStateFilter.create('any');

/**
 * Validates a parsed query on `entity` (default resources). `criteria` are the route's implicit
 * restrictions (type, title, certname), ANDed with the user's query so they can only narrow it.
 */
export function validateQuery(
  query: TopLevelQuery,
  criteria: readonly QueryNode[] = [],
  entity: Entity = 'resources',
): ValidatedQuery {
  const projection = query?.kind === 'Extract' ? validateProjection(entity, query) : undefined;
  const userFilter = query?.kind === 'Extract' ? query.filter : query;
  const parts = [...criteria, ...(userFilter ? [userFilter] : [])].map((node) => validateNode(node, entity));
  if (ENTITY_SPECS[entity].nodeState && !parts.some(mentionsNodeState)) {
    parts.push(NodeStateFilter.create('active'));
  }
  if (ENTITY_SPECS[entity].defaultAgentReports && !(userFilter && mentionsField(userFilter, 'type'))) {
    parts.push(Comparison.create('=', ColumnField.create('type'), 'agent'));
  }
  const filter = parts.length === 0 ? TRUE_FILTER : parts.length === 1 ? parts[0]! : And.create(parts);
  return Object.freeze({ entity, filter, projection });
}

function validateNode(node: QueryNode, entity: Entity): QueryNode {
  switch (node.kind) {
    case 'Comparison':
      return validateComparison(node, entity);
    case 'NullCheck':
      return validateNullCheck(node, entity);
    case 'And':
      return And.create(node.operands.map((operand) => validateNode(operand, entity)));
    case 'Or':
      return Or.create(node.operands.map((operand) => validateNode(operand, entity)));
    case 'Not':
      return Not.create(validateNode(node.operand, entity));
    case 'In':
      return validateIn(node, entity);
    case 'ImplicitSubquery': {
      if (!relationship(entity, node.entity))
        throw invalid(`No implicit relationship for entity '${node.entity}'`);
      return ImplicitSubquery.create(node.entity, node.filter && validateNode(node.filter, node.entity));
    }
    case 'NodeState':
      if (!ENTITY_SPECS[entity].nodeState)
        throw invalid(`node_state can only be queried on entities of nodes, not on ${entity}`);
      return node;
    default:
      return assertNever(node);
  }
}

function mentionsNodeState(node: QueryNode): boolean {
  switch (node.kind) {
    case 'NodeState':
      return true;
    case 'And':
    case 'Or':
      return node.operands.some(mentionsNodeState);
    case 'Not':
      return mentionsNodeState(node.operand);
    case 'In':
      return (
        node.source.kind === 'Select' &&
        node.source.filter !== undefined &&
        mentionsNodeState(node.source.filter)
      );
    case 'ImplicitSubquery':
      return node.filter !== undefined && mentionsNodeState(node.filter);
    case 'Comparison':
    case 'NullCheck':
      return false;
    default:
      return assertNever(node);
  }
}

/** The query names `field` outside its subqueries (PuppetDB's test for the default report type). */
function mentionsField(node: QueryNode, field: string): boolean {
  switch (node.kind) {
    case 'Comparison':
    case 'NullCheck':
      return node.field.kind === 'ColumnField' && node.field.name === field;
    case 'And':
    case 'Or':
      return node.operands.some((operand) => mentionsField(operand, field));
    case 'Not':
      return mentionsField(node.operand, field);
    case 'In':
      return node.source.kind === 'ArrayValues' && node.fields.some((f) => f.name === field);
    case 'ImplicitSubquery':
    case 'NodeState':
      return false;
    default:
      return assertNever(node);
  }
}

/** The field spec of a plain field, or PuppetDB's "not a queryable object" error. */
function requireField(entity: Entity, name: string): FieldSpec {
  const spec = fieldSpec(entity, name);
  if (spec) return spec;
  throw invalid(
    `'${name}' is not a queryable object for ${entityLabel(entity)}. Known queryable objects are ${quoteList(fieldNames(entity))}`,
  );
}

/** The entity a dotted field belongs to: `parameters.*` to resources, `facts.*` and `trusted.*` to inventory. */
function dottedOwner(field: DottedParameterFieldNode): Entity {
  return field.root === 'parameters' ? 'resources' : 'inventory';
}

/** `["parameter", N]` and dotted parameters belong to resources, `["fact", N]` to nodes. */
function requireEntity(entity: Entity, owner: Entity, label: string): void {
  if (entity !== owner) {
    throw invalid(
      `'${label}' is not a queryable object for ${entityLabel(entity)}. Known queryable objects are ${quoteList(fieldNames(entity))}`,
    );
  }
}

function validateComparison(node: ComparisonNode, entity: Entity): QueryNode {
  const { field, operator } = node;
  const label = fieldLabel(field);
  if (field.kind === 'ParameterField') {
    requireEntity(entity, 'resources', label);
    checkParameterComparison(operator, label, node.value);
  } else if (field.kind === 'DottedParameterField') {
    requireEntity(entity, dottedOwner(field), label);
    checkDottedComparison(operator, label, node.value);
  } else if (field.kind === 'FactField') {
    requireEntity(entity, 'nodes', label);
    checkColumnComparison(operator, 'fact-value', label, node.value);
  } else {
    const spec = requireField(entity, field.name);
    const value = checkColumnComparison(operator, spec.type, label, node.value);
    if (spec.type === 'query-only') return rewriteTag(operator, value as string);
    if (operator === '~') checkRegex(value as string);
    if (operator === '~>') for (const pattern of value as string[]) checkRegex(pattern);
    return Comparison.create(operator, field, value);
  }
  if (operator === '~') checkRegex(node.value as string);
  return node;
}

/** `tag` is `tags` compared case-insensitively (stored tags are lower-case). */
function rewriteTag(operator: ComparisonNode['operator'], value: string): ComparisonNode {
  const tags = ColumnField.create('tags');
  if (operator !== '~') return Comparison.create(operator, tags, value.toLowerCase());
  // PostgreSQL takes embedded options only at the very start: never add a second (?i).
  const pattern = value.startsWith(CASE_INSENSITIVE_PREFIX) ? value : CASE_INSENSITIVE_PREFIX + value;
  checkRegex(pattern);
  return Comparison.create('~', tags, pattern);
}

function validateNullCheck(node: NullCheckNode, entity: Entity): QueryNode {
  const { field } = node;
  if (field.kind === 'ColumnField') {
    const spec = requireField(entity, field.name);
    return spec.type === 'query-only' ? NullCheck.create(ColumnField.create('tags'), node.isNull) : node;
  }
  if (field.kind === 'FactField') throw invalid(`null? is not supported on ${fieldLabel(field)}`);
  requireEntity(
    entity,
    field.kind === 'DottedParameterField' ? dottedOwner(field) : 'resources',
    fieldLabel(field),
  );
  return node;
}

function validateIn(node: InNode, entity: Entity): QueryNode {
  const specs = node.fields.map((field) => requireField(entity, field.name));
  const { source } = node;
  if (source.kind === 'ArrayValues') {
    const field = node.fields[0]!;
    const spec = specs[0]!;
    const values = checkArrayElements(spec.type, field.name, source.values);
    if (spec.type !== 'query-only') return In.create(node.fields, ArrayValues.create(values));
    return In.create(
      [ColumnField.create('tags')],
      ArrayValues.create(values.map((v) => String(v).toLowerCase())),
    );
  }
  const select = validateSelect(source);
  if (select.columns.length !== node.fields.length) {
    throw invalid(
      `'in' compares ${node.fields.length} field(s) with a subquery that extracts ${select.columns.length}`,
    );
  }
  select.columns.forEach((column, index) => {
    checkJoinable(specs[index]!, node.fields[index]!.name, select.entity, column);
  });
  return In.create(node.fields, select);
}

function checkJoinable(spec: FieldSpec, name: string, entity: Entity, column: string): void {
  const other = fieldSpec(entity, column)!;
  if (spec.type === 'query-only' || spec.type === 'json' || spec.type !== other.type) {
    throw invalid(`Field '${name}' cannot be compared with the ${other.type} field '${column}' of ${entity}`);
  }
}

function validateSelect(select: SelectNode): SelectNode {
  checkExtractable(select.entity, select.columns);
  return Select.create(
    select.entity,
    select.columns,
    select.filter && validateNode(select.filter, select.entity),
  );
}

/** PuppetDB's text for unknown extract fields, singular or plural. */
function checkExtractable(entity: Entity, names: readonly string[]): void {
  const fields = ENTITY_SPECS[entity].fields;
  const unknown = names.filter((name) => !(Object.hasOwn(fields, name) && fields[name]!.projectable));
  if (unknown.length === 0) return;
  const noun = unknown.length === 1 ? 'field' : 'fields';
  throw invalid(
    `Can't extract unknown '${entityLabel(entity)}' ${noun} ${quoteList(unknown)}. Acceptable fields are ${quoteList(extractableFields(entity))}`,
  );
}

function validateProjection(entity: Entity, extract: ExtractNode): ExtractNode {
  const plainNames = extract.columns.flatMap((column) =>
    column.kind === 'FieldColumn' && column.field.kind === 'ColumnField' ? [column.field.name] : [],
  );
  for (const column of extract.columns) {
    if (column.kind === 'FieldColumn' && column.field.kind === 'DottedParameterField') {
      requireEntity(entity, dottedOwner(column.field), column.field.text);
    }
  }
  checkExtractable(entity, [...plainNames, ...extract.groupBy]);
  for (const column of extract.columns) checkFunctionColumn(entity, column);
  const aggregating = extract.columns.some((column) => column.kind === 'FunctionColumn');
  for (const column of extract.columns) {
    if (column.kind !== 'FieldColumn' || !aggregating) continue;
    const label = fieldLabel(column.field);
    if (!extract.groupBy.includes(label))
      throw invalid(`Field '${label}' must appear in group_by when functions are extracted`);
  }
  return Extract.create(extract.columns, undefined, extract.groupBy);
}

function checkFunctionColumn(entity: Entity, column: ExtractColumnNode): void {
  if (column.kind !== 'FunctionColumn' || column.argument === undefined) return;
  checkExtractable(entity, [column.argument]);
  const spec = fieldSpec(entity, column.argument)!;
  if (column.name !== 'count' && !fitsType(0, spec.type)) {
    throw invalid(`field "${column.argument}" must be a numeric type`);
  }
}
