/**
 * @module commands/fact-tree
 * A node's facts as the rows of `fact_contents`: one per leaf of every fact's tree, as PuppetDB
 * flattens them (facts.clj): a path descends through hash keys (strings) and array indexes
 * (numbers), a leaf is a string, number, boolean or null, and an empty hash or array has no row.
 */

import { canonicalJson } from '../store/canonical-json.js';
import type { BulkColumns, SqlParam } from '../store/types.js';

/** PuppetDB's type words for a leaf (its `value_types` table). */
export type LeafType = 'string' | 'integer' | 'float' | 'boolean' | 'null';

export const FACT_CONTENT_COLUMNS: BulkColumns = [
  ['certname', 'text'],
  ['path', 'text'],
  ['name', 'text'],
  ['depth', 'int'],
  ['value_type', 'text'],
  ['value', 'text'],
  ['value_string', 'text'],
];

function leafType(value: unknown): LeafType {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return Number.isInteger(value) ? 'integer' : 'float';
}

/** The `fact_contents` rows of a node's facts, in the order of FACT_CONTENT_COLUMNS after the certname. */
export function factContentRows(facts: Readonly<Record<string, unknown>>): SqlParam[][] {
  const rows: SqlParam[][] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    } else {
      const type = leafType(value);
      const text = typeof value === 'string' ? value : null;
      rows.push([canonicalJson(path), String(path[0]), path.length - 1, type, canonicalJson(value), text]);
    }
  };
  for (const [name, value] of Object.entries(facts)) walk(value, [name]);
  return rows;
}
