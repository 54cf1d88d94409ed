/**
 * @module store/statement-names
 * Names for the statements of write transactions on PostgreSQL. A named statement is parsed and
 * planned once per connection and then only bound and executed: a waited command is answered
 * after its transaction, and parsing and planning its few statements each time cost about as much
 * as executing them. Commands use a small, fixed set of statement texts; a query's text depends on
 * the request, so queries stay unnamed, and so does a statement with a list of values
 * (`IN ($1, $2, ...)`), whose text changes with the list's length. The names are capped besides,
 * so no text could grow every connection's prepared statements without end: past the cap a
 * statement runs unnamed, as before.
 */

/** Statement texts named at most, per store. */
const MAX_NAMED_STATEMENTS = 200;

/** A list of placeholders: `IN ($3, $4`. */
const VALUE_LIST = /\bIN\s*\(\s*\$\d+\s*,/i;

/** One store's names: the same text always gets the same name, on every connection of its pool. */
export class StatementNames {
  readonly #names = new Map<string, string>();

  /** The name of `sql`, or undefined when it runs unnamed (the cap is reached). */
  nameOf(sql: string): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined || this.#names.size >= MAX_NAMED_STATEMENTS || VALUE_LIST.test(sql)) return known;
    const name = `gatehouse_${this.#names.size}`;
    this.#names.set(sql, name);
    return name;
  }
}
