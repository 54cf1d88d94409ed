/**
 * Stage 3 of 3: a validated query -> parameterised SQL over the schema of store/schema.ts.
 *
 * One compiler for both databases; the dialect subclasses (compile-sqlite.ts, compile-postgres.ts)
 * override only regex matching and JSON access. Every value of the query goes into `parameters`,
 * bound in text order behind a `?` (the package's one placeholder style, store/placeholders.ts);
 * the SQL text holds only identifiers from the field tables, keywords and placeholders, never user
 * text (extract output keys use positional aliases for that reason).
 * @module
 */

import { canonicalJson } from '../store/canonical-json.js';
import type { Dialect, SqlParam } from '../store/types.js';
import type { ComparisonNode, JsonValue } from './ast/comparison.js';
import type { Entity } from './ast/entity.js';
import type { ExtractNode } from './ast/extract.js';
import { type DottedParameterFieldNode, fieldLabel } from './ast/field.js';
import type { InNode, SelectNode } from './ast/membership.js';
import type { NodeStateNode } from './ast/node-state.js';
import type { NullCheckNode } from './ast/null-check.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import type { ImplicitSubqueryNode } from './ast/subquery.js';
import { ENTITY_SPECS, type FieldType, fieldSpec, relationship } from './fields.js';
import type { Paging } from './paging.js';
import type { ValidatedQuery } from './validate.js';

export interface CompiledQuery {
  readonly sql: string;
  readonly parameters: readonly SqlParam[];
}

/** How the response writer renders one output column. */
export type OutputType = FieldType | 'json-text' | 'count';

export interface OutputColumn {
  /** Key in the JSON output. */
  readonly key: string;
  /** Column name in the SQL result (positional for projections). */
  readonly alias: string;
  readonly type: OutputType;
}

export interface CompiledResourceQuery {
  readonly rows: CompiledQuery;
  readonly columns: readonly OutputColumn[];
  /** `SELECT count(*) AS total` over the unpaged query, when include_total was asked. */
  readonly count: CompiledQuery | undefined;
}

export interface CompileOptions {
  readonly paging: Paging;
  /** ISO time: `inactive` nodes are those deactivated or expired after it (now - purge TTL). */
  readonly inactiveSince: string;
}

const RESOURCE_COLUMNS: readonly OutputColumn[] = Object.freeze(
  (
    [
      ['certname', 'string'],
      ['resource', 'string'],
      ['type', 'string'],
      ['title', 'string'],
      ['exported', 'boolean'],
      ['tags', 'array'],
      ['file', 'string'],
      ['line', 'number'],
      ['environment', 'string'],
      ['parameters', 'json'],
    ] as const
  ).map(([key, type]) => Object.freeze({ key, alias: key, type })),
);

const TRUE_SQL = '(1 = 1)';
const FALSE_SQL = '(1 = 0)';

interface Scope {
  readonly entity: Entity;
  readonly alias: string;
}

export abstract class QueryCompiler {
  abstract readonly dialect: Dialect;
  readonly #parameters: SqlParam[] = [];
  #depth = 0;
  readonly #inactiveSince: string;

  constructor(inactiveSince: string) {
    this.#inactiveSince = inactiveSince;
  }

  /** `subject` matches the regular expression `pattern` (a value: the dialect binds it). */
  protected abstract regexMatch(subject: string, pattern: string): string;
  /** The JSON value at `path` inside the JSON column `json` (SQL NULL when missing). */
  protected abstract jsonGet(json: string, path: readonly string[]): string;
  /** The value at `path` as text (strings unquoted, other values as JSON text). */
  protected abstract jsonGetText(json: string, path: readonly string[]): string;
  /** The JSON type name at `path`; both dialects name JSON null `'null'`. */
  protected abstract jsonTypeOf(json: string, path: readonly string[]): string;
  /** The number at `path`, or NULL when the value is missing or not a number. */
  protected abstract jsonNumber(json: string, path: readonly string[]): string;
  /** The value at `path` equals the JSON literal `value` exactly. */
  protected abstract jsonEquals(json: string, path: readonly string[], value: JsonValue): string;

