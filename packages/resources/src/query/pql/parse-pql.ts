/**
 * PQL (PuppetDB's query language, root endpoint only) -> the JSON AST of the same query:
 *
 *   resources[certname, title] { type = "File" and !(title ~ "^/etc") order by title desc limit 10 }
 *   -> ["from", "resources", ["extract", ["certname", "title"], ["and", ["=", "type", "File"],
 *      ["not", ["~", "title", "^/etc"]]]], ["order_by", [["title", "desc"]]], ["limit", 10]]
 *
 * Operators `= != ~ !~ < <= > >= ~> in`, `is [not] null`, `and`, `or`, `!`, parentheses; lists
 * only after `in`; implicit subqueries (`resources { nodes { certname = "a" } }`) and `in` with an
 * entity (`certname in nodes[certname] { ... }`); functions `count() avg() sum() min() max()` in a
 * projection; `group by`, `order by`, `limit`, `offset`. The JSON AST then goes through the same
 * parse -> validate -> compile pipeline as any other query.
 * @module
 */
import { PUPPETDB_ENTITIES } from '../ast/entity.js';
import { pqlError, type Token, tokenize } from './lexer.js';

type Json = unknown;

const COMPARISONS = new Set(['=', '!=', '~', '!~', '<', '<=', '>', '>=', '~>']);
const FUNCTIONS = new Set(['count', 'avg', 'sum', 'min', 'max']);
const PAGING_WORDS = new Set(['limit', 'offset', 'order', 'group']);

class PqlParser {
  readonly #text: string;
  readonly #tokens: Token[];
  #index = 0;

  constructor(text: string) {
    this.#text = text;
    this.#tokens = tokenize(text);
  }

  parse(): Json[] {
    const from = this.#from();
    this.#expect('end', undefined, 'the end of the query');
    return from;
  }

