/**
 * The shape of an entity description: where its rows come from, which fields a query may name
 * (with their types and SQL columns), and what one answer object holds. One file per entity
 * beside this one; `../fields.ts` gathers them.
 * @module
 */

import type { RegexIndex } from '../regex-narrowing.js';

/**
 * How a field compares. `json` is the parameters object (dotted paths go inside it); `array` is
 * the tag list; `query-only` is `tag`, which is rewritten to `tags`; `fact-value` is a fact's value,
 * any JSON, stored as canonical JSON text beside its raw string (`value_string`); `path` is a fact
 * path (`["os", "release", 0]`), stored as its canonical JSON text, compared whole with `=` and
 * element by element with `~>`.
 */
export type FieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'timestamp'
  | 'array'
  | 'json'
  | 'query-only'
  | 'fact-value'
  | 'path';

export interface FieldSpec {
  readonly type: FieldType;
  /** Column of the entity's rows (undefined for `tag`). */
  readonly column: string | undefined;
  /** May appear in extract, group_by and order_by. */
  readonly projectable: boolean;
  /** How rows are narrowed before a `~` on the field runs (none: the regex meets every row). */
  readonly regexIndex?: RegexIndex;
  /**
   * The column holds canonical JSON text: `value` compares a query value by its JSON text (`=`,
   * `in`) and answers it as JSON; `list` is a JSON list of strings whose `=` means "has this
   * element". `~` matches the JSON text either way.
   */
  readonly jsonText?: 'value' | 'list';
}

/**
 * How the compiler's SQL renders one output value as JSON: a field type, `json-text` (JSON the
 * database holds, spliced as is or null), `count`, the nested lists of a catalog, a factset or a
 * report (`{"data": [...], "href": ...}`), or a node's facts as one object (`facts-object`) or its
 * `trusted` fact (`trusted-fact`); for these the column is the certname's.
 */
export type OutputType = FieldType | 'json-text' | 'count' | NestedOutput | 'facts-object' | 'trusted-fact';

/** The outputs rendered as `{"data": [...], "href": ...}` lists of another table's rows. */
export type NestedOutput =
  | 'catalog-resources'
  | 'catalog-edges'
  | 'factset-facts'
  | 'report-events'
  | 'report-metrics'
  | 'report-logs';

/** One key of an entity's answer object, in PuppetDB's key order. */
export interface OutputSpec {
  readonly key: string;
  /** Column of the entity's rows (for nested catalog lists: the certname column). */
  readonly column: string;
  readonly type: OutputType;
}

export interface EntitySpec {
  /** The rows: a table name, or a parenthesised SELECT whose columns are the fields' columns. */
  readonly source: string;
  /** Short alias used in SQL; subqueries nest, so the compiler suffixes a depth to it. */
  readonly alias: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** The answer object of one row, in PuppetDB's key order. */
  readonly output: readonly OutputSpec[];
  /**
   * The entity belongs to nodes (it has a `certname`): `node_state` may be queried and, when
   * the query names none, only active nodes' rows are answered.
   */
  readonly nodeState: boolean;
  /** Answers are the bare values of this field instead of objects (`fact-names`). */
  readonly scalar?: string;
  /**
   * The fields as PuppetDB lists them in its error texts, in its order: the extractable ones for
   * `Acceptable fields are ...`, all of them for order_by's `Supported columns are ...`, and then
   * every one of them may be an order_by column. Unset: sorted names, scalar fields orderable.
   */
  readonly projections?: readonly string[];
  /** The entity's name in PuppetDB's error texts when it differs (`fact_nodes` for fact_contents). */
  readonly label?: string;
  /** `source` is a table SQLite keeps with a rowid, by which a page of its rows is picked. */
  readonly rowid?: true;
  /** Reports: only agent reports unless the query names `type` (PuppetDB's default). */
  readonly defaultAgentReports?: true;
}

export const column = (type: FieldType, name: string, regexIndex?: RegexIndex): FieldSpec =>
  Object.freeze({ type, column: name, projectable: true, ...(regexIndex ? { regexIndex } : {}) });

export const output = (key: string, type: OutputType, columnName = key): OutputSpec =>
  Object.freeze({ key, column: columnName, type });
