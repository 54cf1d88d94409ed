/**
 * The request parameters of a query route (URL parameters of a GET, keys of a POST body), checked
 * with PuppetDB's error texts: limit, offset, order_by, include_total, plus the ones PuppetDB
 * 7.12 accepts and we ignore. Anything else is `Unsupported query parameter 'x'` (400).
 * @module
 */
import { QueryError } from './errors.js';
import type { OrderTerm, Paging } from './paging.js';

/** Parameters PuppetDB 7.12 accepts on /resources; the last four are accepted and ignored here. */
const KNOWN_PARAMETERS = new Set([
  'query',
  'limit',
  'offset',
  'order_by',
  'include_total',
  'pretty',
  'explain',
  'origin',
  'optimize_drop_unused_joins',
  'include_facts_expiration',
  'include_package_inventory',
]);

export interface QueryParameters {
  /** The query as sent: JSON text (GET, or a string in a POST body) or decoded JSON (POST). */
  readonly query: unknown;
  readonly paging: Paging;
  readonly pretty: boolean;
  /** Root endpoint only: answer the query's AST (PQL translated) instead of running it. */
  readonly astOnly: boolean;
  /** The values of the endpoint's own parameters (`extra` of readQueryParameters), as sent. */
  readonly extra: Readonly<Record<string, unknown>>;
}

function parameterError(message: string): QueryError {
  return new QueryError('ERR_QUERY_PARAMETER', message);
}

/** Java's Boolean.parseBoolean, as PuppetDB parses include_total and pretty: only "true" counts. */
function lenientBoolean(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/** PuppetDB reads limit and offset with Java's Integer.parseInt: larger values are illegal. */
export const MAX_PAGING_VALUE = 2_147_483_647;

function integerText(value: unknown): string | undefined {
  let text: string | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) text = String(value);
  else if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) text = value.trim();
  return text !== undefined && Number(text) <= MAX_PAGING_VALUE ? text : undefined;
}

function readLimit(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = integerText(value);
  if (text === undefined || Number(text) < 1) {
    throw parameterError(
      `Illegal value '${displayed(value)}' for :limit; expected a positive non-zero integer.`,
    );
  }
  return Number(text);
}

function readOffset(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = integerText(value);
  if (text === undefined) {
    throw parameterError(`Illegal value '${displayed(value)}' for :offset; expected a non-negative integer.`);
  }
  return Number(text);
}

function displayed(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Clojure's printed form of a map, as PuppetDB quotes an order_by entry: `{:field "a", :order "b"}`. */
function clojureMap(entry: Record<string, unknown>): string {
  const item = (v: unknown) =>
    v === null ? 'nil' : typeof v === 'object' ? JSON.stringify(v) : JSON.stringify(v);
  return `{${Object.entries(entry)
    .map(([k, v]) => `:${k} ${item(v)}`)
    .join(', ')}}`;
}

function readOrderBy(value: unknown): OrderTerm[] {
  if (value === undefined) return [];
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      throw parameterError(`Illegal value '${value}' for :order_by; expected a JSON array of maps.`);
    }
  }
  const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!Array.isArray(decoded) || !decoded.every(isMap)) {
    throw parameterError(`Illegal value '${displayed(value)}' for :order_by; expected an array of maps.`);
  }
  return (decoded as Record<string, unknown>[]).map(readOrderTerm);
}

function readOrderTerm(entry: Record<string, unknown>): OrderTerm {
  const shown = clojureMap(entry);
  const extra = Object.keys(entry).find((key) => key !== 'field' && key !== 'order');
  if (extra !== undefined)
    throw parameterError(`Illegal value '${shown}' in :order_by; unknown key '${extra}'.`);
  if (!('field' in entry))
    throw parameterError(`Illegal value '${shown}' in :order_by; missing required key field.`);
  const order =
    entry.order === undefined ? 'asc' : typeof entry.order === 'string' ? entry.order.toLowerCase() : '';
  if (order !== 'asc' && order !== 'desc') {
    throw parameterError(`Illegal value '${shown}' in :order_by; 'order' must be either 'asc' or 'desc'`);
  }
  const field = entry.field;
  // Whether the entity can be sorted by it is the compiler's check (compile-query.ts).
  if (typeof field !== 'string') {
    throw parameterError(`Illegal value '${shown}' in :order_by; 'field' must be a field name.`);
  }
  return { field, direction: order };
}

/**
 * Checks the parameters of one request. `values` maps names to what the client sent; a name sent
 * twice in a URL arrives as an array and is refused (which one would win is not obvious). The root
 * endpoint also takes `ast_only`, and some endpoints names of their own (`extra`, e.g. event-counts'
 * `summarize_by`), which they check themselves.
 */
export function readQueryParameters(
  values: Readonly<Record<string, unknown>>,
  source: 'url' | 'body',
  endpoint: 'entity' | 'root' = 'entity',
  extra: readonly string[] = [],
): QueryParameters {
  for (const [name, value] of Object.entries(values)) {
    const known =
      KNOWN_PARAMETERS.has(name) || (endpoint === 'root' && name === 'ast_only') || extra.includes(name);
    if (!known) throw parameterError(`Unsupported query parameter '${name}'`);
    if (source === 'url' && Array.isArray(value))
      throw parameterError(`Parameter '${name}' may be given only once`);
  }
  if (values.explain !== undefined) {
    throw parameterError(
      `Illegal value '${displayed(values.explain)}' for :explain; this service does not explain queries.`,
    );
  }
  return {
    query: values.query,
    paging: {
      limit: readLimit(values.limit),
      offset: readOffset(values.offset),
      orderBy: readOrderBy(values.order_by),
      includeTotal: lenientBoolean(values.include_total),
    },
    pretty: lenientBoolean(values.pretty),
    astOnly: lenientBoolean(values.ast_only),
    extra: Object.fromEntries(
      extra.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]),
    ),
  };
}
