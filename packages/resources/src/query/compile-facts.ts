/**
 * The fact predicates of the filter compiler: a fact value (`facts`, `fact_contents`, `["fact",
 * NAME]` on nodes), a fact path (`fact_contents`, `fact_paths`), and the dotted `facts.<path>` and
 * `trusted.<path>` of `inventory`, which look the node's fact up in `facts` (indexed by name)
 * instead of building each node's facts object.
 * @module
 */

import type { ComparisonNode, JsonValue } from './ast/comparison.js';
import type { DottedParameterFieldNode } from './ast/field.js';
import { SqlBuilder } from './compile-base.js';

type Operator = ComparisonNode['operator'];

/** A pattern that matches only itself: letters, digits, `_` and `-` (no regex syntax). */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

export abstract class FactFilterCompiler extends SqlBuilder {
  /**
   * A predicate on the fact value of row `alias` (columns `value`, canonical JSON, and
   * `value_string`): `=` typed, `~` on strings (other values by their JSON text), inequalities on
   * numbers only.
   */
  protected factValuePredicate(alias: string, operator: Operator, value: JsonValue): string {
    if (operator === '=') return `${alias}.value = ${this.jsonParam(value)}`;
    if (operator === '~')
      return this.regexMatch(`COALESCE(${alias}.value_string, ${alias}.value)`, value as string);
    if (operator === '~>') throw new Error('unreachable: the validator refuses ~> on fact values');
    return `${this.jsonTextNumber(`${alias}.value`)} ${operator} ${this.scalarParam(value)}`;
  }

  /** Nodes (`certname` column SQL) having fact `name` whose row passes `predicate` (SQL over the row's alias). */
  protected nodesWithFact(certname: string, name: string, predicate: (fx: string) => string): string {
    const fx = this.nextAlias('fx');
    // Built left to right: SQLite's `?` placeholders are positional.
    const named = `${fx}.name = ${this.param(name)}`;
    return `${certname} IN (SELECT ${fx}.certname FROM facts ${fx} WHERE ${named} AND ${predicate(fx)})`;
  }

  /**
   * `path = [..]` whole, `path ~> [regex..]` element by element (each pattern matches a whole
   * element) on the rows `alias` (columns `path`, `name`, `depth`). For `~>` the depth is compared
   * first, and a first pattern that is a plain name is the fact's name (indexed), not a regex.
   */
  protected pathPredicate(alias: string, column: string, operator: Operator, value: JsonValue): string {
    if (operator === '=') return `${column} = ${this.jsonParam(value)}`;
    const patterns = value as readonly string[];
    const parts = [`${alias}.depth = ${this.param(patterns.length - 1)}`];
    patterns.forEach((pattern, index) => {
      if (index === 0 && PLAIN_NAME.test(pattern)) parts.push(`${alias}.name = ${this.param(pattern)}`);
      else parts.push(this.regexMatch(this.jsonArrayElementText(column, index), `^(?:${pattern})$`));
    });
    return `(${parts.join(' AND ')})`;
  }

  /** The fact a dotted inventory field starts from, and the path inside its value. */
  #factAndPath(field: DottedParameterFieldNode): { name: string; inside: readonly string[] } {
    if (field.root === 'trusted') return { name: 'trusted', inside: field.path };
    return { name: field.path[0]!, inside: field.path.slice(1) };
  }

  /** `facts.<path> op value` / `trusted.<path> op value` on the inventory row `alias`. */
  protected factDottedComparison(
    alias: string,
    field: DottedParameterFieldNode,
    operator: Operator,
    value: JsonValue,
  ): string {
    const { name, inside } = this.#factAndPath(field);
    return this.nodesWithFact(`${alias}.certname`, name, (fx) => {
      if (inside.length === 0) return this.factValuePredicate(fx, operator, value);
      const json = this.jsonOfText(`${fx}.value`);
      if (operator === '=') return this.jsonEquals(json, inside, value);
      if (operator === '~') {
        const present = `${this.jsonGetText(json, inside)} IS NOT NULL`;
        return `(${present} AND ${this.regexMatch(this.jsonGetText(json, inside), value as string)})`;
      }
      return `${this.jsonNumber(json, inside)} ${operator} ${this.scalarParam(value)}`;
    });
  }

  /**
   * `["null?", "facts.<path>", bool]`: the value there is JSON null (true) or another value (false);
   * a missing path is neither, as for `parameters.<path>` and in PuppetDB.
   */
  protected factDottedNullCheck(alias: string, field: DottedParameterFieldNode, isNull: boolean): string {
    const { name, inside } = this.#factAndPath(field);
    const comparison = isNull ? '=' : '<>';
    return this.nodesWithFact(`${alias}.certname`, name, (fx) =>
      inside.length === 0
        ? `${fx}.value ${comparison} 'null'`
        : `${this.jsonTypeOf(this.jsonOfText(`${fx}.value`), inside)} ${comparison} 'null'`,
    );
  }

  /** The value of `facts.<path>` / `trusted.<path>` for the inventory row `alias`, as JSON (an extract). */
  protected factDottedValue(alias: string, field: DottedParameterFieldNode): string {
    const { name, inside } = this.#factAndPath(field);
    const fx = this.nextAlias('fx');
    // The value's path parameters come first in the text, so they are bound first.
    const value = inside.length === 0 ? `${fx}.value` : this.jsonGet(this.jsonOfText(`${fx}.value`), inside);
    const named = `${fx}.certname = ${alias}.certname AND ${fx}.name = ${this.param(name)}`;
    return `(SELECT ${value} FROM facts ${fx} WHERE ${named})`;
  }
}