  #peek(offset = 0): Token {
    return this.#tokens[Math.min(this.#index + offset, this.#tokens.length - 1)]!;
  }

  #next(): Token {
    const token = this.#peek();
    if (token.kind !== 'end') this.#index += 1;
    return token;
  }

  #is(kind: Token['kind'], text?: string, offset = 0): boolean {
    const token = this.#peek(offset);
    return token.kind === kind && (text === undefined || token.text.toLowerCase() === text);
  }

  #expect(kind: Token['kind'], text: string | undefined, expected: string): Token {
    if (!this.#is(kind, text)) throw pqlError(this.#text, this.#peek().at, expected);
    return this.#next();
  }

  #entity(): string {
    const token = this.#peek();
    if (token.kind !== 'word' || !PUPPETDB_ENTITIES.includes(token.text)) {
      throw pqlError(this.#text, token.at, `an entity: ${PUPPETDB_ENTITIES.join(', ')}`);
    }
    return this.#next().text;
  }

  /** `entity [projection] { body }` as `["from", entity, query?, paging...]`. */
  #from(): Json[] {
    const entity = this.#entity();
    const projection = this.#is('punct', '[') ? this.#projection() : undefined;
    this.#expect('punct', '{', '{');
    const filter = this.#is('punct', '}') || this.#isPagingWord() ? undefined : this.#expression();
    const { groupBy, clauses } = this.#tail();
    this.#expect('punct', '}', '}, a paging clause or a boolean operator');
    let query: Json | undefined = filter;
    if (projection) {
      query = ['extract', projection, ...(filter === undefined ? [] : [filter])];
      if (groupBy) (query as Json[]).push(['group_by', ...groupBy]);
    } else if (groupBy) {
      throw pqlError(this.#text, this.#peek(-1).at, 'a projection ([fields]) before group by');
    }
    return ['from', entity, ...(query === undefined ? [] : [query]), ...clauses];
  }

  #isPagingWord(): boolean {
    return this.#is('word') && PAGING_WORDS.has(this.#peek().text.toLowerCase());
  }

  /** `group by`, `order by`, `limit` and `offset`, in any order. */
  #tail(): { groupBy: string[] | undefined; clauses: Json[] } {
    let groupBy: string[] | undefined;
    const clauses: Json[] = [];
    while (this.#isPagingWord()) {
      const word = this.#next().text.toLowerCase();
      if (word === 'limit' || word === 'offset') {
        const value = this.#expect('number', undefined, `a whole number after ${word}`);
        clauses.push([word, Number(value.text)]);
      } else {
        this.#expect('word', 'by', `by after ${word}`);
        if (word === 'group') groupBy = this.#list(() => this.#field());
        else clauses.push(['order_by', this.#list(() => this.#orderTerm())]);
      }
    }
    return { groupBy, clauses };
  }

  #orderTerm(): Json {
    const field = this.#field();
    if (this.#is('word', 'asc') || this.#is('word', 'desc')) return [field, this.#next().text.toLowerCase()];
    return field;
  }

  #list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.#is('punct', ',')) {
      this.#next();
      items.push(item());
    }
    return items;
  }

  /** `[field, count(), avg(line)]` */
  #projection(): Json[] {
    this.#expect('punct', '[', '[');
    const items = this.#is('punct', ']') ? [] : this.#list(() => this.#projectionItem());
    this.#expect('punct', ']', ', or ]');
    return items;
  }

  #projectionItem(): Json {
    const word = this.#field();
    if (!this.#is('punct', '(')) return word;
    if (!FUNCTIONS.has(word.toLowerCase())) {
      throw pqlError(this.#text, this.#peek().at, 'a function: count, avg, sum, min or max');
    }
    this.#next();
    const args = this.#is('punct', ')') ? [] : [this.#field()];
    this.#expect('punct', ')', ')');
    return ['function', word.toLowerCase(), ...args];
  }

  #field(): string {
    return this.#expect('word', undefined, 'a field name').text;
  }

  #expression(): Json {
    const operands = [this.#and()];
    while (this.#is('word', 'or')) {
      this.#next();
      operands.push(this.#and());
    }
    return operands.length === 1 ? operands[0] : ['or', ...operands];
  }

  #and(): Json {
    const operands = [this.#not()];
    while (this.#is('word', 'and')) {
      this.#next();
      operands.push(this.#not());
    }
    return operands.length === 1 ? operands[0] : ['and', ...operands];
  }

  #not(): Json {
    if (this.#is('punct', '!')) {
      this.#next();
      return ['not', this.#not()];
    }
    return this.#primary();
  }

  #primary(): Json {
    if (this.#is('punct', '(')) {
      this.#next();
      const inner = this.#expression();
      this.#expect('punct', ')', ')');
      return inner;
    }
    if (this.#is('punct', '[')) return this.#multiFieldIn();
    // An entity followed by `{` or `[` is an implicit subquery, not a field.
    const token = this.#peek();
    if (token.kind === 'word' && PUPPETDB_ENTITIES.includes(token.text) && this.#is('punct', '{', 1)) {
      const [, entity, query] = this.#from();
      return ['subquery', entity, ...(query === undefined || isPagingClause(query) ? [] : [query])];
    }
    return this.#condition();
  }

  /** `[a, b] in entity[x, y] { ... }` */
  #multiFieldIn(): Json {
    this.#next();
    const fields = this.#list(() => this.#field());
    this.#expect('punct', ']', ', or ]');
    this.#expect('word', 'in', 'in after a field list');
    return ['in', fields, this.#inSubquery()];
  }

  #inSubquery(): Json {
    const [, entity, query, ...clauses] = this.#from();
    if (clauses.length > 0 || !Array.isArray(query) || query[0] !== 'extract') {
      throw pqlError(this.#text, this.#peek(-1).at, 'a subquery with a projection and no paging after in');
    }
    return ['from', entity, query];
  }

  #condition(): Json {
    const field = this.#field();
    if (this.#is('word', 'is')) {
      this.#next();
      const negated = this.#is('word', 'not');
      if (negated) this.#next();
      this.#expect('word', 'null', 'null');
      return ['null?', field, !negated];
    }
    if (this.#is('word', 'in')) {
      this.#next();
      if (this.#is('punct', '[')) return ['in', field, ['array', this.#array()]];
      return ['in', field, this.#inSubquery()];
    }
    const op = this.#peek();
    if (op.kind !== 'punct' || !COMPARISONS.has(op.text)) {
      throw pqlError(this.#text, op.at, 'an operator: = != ~ !~ < <= > >= ~> in, or is null');
    }
    this.#next();
    const value = this.#value();
    if (op.text === '!=') return ['not', ['=', field, value]];
    if (op.text === '!~') return ['not', ['~', field, value]];
    return [op.text, field, value];
  }

  #array(): Json[] {
    this.#expect('punct', '[', '[');
    const values = this.#list(() => this.#value());
    this.#expect('punct', ']', ', or ]');
    return values;
  }

  #value(): Json {
    const token = this.#peek();
    if (token.kind === 'string') return this.#next().text;
    if (token.kind === 'number') return Number(this.#next().text);
    if (token.kind === 'word' && (token.text === 'true' || token.text === 'false')) {
      return this.#next().text === 'true';
    }
    if (token.kind === 'punct' && token.text === '[') return this.#array();
    throw pqlError(this.#text, token.at, 'a value: a string, a number, true, false or a list');
  }
}

function isPagingClause(value: Json): boolean {
  return Array.isArray(value) && ['limit', 'offset', 'order_by'].includes(value[0] as string);
}

/** Translates a PQL query into its JSON AST (`["from", entity, ...]`); a 400 with PuppetDB's layout otherwise. */
export function parsePql(text: string): Json[] {
  return new PqlParser(text).parse();
}
