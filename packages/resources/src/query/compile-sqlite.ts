/**
 * The SQLite dialect: `REGEXP` (the RE2-backed function of regex.ts) and the
 * JSON1 `->`/`->>` operators with one `$."a"."b"` path parameter (quoted labels, so a key may hold
 * dots, quotes or a leading `$`).
 * @module
 */
import type { JsonValue } from './ast/comparison.js';
import type { Entity } from './ast/entity.js';
import { SelectCompiler } from './compile-select.js';
import { ENTITY_SPECS } from './fields.js';
import { regexLiterals } from './regex-literals.js';
import { distinctValues, ftsQuery, prefixRanges, RANGE_PREFIX, type RegexIndex } from './regex-narrowing.js';

/** `$."a"."b.c"`: a JSON path whose every label is quoted (backslash-escaped inside). */
export function sqliteJsonPath(path: readonly string[]): string {
  return `$${path.map((label) => `."${label.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join('')}`;
}

export class SqliteQueryCompiler extends SelectCompiler {
  readonly dialect = 'sqlite' as const;

  protected override regexMatch(subject: string, pattern: string): string {
    // A plain column with literal starts (`^/etc/`, `^(a+)+$`): add the equivalent ranges, which
    // an index can answer (SQLite compares text bytewise, so every match lies in them). Never on
    // an expression holding placeholders: repeating it would repeat positional `?`s.
    const range = subject.includes('?') ? undefined : prefixRanges(this.binder, subject, pattern);
    const match = `${subject} REGEXP ${this.param(pattern)}`;
    return range ? `${range} AND ${match}` : match;
  }

  protected override jsonString(sql: string): string {
    return `json_quote(CAST(${sql} AS TEXT))`;
  }

  /** Timestamps are stored as that text already. */
  protected override isoTimestamp(sql: string): string {
    return sql;
  }

  protected override jsonNumberText(sql: string): string {
    return `json_quote(${sql})`;
  }

  /** JSON is stored as minified text. */
  protected override jsonText(sql: string): string {
    return sql;
  }

  /**
   * A page of a table with row ids is picked by row id: the sort then carries the ids and sort
   * keys, not every column (a resource's parameters), 4x faster than the derived table for 50 of
   * 7,448 resources.
   */
  protected override pageFrom(entity: Entity, page: string): string {
    const { source, alias, rowid } = ENTITY_SPECS[entity];
    if (!rowid || this.fromClause(entity) !== `FROM ${source} ${alias}`) return super.pageFrom(entity, page);
    return `FROM ${source} ${alias} WHERE ${alias}.rowid IN (SELECT ${alias}.rowid ${page})`;
  }

  protected override bytewiseColumn(): undefined {
    return undefined;
  }

  /** Distinct values through a btree where the field has one; else the title's FTS5 trigrams. */
  protected override regexStrategy(index: RegexIndex): 'values' | 'text' | undefined {
    return index.values ? 'values' : index.text ? 'text' : undefined;
  }

  /**
   * Trigrams when the pattern needs substrings and has no literal start (a range is cheaper). The
   * index holds each distinct value once (store/title-text-schema.ts), so the values it matches
   * select the rows through the column's btree.
   */
  protected override textNarrowing(
    table: string,
    column: string,
    alias: string,
    pattern: string,
  ): string | undefined {
    const { required, prefixes } = regexLiterals(pattern);
    if (!required || prefixes?.every((p) => RANGE_PREFIX.test(p))) return undefined;
    // The FTS5 table `<table>_<column>_text`, whose one column has the column's name.
    const index = `${table}_${column}_text`;
    const matching = `SELECT ${column} FROM ${index} WHERE ${index} MATCH ${this.param(ftsQuery(required))}`;
    return `${alias}.${column} IN (${matching})`;
  }

  /** The parameter's distinct values (index (name, value)) are matched once each, not every row. */
  protected override parameterRegex(p: string, name: string, pattern: string): string {
    const { cte, alias } = distinctValues(this.binder, 'resource_params', 'value', ['name', name]);
    // Stored values are canonical JSON: a string is matched without its quotes.
    const text = `(CASE WHEN substr(v, 1, 1) = '"' THEN json_extract(v, '$') ELSE v END)`;
    return `${p}.value IN (${cte} SELECT v FROM ${alias} WHERE v IS NOT NULL AND ${this.regexMatch(text, pattern)})`;
  }

  /**
   * A top-level parameter is read from resource_params, so its distinct values are matched once
   * each (parameterRegex) and only matching resources are read, instead of every row's JSON: 3x to
   * 14x faster where a type's rows are many or no type is given (bench/RESULTS-resources.md).
   * It also gives booleans the text `true`/`false`, as PostgreSQL and PuppetDB do (`->>` says 1).
   */
  protected override dottedRegex(alias: string, path: readonly string[], pattern: string): string {
    if (path.length !== 1) return super.dottedRegex(alias, path, pattern);
    const p = this.binder.alias('p');
    const r = this.binder.alias('r');
    // Built left to right: `?` placeholders are positional.
    const name = `${p}.name = ${this.param(path[0]!)}`;
    const matching = `${p}.value <> 'null' AND ${this.parameterRegex(p, path[0]!, pattern)}`;
    return (
      `${alias}.rowid IN (SELECT ${r}.rowid FROM resource_params ${p} JOIN resources ${r} ` +
      `ON ${r}.resource = ${p}.resource WHERE ${name} AND ${matching})`
    );
  }

  protected override jsonGet(json: string, path: readonly string[]): string {
    return `(${json} -> ${this.param(sqliteJsonPath(path))})`;
  }

  protected override jsonGetText(json: string, path: readonly string[]): string {
    return `(${json} ->> ${this.param(sqliteJsonPath(path))})`;
  }

  protected override jsonTypeOf(json: string, path: readonly string[]): string {
    return `json_type(${json}, ${this.param(sqliteJsonPath(path))})`;
  }

  protected override jsonNumber(json: string, path: readonly string[]): string {
    const type = this.jsonTypeOf(json, path);
    return `(CASE WHEN ${type} IN ('integer', 'real') THEN ${this.jsonGetText(json, path)} END)`;
  }

  protected override jsonEquals(json: string, path: readonly string[], value: JsonValue): string {
    // `->` renders the sub-value minified with the stored key order; the store keeps canonical
    // JSON (sorted keys), so comparing with the canonical text is exact equality.
    return `${this.jsonGet(json, path)} = ${this.jsonParam(value)}`;
  }

  protected override jsonTextNumber(column: string): string {
    return `(CASE WHEN json_type(${column}) IN ('integer', 'real') THEN json_extract(${column}, '$') END)`;
  }

  /** JSON is stored as text here already. */
  protected override jsonOfText(column: string): string {
    return column;
  }

  protected override jsonArrayElementText(column: string, index: number): string {
    return `CAST((${column} ->> ${this.param(`$[${index}]`)}) AS TEXT)`;
  }

  protected override textAgg(expr: string, orderBy: string): string {
    return `group_concat(${expr}, ',' ORDER BY ${orderBy})`;
  }
}
