/**
 * The answers of a query: its select list, rendered as JSON text by the database (one column per
 * row, `json`), its projection (`extract`, `group_by`) and its paging. The filter (WHERE) is the
 * base class's (compile.ts); the dialects (compile-sqlite.ts, compile-postgres.ts) say how a value
 * is written as JSON. Rendering in SQL means a row crosses the driver as one string and the event
 * loop only forwards text: the full dump streams twice as fast as rendering ten columns in
 * JavaScript (bench/RESULTS-resources.md).
 * @module
 */

import { defaults } from '../options.js';
import type { SqlParam } from '../store/types.js';
import type { Entity } from './ast/entity.js';
import type { ExtractNode } from './ast/extract.js';
import { fieldLabel } from './ast/field.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import { QueryCompiler } from './compile.js';
import { ENTITY_SPECS, fieldSpec, type OutputSpec, type OutputType } from './fields.js';
import { isNested, NESTED, type NestedList } from './nested-lists.js';
import { NO_PAGING, type Paging } from './paging.js';
import type { ValidatedQuery } from './validate.js';

/** A node's facts computed from its fact rows: extracted as the answer shows them, not as a column. */
const isComputed = (type: OutputType) =>
  type === 'factset-facts' || type === 'facts-object' || type === 'trusted-fact';

/** One key of an answer object: its name, its SQL (built when rendered, in binding order), its type. */
export type OutputItem = readonly [key: string, sql: () => string, type: OutputType];

/** The window of `distinct_resources` (canonical ISO timestamps, checked by the route). */
export interface DistinctWindow {
  readonly start: string;
  readonly end: string;
}

