/**
 * Stage 3 of 3: a validated query -> parameterised SQL over the schema of store/schema.ts. This
 * file compiles the filter (the WHERE of every query and subquery); compile-select.ts builds the
 * answers on top of it (select list rendered as JSON, projection, paging).
 *
 * One compiler for both databases; the dialect subclasses (compile-sqlite.ts, compile-postgres.ts)
 * override only regex matching, JSON access and JSON writing. Every value of the query goes into
 * `parameters`, bound in text order behind a `?` (the package's one placeholder style,
 * store/placeholders.ts); the SQL text holds only identifiers from the field tables, keywords and
 * placeholders, never user text (the keys of an extract's answers are bound too). Binding and the
 * dialect hooks are compile-base.ts's, the predicates on facts compile-facts.ts's.
 * @module
 */

import { canonicalJson } from '../store/canonical-json.js';
import type { ComparisonNode, JsonValue } from './ast/comparison.js';
import type { Entity } from './ast/entity.js';
import type { DottedParameterFieldNode } from './ast/field.js';
import type { NodeStateNode } from './ast/node-state.js';
import type { NullCheckNode } from './ast/null-check.js';
import type { ImplicitSubqueryNode, InNode, SelectNode } from './ast/query-node.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import { FactFilterCompiler } from './compile-facts.js';
import { ENTITY_SPECS, type FieldSpec, fieldSpec, relationship } from './fields.js';
import { distinctValues, prefixRanges, type RegexIndex, type SqlBinder } from './regex-narrowing.js';

const TRUE_SQL = '(1 = 1)';
const FALSE_SQL = '(1 = 0)';

interface Scope {
  readonly entity: Entity;
  readonly alias: string;
}

export abstract class QueryCompiler extends FactFilterCompiler {
  readonly #inactiveSince: string;

  constructor(inactiveSince: string) {
    super();
    this.#inactiveSince = inactiveSince;
  }

  /** Which narrowing a dialect uses for a field's `~` (regex-narrowing.ts); undefined: none. */
  protected abstract regexStrategy(index: RegexIndex): 'values' | 'text' | undefined;

  /**
   * `column` compared in bytewise order, for the literal-start ranges of a `bytewise` field
   * (PostgreSQL: `COLLATE "C"`, which its btree of that collation answers), or undefined where
   * `regexMatch` adds such ranges itself (SQLite, whose text order is bytewise).
   */
  protected abstract bytewiseColumn(column: string): string | undefined;

  /**
   * SQL keeping only the rows of `alias` whose `column` may match `pattern`, through the trigram
   * index over the column of `table`, or undefined when the pattern guarantees no substring to
   * look up.
   */
  protected textNarrowing(
    _table: string,
    _column: string,
    _alias: string,
    _pattern: string,
  ): string | undefined {
    return undefined;
  }

  /**
   * `~` on the parameter `name` of the resource_params row `p`: its string value, other values by
   * their JSON text. Dialects may narrow through their indexes first.
   */
  protected parameterRegex(p: string, _name: string, pattern: string): string {
    return this.regexMatch(`COALESCE(${p}.value_string, ${p}.value)`, pattern);
  }

  /**
   * `parameters.<path> ~ pattern` on the resource `alias`: the value at `path` as text (strings
   * unquoted, other values by their JSON text); a missing value or JSON null never matches.
   * Dialects may narrow through their indexes first.
   */
  protected dottedRegex(alias: string, path: readonly string[], pattern: string): string {
    // Each fragment binds its own parameters, in text order (SQLite's `?` are positional).
    const present = `${this.jsonGetText(`${alias}.parameters`, path)} IS NOT NULL`;
    const subject = this.jsonGetText(`${alias}.parameters`, path);
    return `(${present} AND ${this.regexMatch(subject, pattern)})`;
  }

  /**
   * `parameters.<name> = value` through the parameter rows (resource_params, indexed by name and
   * value) rather than inside the parameters JSON (`jsonEquals`).
   */
  protected topLevelEqualsByRow(): boolean {
    return true;
  }

  /** The binder the narrowing builders of a dialect use. */
  protected get binder(): SqlBinder {
    return this.#binder;
  }

  /**
   * A dialect's own test that the `tags` array of the resource `alias` holds `value`, or
   * undefined to go through resource_tags (SQLite, whose tag index covers that join).
   */
  protected tagsContain(_alias: string, _value: JsonValue): string | undefined {
    return undefined;
  }

  /** `FROM <rows> <alias>` of an entity's top-level query, its rows `source` when not the entity's own. */
  fromClause(entity: Entity, source = ENTITY_SPECS[entity].source): string {
    return `FROM ${source} ${ENTITY_SPECS[entity].alias}`;
  }

