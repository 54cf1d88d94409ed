/**
 * Parsing of what `in` tests membership of, and of `subquery`: entity names, `select_<entity>`,
 * `["from", entity, ["extract", ...]]` and `["array", [...]]`.
 * @module
 */
import { type Entity, isEntity, PUPPETDB_ENTITIES } from './ast/entity.js';
import { ArrayValues, Select } from './ast/membership.js';
import type { ArrayElement, ArrayValuesNode, QueryNode, SelectNode } from './ast/query-node.js';
import { invalid } from './errors.js';

export type FilterParser = (raw: unknown) => QueryNode;

/** Checks an entity name that this service can query, with precise texts for the others. */
export function parseEntity(name: unknown, context: 'select' | 'subquery' | 'from'): Entity {
  if (typeof name === 'string' && isEntity(name)) return name;
  if (context === 'subquery') throw invalid(`No implicit relationship for entity '${String(name)}'`);
  if (typeof name === 'string' && PUPPETDB_ENTITIES.includes(name)) {
    throw invalid(
      `Subqueries on '${name}' are not supported: this service stores nodes, facts, catalogs and their resources`,
    );
  }
  throw invalid(`Unknown entity '${String(name)}' in ${context}`);
}

/** `select_nodes` -> `nodes`, with PuppetDB's hint for near misses such as `select-nodes`. */
export function parseSelectOperator(op: unknown): Entity {
  if (typeof op === 'string' && op.startsWith('select_')) return parseEntity(op.slice(7), 'select');
  const text = String(op);
  const hint = text.replace(/^select[^a-z0-9]?/i, 'select_').toLowerCase();
  if (hint.startsWith('select_') && PUPPETDB_ENTITIES.includes(hint.slice(7))) {
    throw invalid(`Unsupported subquery \`${text}\` - did you mean \`${hint}\`?`);
  }
  throw invalid(`Unsupported subquery \`${text}\``);
}

export function parseArrayValues(raw: readonly unknown[]): ArrayValuesNode {
  if (raw.length !== 2 || !Array.isArray(raw[1]))
    throw invalid("'array' takes exactly one argument, a JSON array");
  const values = raw[1] as unknown[];
  for (const value of values) {
    if (!isArrayElement(value)) {
      throw invalid(
        `'array' values must be strings, numbers, booleans or fact paths, not ${JSON.stringify(value)}`,
      );
    }
  }
  return ArrayValues.create(values as ArrayElement[]);
}

function isScalar(value: unknown): value is string | number | boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function isArrayElement(value: unknown): value is ArrayElement {
  if (!Array.isArray(value)) return isScalar(value);
  return value.length > 0 && value.every((part) => typeof part === 'string' || Number.isInteger(part));
}

/** The column list of an `extract`: one name or an array of names. */
export function parseColumnNames(raw: unknown): string[] {
  const names = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) {
    throw invalid(
      `extract columns must be a field name or a non-empty array of field names, not ${JSON.stringify(raw)}`,
    );
  }
  return names as string[];
}

/** `["extract", cols, ["select_<entity>", Q?]]` inside `in`. */
export function parseExtractSelect(raw: readonly unknown[], parseFilter: FilterParser): SelectNode {
  if (raw.length !== 3)
    throw invalid("'extract' inside 'in' takes a column list and a select_<entity> subquery");
  const columns = parseColumnNames(raw[1]);
  const select = raw[2];
  if (!Array.isArray(select) || select.length === 0) {
    throw invalid("'extract' inside 'in' needs a [\"select_<entity>\", query] subquery");
  }
  const entity = parseSelectOperator(lowerOperator(select[0]));
  if (select.length > 2) throw invalid(`'${String(select[0])}' takes at most one query`);
  return Select.create(entity, columns, optionalFilter(select[1], parseFilter));
}

/** `["from", entity, ["extract", cols, Q?]]` inside `in`. */
export function parseFromSelect(raw: readonly unknown[], parseFilter: FilterParser): SelectNode {
  const entity = parseEntity(raw[1], 'from');
  const extract = raw[2];
  if (raw.length !== 3 || !Array.isArray(extract) || lowerOperator(extract[0]) !== 'extract') {
    throw invalid(
      '\'from\' inside \'in\' must be ["from", entity, ["extract", columns, query]]; paging is not supported there',
    );
  }
  if (extract.length < 2 || extract.length > 3)
    throw invalid("'extract' takes a column list and an optional query");
  return Select.create(entity, parseColumnNames(extract[1]), optionalFilter(extract[2], parseFilter));
}

function optionalFilter(raw: unknown, parseFilter: FilterParser): QueryNode | undefined {
  return raw === undefined || raw === null ? undefined : parseFilter(raw);
}

/** Operator names are case-insensitive in PuppetDB (`"AND"` works); field names are not. */
export function lowerOperator(op: unknown): unknown {
  return typeof op === 'string' ? op.toLowerCase() : op;
}
