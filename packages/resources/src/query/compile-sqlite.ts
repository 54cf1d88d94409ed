/**
 * The SQLite dialect: `REGEXP` (the RE2-backed function of regex.ts) and the
 * JSON1 `->`/`->>` operators with one `$."a"."b"` path parameter (quoted labels, so a key may hold
 * dots, quotes or a leading `$`).
 * @module
 */
import type { JsonValue } from './ast/comparison.js';
import { type NestedItem, QueryCompiler } from './compile.js';
import { prefixRange } from './regex.js';

/** `$."a"."b.c"`: a JSON path whose every label is quoted (backslash-escaped inside). */
export function sqliteJsonPath(path: readonly string[]): string {
  return `$${path.map((label) => `."${label.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join('')}`;
}

export class SqliteQueryCompiler extends QueryCompiler {
  readonly dialect = 'sqlite' as const;

  protected override regexMatch(subject: string, pattern: string): string {
    const range = prefixRange(pattern);
    // A plain column with a literal `^prefix`: add the equivalent range, which an index can answer
    // (SQLite compares text bytewise, so every match lies in it). Never on an expression holding
    // placeholders: repeating it would repeat positional `?`s.
    if (!range || subject.includes('?')) return `${subject} REGEXP ${this.param(pattern)}`;
    const low = this.param(range.low);
    const high = this.param(range.high);
    return `${subject} >= ${low} AND ${subject} < ${high} AND ${subject} REGEXP ${this.param(pattern)}`;
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

  protected override nestedList(
    items: readonly NestedItem[],
    from: string,
    orderBy: string,
    href: string,
  ): string {
    const fields = items.map(([key, sql, kind]) => {
      // Text columns holding JSON must be marked as JSON, and booleans are 0/1 here.
      const value =
        kind === 'json'
          ? `json(${sql})`
          : kind === 'boolean'
            ? `json(CASE WHEN ${sql} THEN 'true' ELSE 'false' END)`
            : sql;
      return `'${key}', ${value}`;
    });
    const rows = `SELECT json_object(${fields.join(', ')}) AS o FROM ${from} ORDER BY ${orderBy}`;
    return `json_object('data', (SELECT json_group_array(json(o)) FROM (${rows})), 'href', ${href})`;
  }
}