  /** The WHERE clause for `filter` over the entity's rows aliased as in its spec. */
  compileFilter(entity: Entity, filter: QueryNode): string {
    return this.#node(filter, { entity, alias: ENTITY_SPECS[entity].alias });
  }

  /** The SQL column of a field the validator has accepted. */
  protected column(entity: Entity, name: string): string {
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
    if (field.kind === 'FactField') {
      return this.nodesWithFact(`${scope.alias}.certname`, field.name, (fx) =>
        this.factValuePredicate(fx, operator, node.value),
      );
    }
    const spec = fieldSpec(scope.entity, field.name)!;
    if (spec.type === 'fact-value') return this.factValuePredicate(scope.alias, operator, node.value);
    if (spec.type === 'path')
      return this.pathPredicate(scope.alias, `${scope.alias}.${spec.column}`, operator, node.value);
    if (spec.type === 'array') {
      if (operator === '~')
        return this.tagsMatch(scope.alias, (tag) => this.tagRegex(tag, node.value as string, spec));
      const contains = operator === '=' ? this.tagsContain(scope.alias, node.value) : undefined;
      return (
        contains ?? this.tagsMatch(scope.alias, (tag) => this.#scalarPredicate(tag, operator, node.value))
      );
    }
    const column = `${scope.alias}.${spec.column}`;
    if (operator === '~') return this.#regex(column, node.value as string, spec, scope);
    if (spec.jsonText === 'value' && operator === '=') return `${column} = ${this.jsonParam(node.value)}`;
    if (spec.jsonText === 'list' && operator === '=') {
      // In canonical JSON an element starts the list or follows a comma: no false match inside one.
      const first = this.textContains(column, this.param(`[${canonicalJson(node.value)}`));
      const later = this.textContains(column, this.param(`,${canonicalJson(node.value)}`));
      return `(${first} OR ${later})`;
    }
    return this.#scalarPredicate(column, operator, node.value);
  }

  /** True when the text `needle` occurs in the text `haystack` (both SQL). */
  protected textContains(haystack: string, needle: string): string {
    return `instr(${haystack}, ${needle}) > 0`;
  }

  /**
   * `column ~ pattern`, narrowed first through the field's index where it has one
   * (regex-narrowing.ts). NULL never matches, also under `not`.
   */
  #regex(column: string, pattern: string, spec: FieldSpec, scope?: Scope): string {
    const index = spec.regexIndex;
    const strategy = index ? this.regexStrategy(index) : undefined;
    if (strategy === 'values' && index?.values) {
      const [table, valueColumn] = index.values;
      if (index.list) {
        const l = this.nextAlias('l');
        const listed = `SELECT ${l}.${valueColumn} FROM ${table} ${l} WHERE ${this.regexMatch(`${l}.${valueColumn}`, pattern)}`;
        return `(${column} IS NOT NULL AND ${column} IN (${listed}))`;
      }
      const { cte, alias } = distinctValues(this.#binder, table, valueColumn);
      const matching = `${cte} SELECT v FROM ${alias} WHERE v IS NOT NULL AND ${this.regexMatch('v', pattern)}`;
      return `(${column} IS NOT NULL AND ${column} IN (${matching}))`;
    }
    if (strategy === 'text' && scope) {
      const bytewise = index?.bytewise ? this.bytewiseColumn(column) : undefined;
      const range = bytewise ? prefixRanges(this.#binder, bytewise, pattern) : undefined;
      if (range) return `(${range} AND ${this.regexMatch(column, pattern)})`;
      const table = ENTITY_SPECS[scope.entity].source;
      // A field with a trigram index is a column of its entity's rows.
      const narrowed = spec.column && this.textNarrowing(table, spec.column, scope.alias, pattern);
      if (narrowed) return `(${column} IS NOT NULL AND ${narrowed} AND ${this.regexMatch(column, pattern)})`;
    }
    return `(${column} IS NOT NULL AND ${this.regexMatch(column, pattern)})`;
  }

  /** Parameter binding and fresh aliases for the narrowing builders. */
  readonly #binder: SqlBinder = {
    param: (value) => this.param(value),
    alias: (prefix) => this.nextAlias(prefix),
  };

  #scalarPredicate(column: string, operator: ComparisonNode['operator'], value: JsonValue): string {
    if (operator === '~') return `(${column} IS NOT NULL AND ${this.regexMatch(column, value as string)})`;
    if (operator === '~>') throw new Error('unreachable: the validator refuses ~> on every resources field');
    return `${column} ${operator} ${this.scalarParam(value)}`;
  }

  /**
   * The resource `alias` has a tag for which `predicate` holds: here through its resource_tags
   * rows (SQLite, whose tag index covers that join).
   */
  protected tagsMatch(alias: string, predicate: (tag: string) => string): string {
    const t = this.nextAlias('t');
    return (
      `(${alias}.certname, ${alias}.resource) IN ` +
      `(SELECT ${t}.certname, ${t}.resource FROM resource_tags ${t} WHERE ${predicate(`${t}.tag`)})`
    );
  }

