/**
 * The PostgreSQL dialect: POSIX `~` (patterns were checked with RE2 first and
 * run under statement_timeout), and jsonb `->`/`->>` chains with one text parameter per label.
 * @module
 */
import type { JsonValue } from './ast/comparison.js';
import { SelectCompiler } from './compile-select.js';
import type { RegexIndex } from './regex-narrowing.js';

export class PostgresQueryCompiler extends SelectCompiler {
  readonly dialect = 'postgres' as const;

  /**
   * pg_trgm GIN indexes (migration 4) serve `~` on titles and files by themselves (titles with a
   * literal start through their bytewise btree first); fields with few distinct values are matched
   * value by value through their btree.
   */
  protected override regexStrategy(index: RegexIndex): 'values' | 'text' | undefined {
    return index.text ? 'text' : index.values ? 'values' : undefined;
  }

  protected override regexMatch(subject: string, pattern: string): string {
    return `${subject} ~ ${this.param(pattern)}`;
  }

  /**
   * The planner derives a range from `^prefix` only under the C collation, and a cluster is often
   * `C.UTF-8` or `en_US.UTF-8`; the compiler writes the range itself, against a btree of that
   * collation (migration 6).
   */
  protected override bytewiseColumn(column: string): string {
    return `${column} COLLATE "C"`;
  }

  protected override jsonString(sql: string): string {
    return `COALESCE(to_json(CAST(${sql} AS TEXT))::text, 'null')`;
  }

  protected override isoTimestamp(sql: string): string {
    return `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }

  /** As a double, so an average reads `2.5` rather than numeric's `2.5000000000000000`. */
  protected override jsonNumberText(sql: string): string {
    return `to_json(CAST(${sql} AS DOUBLE PRECISION))::text`;
  }

  /** jsonb's own text output (`{"a": 1}`). */
  protected override jsonText(sql: string): string {
    return `CAST(${sql} AS TEXT)`;
  }

  protected override textContains(haystack: string, needle: string): string {
    return `strpos(${haystack}, ${needle}) > 0`;
  }

  #chain(path: readonly string[], last: '->' | '->>'): string {
    return path
      .map((label, i) => `${i === path.length - 1 ? last : '->'} ${this.param(label)}::text`)
      .join(' ');
  }

  protected override jsonGet(json: string, path: readonly string[]): string {
    return `(${json} ${this.#chain(path, '->')})`;
  }

  protected override jsonGetText(json: string, path: readonly string[]): string {
    return `(${json} ${this.#chain(path, '->>')})`;
  }

  protected override jsonTypeOf(json: string, path: readonly string[]): string {
    return `jsonb_typeof${this.jsonGet(json, path)}`;
  }

  protected override jsonNumber(json: string, path: readonly string[]): string {
    const type = this.jsonTypeOf(json, path);
    return `(CASE WHEN ${type} = 'number' THEN (${this.jsonGetText(json, path)})::numeric END)`;
  }

  protected override tagsContain(alias: string, value: JsonValue): string | undefined {
    // Answered by the GIN index on tags (migration 2); tags are stored lower-cased, as `value` is.
    return typeof value === 'string' ? `${alias}.tags @> ${this.jsonParam([value])}::jsonb` : undefined;
  }

  /**
   * The names `predicate` picks from `tag_names` (every tag once, migration 15) become one jsonpath
   * predicate, `$[*] == "a" || $[*] == "b"`, that the GIN index on tags answers in one bitmap
   * scan (`@@`: `@?` would put a `?` in our SQL text, which placeholders.ts numbers). When no
   * name matches, a predicate no tag list meets: `@@` with NULL would be NULL, which `not` would
   * keep false.
   */
  protected override tagsMatch(alias: string, predicate: (tag: string) => string): string {
    const n = this.nextAlias('n');
    const names = `string_agg('$[*] == ' || to_json(${n}.tag)::text, ' || ')`;
    return (
      `${alias}.tags @@ (SELECT COALESCE(${names}, '$[*] == null')::jsonpath ` +
      `FROM tag_names ${n} WHERE ${predicate(`${n}.tag`)})`
    );
  }

  /** `tag_names` holds each tag once: a regular expression runs over it directly. */
  protected override tagRegex(tag: string, pattern: string): string {
    return this.regexMatch(tag, pattern);
  }

  /**
   * Containment over the parameters' GIN index, as for deeper paths: the rows come from a bitmap
   * of the resources themselves, so a type and a LIMIT cut the work (100 of 2,400 users by shell:
   * 1 ms, against 10 ms hashing every matching parameter row first; 900 services by ensure: 8-21
   * against 64-90 ms).
   */
  protected override topLevelEqualsByRow(): boolean {
    return false;
  }

  protected override jsonEquals(json: string, path: readonly string[], value: JsonValue): string {
    // Containment first so the GIN index on parameters can answer; equality keeps it exact.
    const nested = path.reduceRight<JsonValue>((inner, label) => ({ [label]: inner }), value);
    return `(${json} @> ${this.jsonParam(nested)}::jsonb AND ${this.jsonGet(json, path)} = ${this.jsonParam(value)}::jsonb)`;
  }

  protected override jsonTextNumber(column: string): string {
    return `(CASE WHEN jsonb_typeof(${column}::jsonb) = 'number' THEN (${column}::jsonb)::numeric END)`;
  }

  protected override jsonOfText(column: string): string {
    return `CAST(${column} AS JSONB)`;
  }

  protected override jsonArrayElementText(column: string, index: number): string {
    return `(CAST(${column} AS JSONB) ->> CAST(${this.param(index)} AS INTEGER))`;
  }

  protected override textAgg(expr: string, orderBy: string): string {
    return `string_agg(${expr}, ',' ORDER BY ${orderBy})`;
  }
}