  /**
   * A dialect's own test that the `tags` array of the resource `alias` holds `value`, or
   * undefined to go through resource_tags (SQLite, whose tag index covers that join).
   */
  protected tagsContain(_alias: string, _value: JsonValue): string | undefined {
    return undefined;
  }

  /** Binds a value and returns its placeholder; parameters bind in the order they are asked for. */
  protected param(value: SqlParam): string {
    this.#parameters.push(value);
    return '?';
  }

  /** Binds a JSON value as its canonical text (keys sorted, no spaces), as the store keeps it. */
  protected jsonParam(value: JsonValue): string {
    return this.param(canonicalJson(value));
  }

  get parameters(): readonly SqlParam[] {
    return Object.freeze([...this.#parameters]);
  }

  /** The WHERE clause for `filter` over the resources table aliased `r`. */
  compileFilter(filter: QueryNode): string {
    return this.#node(filter, { entity: 'resources', alias: 'r' });
  }

  /** The unpaged SELECT of a validated query, with its output columns. */
  compileSelect(query: ValidatedQuery): { sql: string; columns: readonly OutputColumn[] } {
    if (!query.projection) {
      const list = RESOURCE_COLUMNS.map((c) => `r.${c.alias}`).join(', ');
      return {
        sql: `SELECT ${list} FROM resources r WHERE ${this.compileFilter(query.filter)}`,
        columns: RESOURCE_COLUMNS,
      };
    }
    return this.#projection(query.projection, query.filter);
  }

  /** ORDER BY / LIMIT / OFFSET for `paging`; NULLs last ascending and first descending, as PostgreSQL. */
  compilePaging(paging: Paging, qualify: (field: string) => string): string {
    const order = paging.orderBy.map(
      (term) => `${qualify(term.field)} ${term.direction === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'}`,
    );
    let sql = order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '';
    if (paging.limit !== undefined || paging.offset !== undefined) {
      sql += ` LIMIT ${this.param(paging.limit ?? Number.MAX_SAFE_INTEGER)} OFFSET ${this.param(paging.offset ?? 0)}`;
    }
    return sql;
  }

  #projection(extract: ExtractNode, filter: QueryNode): { sql: string; columns: readonly OutputColumn[] } {
    const columns: OutputColumn[] = [];
    const select = extract.columns.map((column, index) => {
      const alias = `c${index}`;
      if (column.kind === 'FunctionColumn') {
        const argument =
          column.argument === undefined ? '*' : `r.${this.#column('resources', column.argument)}`;
        columns.push({ key: column.name, alias, type: column.name === 'count' ? 'count' : 'number' });
        return `${column.name}(${argument}) AS ${alias}`;
      }
      const { field } = column;
      if (field.kind === 'DottedParameterField') {
        columns.push({ key: fieldLabel(field), alias, type: 'json-text' });
        return `${this.jsonGet('r.parameters', field.path)} AS ${alias}`;
      }
      const spec = fieldSpec('resources', field.name)!;
      columns.push({ key: field.name, alias, type: spec.type });
      return `r.${spec.column} AS ${alias}`;
    });
    // The select list may bind parameters (dotted paths), so the WHERE is compiled after it.
    const where = this.compileFilter(filter);
    const groupBy = extract.groupBy.map((name) => `r.${this.#column('resources', name)}`);
    const group = groupBy.length > 0 ? ` GROUP BY ${groupBy.join(', ')}` : '';
    return { sql: `SELECT ${select.join(', ')} FROM resources r WHERE ${where}${group}`, columns };
  }

  #column(entity: Entity, name: string): string {
    return fieldSpec(entity, name)!.column!;
  }

