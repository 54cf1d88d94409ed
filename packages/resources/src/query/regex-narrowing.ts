/**
 * SQL that narrows rows through an index before a regular expression runs on them, so a `~` costs
 * the rows that can match instead of every row (measured in bench/RESULTS-resources.md):
 *
 * - **distinct values**: a field with few distinct values behind a btree (type, certname,
 *   environment, tag, a parameter's values on SQLite) is matched value by value, each distinct
 *   value once, read by a loose index scan (a recursive CTE stepping `min(col) WHERE col > prev`);
 *   the rows then come from the field's index.
 * - **trigram text index**: for titles (SQLite FTS5 `tokenize='trigram'` over the distinct titles,
 *   whose matches then select rows by the title btree; PostgreSQL pg_trgm GIN on the rows, which
 *   the planner applies to `~` by itself) the substrings every match must contain
 *   (regex-literals.ts) select the candidate rows.
 * - **prefix ranges**: an anchored pattern's literal starts become `col >= 'p' AND col < 'q'` in
 *   bytewise order: SQLite's text order; on PostgreSQL through `COLLATE "C"` and a btree of that
 *   collation (migration 6), since its planner derives no range under other collations.
 * The regex always runs last, with RE2 on SQLite (linear time) and PostgreSQL's engine under
 * statement_timeout, so narrowing never changes an answer.
 * @module
 */
import { type Requirement, regexLiterals } from './regex-literals.js';

/** Prefixes usable as bytewise ranges: printable ASCII (a code point + 1 stays a plain character). */
export const RANGE_PREFIX = /^[\x20-\x7e]+$/;

/** How the rows of a field can be narrowed before `~` runs. */
export interface RegexIndex {
  /** A table and column whose btree lists the field's distinct values (leading column). */
  readonly values?: readonly [table: string, column: string];
  /**
   * With `values`: that table holds each value once (certnames, environments), so it is read
   * directly; the planner then knows how few rows it gives.
   */
  readonly list?: boolean;
  /**
   * A trigram index covers the column (SQLite: FTS5 table `<table>_<column>_text` over the
   * column's distinct values, in a column of the same name).
   */
  readonly text?: boolean;
  /**
   * PostgreSQL: a btree holds the column in bytewise order (`COLLATE "C"`), so an anchored
   * pattern's literal starts narrow to index ranges (SQLite's text order is bytewise anyway).
   */
  readonly bytewise?: boolean;
}

/** What the compiler lends the narrowing builders: parameter binding and fresh aliases. */
export interface SqlBinder {
  param(value: string): string;
  alias(prefix: string): string;
}

/**
 * The distinct non-null values of `table.column` as a query of one column `v`, read by a loose
 * index scan: one index seek per distinct value instead of one step per row. `filter` pins a
 * leading column first (`resource_params` by parameter name). Binds parameters left to right.
 */
export function distinctValues(
  b: SqlBinder,
  table: string,
  column: string,
  filter?: readonly [column: string, value: string],
): { readonly cte: string; readonly alias: string } {
  const d = b.alias('d');
  const where = (extra: string) => {
    const pinned = filter ? `${filter[0]} = ${b.param(filter[1])}` : undefined;
    return [pinned, extra].filter(Boolean).join(' AND ');
  };
  const first = `SELECT min(${column}) FROM ${table}${filter ? ` WHERE ${where('')}` : ''}`;
  const next = `SELECT min(${column}) FROM ${table} WHERE ${where(`${column} > ${d}.v`)}`;
  return {
    cte: `WITH RECURSIVE ${d}(v) AS (${first} UNION ALL SELECT (${next}) FROM ${d} WHERE ${d}.v IS NOT NULL)`,
    alias: d,
  };
}

/** An FTS5 MATCH expression for a requirement: quoted phrases (substrings for trigrams), AND, OR. */
export function ftsQuery(requirement: Requirement): string {
  if (requirement.kind === 'literal') return `"${requirement.text.replaceAll('"', '""')}"`;
  return `(${requirement.parts.map(ftsQuery).join(requirement.kind === 'and' ? ' AND ' : ' OR ')})`;
}

/** The half-open range of strings starting with `prefix` in bytewise (SQLite) order. */
export function prefixBounds(prefix: string): readonly [low: string, high: string] {
  const last = prefix.codePointAt(prefix.length - 1)!;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return [prefix, head + String.fromCodePoint(last + 1)];
}

/**
 * `subject` within the bytewise ranges of the literal starts of `pattern` (every match lies in
 * one of them), or undefined when the pattern has none usable as a range. Binds left to right.
 */
export function prefixRanges(b: SqlBinder, subject: string, pattern: string): string | undefined {
  const prefixes = regexLiterals(pattern).prefixes;
  if (!prefixes?.every((p) => RANGE_PREFIX.test(p))) return undefined;
  const ranges = prefixes.map((prefix) => {
    const [low, high] = prefixBounds(prefix);
    return `(${subject} >= ${b.param(low)} AND ${subject} < ${b.param(high)})`;
  });
  return ranges.length === 1 ? ranges[0] : `(${ranges.join(' OR ')})`;
}
