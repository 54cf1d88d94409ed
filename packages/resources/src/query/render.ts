/**
 * Rows -> JSON text, one object at a time, so a response can be streamed with flat memory.
 * JSON columns (tags, parameters, dotted extracts, fact values, a catalog's lists) arrive from both drivers as JSON text written
 * by the database itself and are spliced in as they are, never parsed and re-serialised.
 * @module
 */

import type { Row } from '../store/types.js';
import type { OutputColumn, OutputType } from './compile.js';

function renderValue(value: unknown, type: OutputType): string {
  switch (type) {
    case 'string':
    case 'timestamp':
    case 'query-only':
      return value === null || value === undefined ? 'null' : JSON.stringify(String(value));
    case 'number':
      return value === null || value === undefined ? 'null' : JSON.stringify(Number(value));
    case 'count':
      return JSON.stringify(Number(value ?? 0));
    case 'boolean':
      return value === null || value === undefined
        ? 'null'
        : String(value === true || value === 1 || value === '1');
    case 'array':
      return value === null || value === undefined ? '[]' : String(value);
    case 'json':
      // PuppetDB turns a missing parameters object into {}.
      return value === null || value === undefined ? '{}' : String(value);
    case 'json-text':
    case 'fact-value':
    case 'catalog-resources':
    case 'catalog-edges':
      return value === null || value === undefined ? 'null' : String(value);
  }
}

/**
 * Builds the renderer of one row; keys are encoded once, not per row. A `scalar` answer is the
 * first column's bare value (fact-names are strings, not objects).
 */
export function rowRenderer(columns: readonly OutputColumn[], scalar = false): (row: Row) => string {
  if (scalar) {
    const only = columns[0]!;
    return (row) => renderValue(row[only.alias], only.type);
  }
  const keys = columns.map((column) => `${JSON.stringify(column.key)}:`);
  return (row) => {
    let text = '{';
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      text += `${i === 0 ? '' : ','}${keys[i]}${renderValue(row[column.alias], column.type)}`;
    }
    return `${text}}`;
  };
}