  #node(node: QueryNode, scope: Scope): string {
    switch (node.kind) {
      case 'Comparison':
        return this.#comparison(node, scope);
      case 'NullCheck':
        return this.#nullCheck(node, scope);
      case 'And':
        return `(${node.operands.map((operand) => this.#node(operand, scope)).join(' AND ')})`;
      case 'Or':
        return `(${node.operands.map((operand) => this.#node(operand, scope)).join(' OR ')})`;
      case 'Not':
        return `(NOT ${this.#node(node.operand, scope)})`;
      case 'In':
        return this.#in(node, scope);
      case 'ImplicitSubquery':
        return this.#implicitSubquery(node, scope);
      case 'NodeState':
        return this.#nodeState(node, scope);
      default:
        return assertNever(node);
    }
  }

  #comparison(node: ComparisonNode, scope: Scope): string {
    const { field, operator } = node;
    if (field.kind === 'ParameterField')
      return this.#parameterComparison(field.name, operator, node.value, scope);
    if (field.kind === 'DottedParameterField')
      return this.#dottedComparison(field, operator, node.value, scope);
    const spec = fieldSpec(scope.entity, field.name)!;
    if (spec.type === 'array') {
      const contains = operator === '=' ? this.tagsContain(scope.alias, node.value) : undefined;
      return contains ?? this.#tagsMatch(scope, (tag) => this.#scalarPredicate(tag, operator, node.value));
    }
    return this.#scalarPredicate(`${scope.alias}.${spec.column}`, operator, node.value);
  }

  #scalarPredicate(column: string, operator: ComparisonNode['operator'], value: JsonValue): string {
    if (operator === '~') return `(${column} IS NOT NULL AND ${this.regexMatch(column, value as string)})`;
    if (operator === '~>') throw new Error('unreachable: the validator refuses ~> on every resources field');
    return `${column} ${operator} ${this.#scalarParam(value)}`;
  }

  /** Integers and strings bind as they are; a fractional number is cast so it meets an integer column. */
  #scalarParam(value: JsonValue): string {
    if (typeof value === 'number' && !Number.isInteger(value)) return `CAST(${this.param(value)} AS NUMERIC)`;
    return this.param(value as SqlParam);
  }

  /** A predicate on one tag row `t` of the resource in scope (tags live in resource_tags). */
  #tagsMatch(scope: Scope, predicate: (tag: string) => string): string {
    const t = this.#nextAlias('t');
    return (
      `(${scope.alias}.certname, ${scope.alias}.resource) IN ` +
      `(SELECT ${t}.certname, ${t}.resource FROM resource_tags ${t} WHERE ${predicate(`${t}.tag`)})`
    );
  }

  /** Resources having a top-level parameter row matching `predicate` (hash-keyed: params follow the hash). */
  #paramsMatch(
    scope: Scope,
    name: string,
    predicate: (p: string) => string | undefined,
    negate = false,
  ): string {
    const p = this.#nextAlias('p');
    // Built left to right: `?` placeholders are positional.
    const nameMatch = `${p}.name = ${this.param(name)}`;
    const extra = predicate(p);
    const where = extra ? `${nameMatch} AND ${extra}` : nameMatch;
    return `${scope.alias}.resource ${negate ? 'NOT IN' : 'IN'} (SELECT ${p}.resource FROM resource_params ${p} WHERE ${where})`;
  }

  #parameterComparison(
    name: string,
    operator: ComparisonNode['operator'],
    value: JsonValue,
    scope: Scope,
  ): string {
    if (operator === '=')
      return this.#paramsMatch(scope, name, (p) => `${p}.value = ${this.jsonParam(value)}`);
    return this.#paramsMatch(scope, name, (p) => {
      const text = `COALESCE(${p}.value_string, ${p}.value)`;
      return this.regexMatch(text, value as string);
    });
  }

  #dottedComparison(
    field: DottedParameterFieldNode,
    operator: ComparisonNode['operator'],
    value: JsonValue,
    scope: Scope,
  ): string {
    const json = `${scope.alias}.parameters`;
    const { path } = field;
    if (operator === '=') {
      if (path.length === 1) return this.#parameterComparison(path[0]!, '=', value, scope);
      return this.jsonEquals(json, path, value);
    }
    if (operator === '~') {
      // Each fragment binds its own parameters, in text order (SQLite's `?` are positional).
      const present = `${this.jsonGetText(json, path)} IS NOT NULL`;
      const subject = this.jsonGetText(json, path);
      return `(${present} AND ${this.regexMatch(subject, value as string)})`;
    }
    return `${this.jsonNumber(json, path)} ${operator} ${this.#scalarParam(value)}`;
  }

  #nullCheck(node: NullCheckNode, scope: Scope): string {
    const { field, isNull } = node;
    if (field.kind === 'ParameterField') return this.#paramsMatch(scope, field.name, () => undefined, isNull);
    if (field.kind === 'DottedParameterField') {
      return `${this.jsonTypeOf(`${scope.alias}.parameters`, field.path)} ${isNull ? '=' : '<>'} 'null'`;
    }
    const spec = fieldSpec(scope.entity, field.name)!;
    // tags and parameters are NOT NULL columns (an empty list / object at worst).
    if (spec.type === 'array' || spec.type === 'json') return isNull ? FALSE_SQL : TRUE_SQL;
    return `${scope.alias}.${spec.column} IS ${isNull ? '' : 'NOT '}NULL`;
  }

  #in(node: InNode, scope: Scope): string {
    const specs = node.fields.map((field) => fieldSpec(scope.entity, field.name)!);
    const { source } = node;
    if (source.kind === 'ArrayValues') {
      if (source.values.length === 0) return FALSE_SQL;
      const list = (column: string) =>
        `${column} IN (${source.values.map((v) => this.#scalarParam(v)).join(', ')})`;
      if (specs[0]!.type === 'array') return this.#tagsMatch(scope, list);
      return list(`${scope.alias}.${specs[0]!.column}`);
    }
    const left = specs.map((spec) => `${scope.alias}.${spec.column}`);
    const lhs = left.length === 1 ? left[0]! : `(${left.join(', ')})`;
    return `${lhs} IN (${this.#select(source)})`;
  }

  #select(select: SelectNode): string {
    const spec = ENTITY_SPECS[select.entity];
    const alias = this.#nextAlias(spec.alias);
    const columns = select.columns.map((name) => `${alias}.${this.#column(select.entity, name)}`).join(', ');
    const where = select.filter
      ? ` WHERE ${this.#node(select.filter, { entity: select.entity, alias })}`
      : '';
    return `SELECT ${columns} FROM ${spec.table} ${alias}${where}`;
  }

  #implicitSubquery(node: ImplicitSubqueryNode, scope: Scope): string {
    const [from, to] = relationship(scope.entity, node.entity)!;
    const left = `${scope.alias}.${this.#column(scope.entity, from)}`;
    return `${left} IN (${this.#select({ kind: 'Select', entity: node.entity, columns: [to], filter: node.filter })})`;
  }

  #nodeState(node: NodeStateNode, scope: Scope): string {
    const certname = `${scope.alias}.certname`;
    switch (node.state) {
      case 'any':
        return TRUE_SQL;
      case 'active':
        return `${certname} NOT IN (SELECT certname FROM certnames WHERE deactivated IS NOT NULL OR expired IS NOT NULL)`;
      case 'inactive': {
        const since = this.param(this.#inactiveSince);
        const since2 = this.param(this.#inactiveSince);
        return `${certname} IN (SELECT certname FROM certnames WHERE deactivated > ${since} OR expired > ${since2})`;
      }
      default:
        return assertNever(node.state);
    }
  }

  #nextAlias(prefix: string): string {
    this.#depth += 1;
    return `${prefix}${this.#depth}`;
  }
}
