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
import type { Entity } from './ast/entity.js';
import type { ExtractNode } from './ast/extract.js';
import { fieldLabel } from './ast/field.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import { QueryCompiler } from './compile.js';
import { ENTITY_SPECS, fieldSpec, type NestedOutput, type OutputSpec, type OutputType } from './fields.js';
import type { Paging } from './paging.js';
import type { ValidatedQuery } from './validate.js';

/**
 * A nested list item: its key, its SQL, and how to put it into a JSON object (`json`: a JSON
 * column; `json-text`: JSON held as text, as fact values are on both databases).
 */
export type NestedItem = readonly [
  key: string,
  sql: string,
  kind: 'scalar' | 'json' | 'json-text' | 'boolean',
];

/** The rows of a nested list (over a row alias `x`) and the route its `href` names. */
interface NestedList {
  readonly table: string;
  readonly order: string;
  readonly items: NestedItem[];
  /** `href` = `<base>/<route>/<certname>/<tail>`. */
  readonly route: 'catalogs' | 'factsets';
  readonly tail: string;
}

/** The items of a catalog's nested resources and edges and of a factset's facts. */
const NESTED: Record<NestedOutput, NestedList> = {
  'catalog-resources': {
    table: 'resources',
    order: 'x.type, x.title',
    items: [
      ['resource', 'x.resource', 'scalar'],
      ['type', 'x.type', 'scalar'],
      ['title', 'x.title', 'scalar'],
      ['tags', 'x.tags', 'json'],
      ['exported', 'x.exported', 'boolean'],
      ['file', 'x.file', 'scalar'],
      ['line', 'x.line', 'scalar'],
      ['parameters', 'x.parameters', 'json'],
    ],
    route: 'catalogs',
    tail: 'resources',
  },
  'catalog-edges': {
    table: 'edges',
    order: 'x.source_type, x.source_title, x.target_type, x.target_title, x.relationship',
    items: [
      ['source_type', 'x.source_type', 'scalar'],
      ['source_title', 'x.source_title', 'scalar'],
      ['target_type', 'x.target_type', 'scalar'],
      ['target_title', 'x.target_title', 'scalar'],
      ['relationship', 'x.relationship', 'scalar'],
    ],
    route: 'catalogs',
    tail: 'edges',
  },
  'factset-facts': {
    table: 'facts',
    order: 'x.name',
    items: [
      ['name', 'x.name', 'scalar'],
      ['value', 'x.value', 'json-text'],
    ],
    route: 'factsets',
    tail: 'facts',
  },
};

const isNested = (type: OutputType): type is NestedOutput => Object.hasOwn(NESTED, type);
/** Outputs built from other rows (nested lists, a node's facts) rather than read from a column. */
const isComputed = (type: OutputType) => isNested(type) || type === 'facts-object' || type === 'trusted-fact';

/** One key of an answer object: its name, its SQL (built when rendered, in binding order), its type. */
type OutputItem = readonly [key: string, sql: () => string, type: OutputType];

export abstract class SelectCompiler extends QueryCompiler {
  readonly #hrefBase: string;

  /** `hrefBase`: the path before `/catalogs/<node>/resources` in the `href` of a catalog's lists. */
  constructor(inactiveSince: string, hrefBase = `/${defaults.prefix}/query/v4`) {
    super(inactiveSince);
    this.#hrefBase = hrefBase;
  }

  /** The JSON string of the text `sql`, or `null` (text) when it is NULL. */
  protected abstract jsonString(sql: string): string;
  /** The timestamp `sql` as ISO 8601 text in UTC with milliseconds (`...T12:00:00.000Z`). */
  protected abstract isoTimestamp(sql: string): string;
  /** The JSON number of the numeric `sql` (an aggregate), NULL when it is NULL. */
  protected abstract jsonNumberText(sql: string): string;
  /** The JSON value `sql` (a JSON column or expression) as text, NULL when it is NULL. */
  protected abstract jsonText(sql: string): string;

  /**
   * `{"data": [objects of items, ordered], "href": href}` as JSON text: the objects are `items` of
   * each row of `from` (aliased `x`), in `orderBy` order; `[]` when there are none.
   */
  protected abstract nestedList(
    items: readonly NestedItem[],
    from: string,
    orderBy: string,
    href: string,
  ): string;

  /** A node's facts as one JSON object (`{"name": value, ...}`, `{}` when none) for the certname `certname`. */
  protected abstract factsObject(certname: string): string;

  /** The unpaged SELECT of a validated query: one column, each answer as JSON text (`#render`). */
  compileSelect(query: ValidatedQuery): { sql: string } {
    const { entity } = query;
    if (query.projection) return this.#projection(entity, query.projection, query.filter);
    const spec = ENTITY_SPECS[entity];
    // The select list binds parameters (keys, hrefs), so the WHERE is compiled after it.
    const json = spec.scalar
      ? this.#renderValue(`${spec.alias}.${fieldSpec(entity, spec.scalar)!.column}`, 'string')
      : this.#render(spec.output.map((out) => [out.key, () => this.#outputSql(spec.alias, out), out.type]));
    const where = this.compileFilter(entity, query.filter);
    return { sql: `SELECT ${json} AS json ${this.fromClause(entity)} WHERE ${where}` };
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
        return `COALESCE(${this.jsonText(sql)}, 'null')`;
      default:
        return assertNever(type);
    }
  }

  #outputSql(alias: string, out: OutputSpec): string {
    const certname = `${alias}.${out.column}`;
    if (out.type === 'facts-object') return this.factsObject(certname);
    if (out.type === 'trusted-fact') {
      return `(SELECT x.value FROM facts x WHERE x.certname = ${certname} AND x.name = 'trusted')`;
    }
    if (!isNested(out.type)) return certname;
    const nested = NESTED[out.type];
    const route = this.param(`${this.#hrefBase}/${nested.route}/`);
    const href = `(CAST(${route} AS TEXT) || ${certname} || '/${nested.tail}')`;
    return this.nestedList(
      nested.items,
      `${nested.table} x WHERE x.certname = ${certname}`,
      nested.order,
      href,
    );
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

  #projection(entity: Entity, extract: ExtractNode, filter: QueryNode): { sql: string } {
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
      return [field.name, () => `${r}.${spec.column}`, spec.type === 'fact-value' ? 'json-text' : spec.type];
    });
    // The select list binds parameters (keys, dotted paths), so the WHERE is compiled after it.
    const json = this.#render(items);
    const where = this.compileFilter(entity, filter);
    const groupBy = extract.groupBy.map((name) => `${r}.${this.column(entity, name)}`);
    const group = groupBy.length > 0 ? ` GROUP BY ${groupBy.join(', ')}` : '';
    return { sql: `SELECT ${json} AS json ${this.fromClause(entity)} WHERE ${where}${group}` };
  }
}