  /** `~` on one tag `tag` (SQL) of a tagsMatch: narrowed through the field's distinct values. */
  protected tagRegex(tag: string, pattern: string, spec: FieldSpec): string {
    return this.#regex(tag, pattern, spec);
  }

  /** Resources having a top-level parameter row matching `predicate` (hash-keyed: params follow the hash). */
  #paramsMatch(
    scope: Scope,
    name: string,
    predicate: (p: string) => string | undefined,
    negate = false,
  ): string {
    const p = this.nextAlias('p');
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
    return this.#paramsMatch(scope, name, (p) => this.parameterRegex(p, name, value as string));
  }

  #dottedComparison(
    field: DottedParameterFieldNode,
    operator: ComparisonNode['operator'],
    value: JsonValue,
    scope: Scope,
  ): string {
    if (field.root !== 'parameters') return this.factDottedComparison(scope.alias, field, operator, value);
    const json = `${scope.alias}.parameters`;
    const { path } = field;
    if (operator === '=') {
      if (path.length === 1 && this.topLevelEqualsByRow())
        return this.#parameterComparison(path[0]!, '=', value, scope);
      return this.jsonEquals(json, path, value);
    }
    if (operator === '~') return this.dottedRegex(scope.alias, path, value as string);
    return `${this.jsonNumber(json, path)} ${operator} ${this.scalarParam(value)}`;
  }

  #nullCheck(node: NullCheckNode, scope: Scope): string {
    const { field, isNull } = node;
    if (field.kind === 'ParameterField') return this.#paramsMatch(scope, field.name, () => undefined, isNull);
    if (field.kind === 'DottedParameterField') {
      if (field.root !== 'parameters') return this.factDottedNullCheck(scope.alias, field, isNull);
      return `${this.jsonTypeOf(`${scope.alias}.parameters`, field.path)} ${isNull ? '=' : '<>'} 'null'`;
    }
    if (field.kind === 'FactField') throw new Error('unreachable: the validator refuses null? on facts');
    const spec = fieldSpec(scope.entity, field.name)!;
    // A fact value is never SQL NULL; JSON null is its `null`.
    if (spec.type === 'fact-value') return `${scope.alias}.value ${isNull ? '=' : '<>'} 'null'`;
    // tags, parameters and paths are NOT NULL columns (an empty list / object at worst).
    if (spec.type === 'array' || spec.type === 'json' || spec.type === 'path')
      return isNull ? FALSE_SQL : TRUE_SQL;
    return `${scope.alias}.${spec.column} IS ${isNull ? '' : 'NOT '}NULL`;
  }

  #in(node: InNode, scope: Scope): string {
    const specs = node.fields.map((field) => fieldSpec(scope.entity, field.name)!);
    const { source } = node;
    if (source.kind === 'ArrayValues') {
      if (source.values.length === 0) return FALSE_SQL;
      const list = (column: string) =>
        `${column} IN (${source.values.map((v) => this.scalarParam(v)).join(', ')})`;
      if (specs[0]!.type === 'array') return this.tagsMatch(scope.alias, list);
      const { type, jsonText, column } = specs[0]!;
      if (type === 'fact-value' || type === 'path' || jsonText === 'value') {
        const values = source.values.map((v) => this.jsonParam(v)).join(', ');
        return `${scope.alias}.${column} IN (${values})`;
      }
      return list(`${scope.alias}.${specs[0]!.column}`);
    }
    const left = specs.map((spec) => `${scope.alias}.${spec.column}`);
    const lhs = left.length === 1 ? left[0]! : `(${left.join(', ')})`;
    return `${lhs} IN (${this.#select(source)})`;
  }

  #select(select: SelectNode): string {
    const spec = ENTITY_SPECS[select.entity];
    const alias = this.nextAlias(spec.alias);
    const columns = select.columns.map((name) => `${alias}.${this.column(select.entity, name)}`).join(', ');
    const where = select.filter
      ? ` WHERE ${this.#node(select.filter, { entity: select.entity, alias })}`
      : '';
    return `SELECT ${columns} FROM ${spec.source} ${alias}${where}`;
  }

  #implicitSubquery(node: ImplicitSubqueryNode, scope: Scope): string {
    const [from, to] = relationship(scope.entity, node.entity)!;
    const left = from.map((field) => `${scope.alias}.${this.column(scope.entity, field)}`);
    const lhs = left.length === 1 ? left[0]! : `(${left.join(', ')})`;
    return `${lhs} IN (${this.#select({ kind: 'Select', entity: node.entity, columns: to, filter: node.filter })})`;
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
}
