/**
 * The root endpoint's query: `["from", entity, query?, ["order_by", ...]?, ["limit", n]?,
 * ["offset", n]?]` as JSON, or the same as PQL text (translated by pql/parse-pql.ts). Yields the
 * entity, its query for the usual pipeline, and the paging written inside the query.
 * @module
 */
import { defaults } from '../options.js';
import type { TopLevelQuery } from './ast/ast-node.js';
import { ENTITY_NAMES, type Entity, isEntity, PUPPETDB_ENTITIES } from './ast/entity.js';
import { invalid } from './errors.js';
import type { OrderTerm, Paging } from './paging.js';
import { type ParseLimits, parseJsonText, parseQuery } from './parse.js';
import { lowerOperator } from './parse-subquery.js';
import { parsePql } from './pql/parse-pql.js';

export interface RootQuery {
  readonly entity: Entity;
  readonly query: TopLevelQuery;
  /** Paging clauses of the query itself; URL or body parameters override them. */
  readonly paging: Partial<Pick<Paging, 'limit' | 'offset' | 'orderBy'>>;
  /** The query as JSON AST (what `ast_only=true` answers). */
  readonly ast: readonly unknown[];
}

const FORM =
  'Your initial query must be of the form: ["from",<entity>,(<optional-query>)]. Check your query and try again.';
const CLAUSES = new Set(['order_by', 'limit', 'offset']);

/** JSON text when it starts with `[`, PQL otherwise (PuppetDB's rule). */
export function parseRootText(text: string, limits: ParseLimits = defaults.parseLimits): RootQuery {
  const trimmed = text.trim();
  const json = trimmed.startsWith('[') ? parseJsonText(trimmed) : parsePql(trimmed);
  return parseRootQuery(json, limits);
}

export function parseRootQuery(json: unknown, limits: ParseLimits = defaults.parseLimits): RootQuery {
  if (!Array.isArray(json) || lowerOperator(json[0]) !== 'from' || json.length < 2) throw invalid(FORM);
  const entity = json[1];
  if (typeof entity !== 'string' || !isEntity(entity)) {
    if (typeof entity === 'string' && PUPPETDB_ENTITIES.includes(entity)) {
      throw invalid(`'${entity}' cannot be queried here: this service answers ${ROOT_ENTITIES}`);
    }
    throw invalid(`${JSON.stringify(entity)} is not an entity: use one of ${ROOT_ENTITIES}`);
  }
  const rest = json.slice(2);
  let query: TopLevelQuery;
  if (rest.length > 0 && !isClause(rest[0])) query = parseQuery(rest.shift(), limits);
  const paging: { limit?: number; offset?: number; orderBy?: OrderTerm[] } = {};
  const seen = new Set<string>();
  for (const clause of rest) {
    if (!isClause(clause)) throw invalid(FORM);
    const name = lowerOperator(clause[0]) as string;
    if (seen.has(name)) throw invalid(`Multiple '${name}' clauses are not permitted`);
    seen.add(name);
    if (name === 'order_by') paging.orderBy = readOrderClause(clause);
    else paging[name as 'limit' | 'offset'] = readCount(name, clause);
  }
  return { entity, query, paging, ast: json };
}

const ROOT_ENTITIES = ENTITY_NAMES.join(', ');

function isClause(value: unknown): value is unknown[] {
  return Array.isArray(value) && CLAUSES.has(lowerOperator(value[0]) as string);
}

function readCount(name: string, clause: readonly unknown[]): number {
  const value = clause[1];
  const least = name === 'limit' ? 1 : 0;
  if (clause.length !== 2 || typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
    throw invalid(
      `'${name}' takes one ${name === 'limit' ? 'positive' : 'non-negative'} integer, not ${JSON.stringify(clause.slice(1))}`,
    );
  }
  return value;
}

/** `["order_by", ["certname", ["title", "desc"]]]` */
function readOrderClause(clause: readonly unknown[]): OrderTerm[] {
  const terms = clause[1];
  if (clause.length !== 2 || !Array.isArray(terms)) {
    throw invalid(
      `'order_by' takes one list of fields, such as ["order_by", ["certname", ["title", "desc"]]]`,
    );
  }
  return terms.map((term): OrderTerm => {
    if (typeof term === 'string') return { field: term, direction: 'asc' };
    const [field, direction] = Array.isArray(term) ? term : [];
    const dir = typeof direction === 'string' ? direction.toLowerCase() : '';
    if (typeof field !== 'string' || (dir !== 'asc' && dir !== 'desc') || (term as unknown[]).length !== 2) {
      throw invalid(
        `${JSON.stringify(term)} is not an order_by term: use "field" or ["field", "asc" | "desc"]`,
      );
    }
    return { field, direction: dir };
  });
}