const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export abstract class SelectCompiler extends QueryCompiler {
  readonly #hrefBase: string;
  readonly #distinct: DistinctWindow | undefined;

  /**
   * `hrefBase`: the path before `/catalogs/<node>/resources` in the `href` of a catalog's lists;
   * `distinct`: the window within which events are each resource's latest only.
   */
  constructor(inactiveSince: string, hrefBase = `/${defaults.prefix}/query/v4`, distinct?: DistinctWindow) {
    super(inactiveSince);
    this.#hrefBase = hrefBase;
    if (distinct && !(CANONICAL_TIMESTAMP.test(distinct.start) && CANONICAL_TIMESTAMP.test(distinct.end))) {
      throw new TypeError('distinct_resources window must be canonical ISO timestamps');
    }
    this.#distinct = distinct;
  }

  /**
   * Events under `distinct_resources`: those in the window that no later event of the same node,
   * resource, property and name within the window follows, PuppetDB's rule. The window's bounds
   * are written as literals (checked canonical timestamps above): `FROM` comes before the WHERE in
   * the text but is built after it, so it must bind nothing.
   */
  override fromClause(entity: Entity, source = ENTITY_SPECS[entity].source): string {
    const window = this.#distinct;
    if (entity !== 'events' || !window) return super.fromClause(entity, source);
    const same = ['certname', 'resource_type', 'resource_title']
      .map((c) => `n.${c} = d.${c}`)
      .concat(['property', 'name'].map((c) => `(n.${c} = d.${c} OR (n.${c} IS NULL AND d.${c} IS NULL))`));
    const later = `SELECT 1 FROM resource_events n WHERE ${same.join(' AND ')} AND n.timestamp > d.timestamp AND n.timestamp <= '${window.end}'`;
    return `FROM (SELECT * FROM ${source} d WHERE d.timestamp >= '${window.start}' AND d.timestamp <= '${window.end}' AND NOT EXISTS (${later})) ${ENTITY_SPECS.events.alias}`;
  }

  /** The JSON string of the text `sql`, or `null` (text) when it is NULL. */
  protected abstract jsonString(sql: string): string;
  /** The timestamp `sql` as ISO 8601 text in UTC with milliseconds (`...T12:00:00.000Z`). */
  protected abstract isoTimestamp(sql: string): string;
  /** The JSON number of the numeric `sql` (an aggregate), NULL when it is NULL. */
  protected abstract jsonNumberText(sql: string): string;
  /** The JSON value `sql` (a JSON column or expression) as text, NULL when it is NULL. */
  protected abstract jsonText(sql: string): string;

  /** The texts `expr` of a group's rows joined by commas in `orderBy` order (NULL when none). */
  protected abstract textAgg(expr: string, orderBy: string): string;

  /**
   * The SELECT of a validated query: one column, each answer as JSON text (`#render`), paged by
   * `paging` when given. A page (limit or offset) is chosen first from the plain rows and only its
   * rows are rendered: an ORDER BY that needs a sort, or an OFFSET, would otherwise render every
   * row it passes over (7,448 rendered to answer 50: 16-28 ms where the page alone takes 0.6-0.9 ms
   * on SQLite, 14-35 against 3-7 ms on PostgreSQL, which computes the select list below its sort).
   */
  compileSelect(query: ValidatedQuery, paging: Paging = NO_PAGING): { sql: string } {
    const { entity, projection } = query;
    const spec = ENTITY_SPECS[entity];
    const order = (alias: string) =>
      this.#orderBy(paging, (field) => `${alias}.${this.column(entity, field)}`);
    if (projection && isAggregated(projection)) {
      // Paging applies to the groups; few answers to render.
      const grouped = this.#projection(entity, projection, query.filter);
      return { sql: grouped.sql + order(spec.alias) + this.#limit(paging) };
    }
    // The select list binds parameters (keys, hrefs), so the WHERE and the page come after it.
    const json = projection ? this.#projectionJson(entity, projection) : this.#answerJson(entity);
    const where = this.compileFilter(entity, query.filter);
    const from = this.fromClause(entity);
    if (paging.limit === undefined && paging.offset === undefined) {
      return { sql: `SELECT ${json} AS json ${from} WHERE ${where}${order(spec.alias)}` };
    }
    const page = `${from} WHERE ${where}${order(spec.alias)}${this.#limit(paging)}`;
    return { sql: `SELECT ${json} AS json ${this.pageFrom(entity, page)}${order(spec.alias)}` };
  }

  /**
   * The FROM of a page's rows, `page` being their `FROM ... WHERE ... ORDER BY ... LIMIT` under
   * the entity's alias: the page's rows as a derived table (dialects may pick them by row id).
   */
  protected pageFrom(entity: Entity, page: string): string {
    const a = ENTITY_SPECS[entity].alias;
    return `FROM (SELECT ${a}.* ${page}) ${a}`;
  }

  /** The JSON of an entity's whole answer object (or bare value, for fact-names) of a row. */
  #answerJson(entity: Entity): string {
    const spec = ENTITY_SPECS[entity];
    return spec.scalar
      ? this.#renderValue(`${spec.alias}.${fieldSpec(entity, spec.scalar)!.column}`, 'string')
      : this.#render(spec.output.map((out) => [out.key, () => this.#outputSql(spec.alias, out), out.type]));
  }

  /** An answer object of `items` as SQL JSON text, for queries built outside this class (event counts). */
  renderObject(items: readonly OutputItem[]): string {
    return this.#render(items);
  }

  /** Binds `value` for SQL built outside this class; its placeholder goes where the SQL puts it. */
  bind(value: SqlParam): string {
    return this.param(value);
  }

  /**
   * An answer object as SQL: `{"key":value,...}` from rendered values. Keys are bound (an extract's
   * keys are the client's field names), as text, since `||` needs a type for a parameter. Each
   * value's SQL is built after its key, as parameters bind in text order.
   */
  #render(items: readonly OutputItem[]): string {
    const parts = items.map(([key, sql, type], i) => {
      const prefix = `CAST(${this.param(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`)} AS TEXT)`;
      return `${prefix} || ${this.#renderValue(sql(), type)}`;
    });
    return `(${parts.join(' || ')} || '}')`;
  }

  /** The JSON text of one output value `sql` of `type`; SQL NULL renders as PuppetDB shows it. */
  #renderValue(sql: string, type: OutputType): string {
    switch (type) {
      case 'string':
      case 'query-only':
        return this.jsonString(sql);
      case 'timestamp':
        return this.jsonString(this.isoTimestamp(sql));
      case 'number':
        return `COALESCE(${this.jsonNumberText(sql)}, 'null')`;
      case 'count':
        return `CAST(COALESCE(${sql}, 0) AS TEXT)`;
      case 'boolean':
        // Only ever a plain column here (no placeholders), so naming it twice binds nothing twice.
        return `(CASE WHEN ${sql} IS NULL THEN 'null' WHEN ${sql} THEN 'true' ELSE 'false' END)`;
      case 'array':
        return `COALESCE(${this.jsonText(sql)}, '[]')`;
      case 'json':
        // PuppetDB turns a missing parameters object into {}.
        return `COALESCE(${this.jsonText(sql)}, '{}')`;
      case 'json-text':
      case 'fact-value':
      case 'path':
      case 'catalog-resources':
      case 'catalog-edges':
      case 'factset-facts':
      case 'facts-object':
      case 'trusted-fact':
      case 'report-events':
      case 'report-metrics':
      case 'report-logs':
        return `COALESCE(${this.jsonText(sql)}, 'null')`;
      default:
        return assertNever(type);
    }
  }

  #outputSql(alias: string, out: OutputSpec): string {
    // A node's facts object is stored whole (migration 10); it counts as computed for extracts.
    if (out.type === 'facts-object') return `${alias}.${out.column}`;
    if (out.type === 'trusted-fact') {
      return `(SELECT x.value FROM facts x WHERE x.certname = ${alias}.${out.column} AND x.name = 'trusted')`;
    }
    if (out.type === 'report-metrics' || out.type === 'report-logs') {
      // `{"data": <the stored JSON list>, "href": ".../reports/<hash>/metrics"}`.
      const tail = out.type === 'report-metrics' ? '/metrics' : '/logs';
      const href = this.#href('/reports/', `${alias}.hash`, tail);
      const data = `COALESCE(${this.jsonText(`${alias}.${out.column}`)}, '[]')`;
      return `('{"data":' || ${data} || ',"href":' || ${this.jsonString(href)} || '}')`;
    }
    if (!isNested(out.type)) return `${alias}.${out.column}`;
    return this.#nestedList(NESTED[out.type], `${alias}.${out.column}`, alias);
  }

  /**
   * `{"data": [...], "href": ...}` of the rows of `list` joined to `joinValue`, rendered like any
   * answer (`#render`) and joined as text in the list's order: a nested value is spliced, never
   * parsed (a third of the time of building them as JSON values, over ~100 facts a node).
   */
  #nestedList(list: NestedList, joinValue: string, alias: string): string {
    const item = this.#render(list.items.map(([key, sql, type]): OutputItem => [key, () => sql, type]));
    const rows = `${list.table} x WHERE x.${list.key} = ${joinValue}`;
    const data = `(SELECT COALESCE(${this.textAgg(item, list.order)}, '') FROM ${rows})`;
    const href = this.#href(list.path, `${alias}.${list.parent}`, list.tail);
    return `('{"data":[' || ${data} || '],"href":' || ${this.jsonString(href)} || '}')`;
  }

  /** `<hrefBase><path><name><tail>` as SQL text (the base is bound; path and tail are ours). */
  #href(path: string, name: string, tail: string): string {
    return `(CAST(${this.param(`${this.#hrefBase}${path}`)} AS TEXT) || ${name} || '${tail}')`;
  }

  /** ORDER BY / LIMIT / OFFSET for `paging`, columns named by `qualify` (queries built outside this class). */
  compilePaging(paging: Paging, qualify: (field: string) => string): string {
    return this.#orderBy(paging, qualify) + this.#limit(paging);
  }

  /** ORDER BY of `paging`; NULLs last ascending and first descending, as PostgreSQL. */
  #orderBy(paging: Paging, qualify: (field: string) => string): string {
    const order = paging.orderBy.map(
      (term) => `${qualify(term.field)} ${term.direction === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'}`,
    );
    return order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '';
  }

  /** LIMIT / OFFSET of `paging` (bound), or nothing. */
  #limit(paging: Paging): string {
    if (paging.limit === undefined && paging.offset === undefined) return '';
    return ` LIMIT ${this.param(paging.limit ?? Number.MAX_SAFE_INTEGER)} OFFSET ${this.param(paging.offset ?? 0)}`;
  }

  /** An aggregating projection: its answers, one per group (or one), filtered by `filter`. */
  #projection(entity: Entity, extract: ExtractNode, filter: QueryNode): { sql: string } {
    const r = ENTITY_SPECS[entity].alias;
    // The select list binds parameters (keys, dotted paths), so the WHERE is compiled after it.
    const json = this.#projectionJson(entity, extract);
    const where = this.compileFilter(entity, filter);
    const groupBy = extract.groupBy.map((name) => `${r}.${this.column(entity, name)}`);
    const group = groupBy.length > 0 ? ` GROUP BY ${groupBy.join(', ')}` : '';
    return { sql: `SELECT ${json} AS json ${this.fromClause(entity)} WHERE ${where}${group}` };
  }

  /** The JSON of an extract's answer object of a row (or of a group). */
  #projectionJson(entity: Entity, extract: ExtractNode): string {
    const r = ENTITY_SPECS[entity].alias;
    const items = extract.columns.map((column): OutputItem => {
      if (column.kind === 'FunctionColumn') {
        const argument = column.argument === undefined ? '*' : `${r}.${this.column(entity, column.argument)}`;
        return [
          column.name,
          () => `${column.name}(${argument})`,
          column.name === 'count' ? 'count' : 'number',
        ];
      }
      const { field } = column;
      if (field.kind === 'DottedParameterField') {
        const value = () =>
          field.root === 'parameters'
            ? this.jsonGet(`${r}.parameters`, field.path)
            : this.factDottedValue(r, field);
        return [fieldLabel(field), value, 'json-text'];
      }
      // A field the answer shows nested or computed (a catalog's resources, an inventory's facts).
      const out = ENTITY_SPECS[entity].output.find((o) => o.key === field.name);
      if (out && isComputed(out.type)) {
        return [field.name, () => this.#outputSql(r, out), out.type];
      }
      const spec = fieldSpec(entity, field.name)!;
      const type = spec.type === 'fact-value' || spec.jsonText ? 'json-text' : spec.type;
      return [field.name, () => `${r}.${spec.column}`, type];
    });
    return this.#render(items);
  }
}

/** An extract whose answers are groups (group_by) or an aggregate (a function), not rows. */
export function isAggregated(extract: ExtractNode): boolean {
  return extract.groupBy.length > 0 || extract.columns.some((c) => c.kind === 'FunctionColumn');
}
