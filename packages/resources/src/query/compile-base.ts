/**
 * The ground floor of the query compiler: parameter binding (every value of a query goes into
 * `parameters`, bound in text order behind a `?`), fresh aliases for nested subqueries, and the
 * JSON and regex hooks each dialect (compile-sqlite.ts, compile-postgres.ts) implements. The
 * filter compiler (compile.ts) and its fact predicates (compile-facts.ts) build on it.
 * @module
 */

import { canonicalJson } from '../store/canonical-json.js';
import type { Dialect, SqlParam } from '../store/types.js';
import type { JsonValue } from './ast/comparison.js';

export abstract class SqlBuilder {
  abstract readonly dialect: Dialect;
  readonly #parameters: SqlParam[] = [];
  #depth = 0;

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
  /** The value of a column holding canonical JSON text as a number, or NULL when not a number. */
  protected abstract jsonTextNumber(column: string): string;
  /** A column holding JSON as text (facts), as the JSON the hooks above take. */
  protected abstract jsonOfText(column: string): string;
  /** Element `index` of the JSON array held as text in `column`, as text (numbers as digits). */
  protected abstract jsonArrayElementText(column: string, index: number): string;

  /** Binds a value and returns its placeholder; parameters bind in the order they are asked for. */
  protected param(value: SqlParam): string {
    this.#parameters.push(value);
    return '?';
  }

  /** Binds a JSON value as its canonical text (keys sorted, no spaces), as the store keeps it. */
  protected jsonParam(value: JsonValue): string {
    return this.param(canonicalJson(value));
  }

  /** Integers and strings bind as they are; a fractional number is cast so it meets an integer column. */
  protected scalarParam(value: JsonValue): string {
    if (typeof value === 'number' && !Number.isInteger(value)) return `CAST(${this.param(value)} AS NUMERIC)`;
    return this.param(value as SqlParam);
  }

  get parameters(): readonly SqlParam[] {
    return Object.freeze([...this.#parameters]);
  }

  /** A fresh alias for a nested subquery (`fx3`). */
  protected nextAlias(prefix: string): string {
    this.#depth += 1;
    return `${prefix}${this.#depth}`;
  }
}
