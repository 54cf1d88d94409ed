/**
 * Per-field checks of a comparison's value, with PuppetDB's error texts. No type coercion: the
 * string "10" is never a number (PuppetDB rejects it for `line` too).
 * @module
 */

import { canonicalTimestamp } from '../store/timestamps.js';
import { type ComparisonOperator, INEQUALITY_OPERATORS, type JsonValue } from './ast/comparison.js';
import type { ArrayElement } from './ast/query-node.js';
import { invalid } from './errors.js';
import type { FieldType } from './fields.js';

const INEQUALITIES = INEQUALITY_OPERATORS.join(',');

/** `Argument "22"`: strings and numbers bare, anything else as JSON. */
export function argumentText(value: JsonValue): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

export function operatorNotAllowed(op: ComparisonOperator, label: string): Error {
  return INEQUALITY_OPERATORS.includes(op)
    ? invalid(`Query operators ${INEQUALITIES} are not allowed on field ${label}`)
    : invalid(`Query operator ${op} is not allowed on field ${label}`);
}

const TYPE_WORD: Record<FieldType, string> = {
  string: 'string',
  number: 'numeric',
  boolean: 'boolean',
  timestamp: 'timestamp',
  array: 'array',
  json: 'JSON',
  'query-only': 'string',
  'fact-value': 'fact value',
  path: 'path',
};

function incompatible(value: JsonValue, type: FieldType, label: string): Error {
  return invalid(
    `Argument "${argumentText(value)}" is incompatible with ${TYPE_WORD[type]} field "${label}".`,
  );
}

/** Whether a literal fits a field type for `=` (and as an `in` array element). */
export function fitsType(value: JsonValue, type: FieldType): boolean {
  switch (type) {
    case 'string':
    case 'array':
    case 'query-only':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return canonicalTimestamp(value) !== null;
    case 'json':
      return false;
    case 'fact-value':
      return true;
    case 'path':
      return isFactPath(value);
  }
}

/** A fact path: a non-empty array of keys (strings) and array indexes (integers). */
function isFactPath(value: JsonValue): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((part) => typeof part === 'string' || Number.isInteger(part))
  );
}

/** `["~>", "path", [regex...]]`: one pattern (a string) per element of the paths it matches. */
function checkPathRegexes(label: string, value: JsonValue): JsonValue {
  if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string'))
    return value;
  throw invalid(`Invalid ~> clause on ${label}: the value must be a non-empty array of regular expressions`);
}

/** Field types `~` applies to: strings, tags, and fact values (strings; other values by JSON text). */
const REGEX_TYPES: ReadonlySet<FieldType> = new Set(['string', 'array', 'query-only', 'fact-value']);

/**
 * Checks `[op, field, value]` for a plain field of type `type`. Returns the value to compare with
 * (timestamps in canonical form).
 */
export function checkColumnComparison(
  op: ComparisonOperator,
  type: FieldType,
  label: string,
  value: JsonValue,
): JsonValue {
  if (op === '~>' && type === 'path') return checkPathRegexes(label, value);
  if (op === '~>' || type === 'json') throw operatorNotAllowed(op, label);
  if (op === '~') {
    if (!REGEX_TYPES.has(type)) throw operatorNotAllowed(op, label);
    if (typeof value !== 'string')
      throw invalid(
        `Invalid ~ clause: the regular expression must be a string, not ${JSON.stringify(value)}`,
      );
    return value;
  }
  if (op !== '=') {
    if (type !== 'number' && type !== 'timestamp' && type !== 'fact-value')
      throw operatorNotAllowed(op, label);
    // Fact values compare as numbers only, as PuppetDB does.
    if (!fitsType(value, type === 'fact-value' ? 'number' : type))
      throw invalid(`Argument "${argumentText(value)}" and operator "${op}" have incompatible types.`);
    return type === 'timestamp' ? (canonicalTimestamp(value) as string) : value;
  }
  if (!fitsType(value, type)) throw incompatible(value, type, label);
  return type === 'timestamp' ? (canonicalTimestamp(value) as string) : value;
}

/** Checks a comparison on `["parameter", N]` (= with any JSON value, ~ with a string). */
export function checkParameterComparison(op: ComparisonOperator, label: string, value: JsonValue): void {
  if (op === '=') return;
  if (op === '~' && typeof value === 'string') return;
  if (op === '~')
    throw invalid(`Invalid ~ clause: the regular expression must be a string, not ${JSON.stringify(value)}`);
  throw operatorNotAllowed(op, label);
}

/** Checks a comparison on `parameters.<path>` (=: any JSON; inequalities: numbers; ~: string). */
export function checkDottedComparison(op: ComparisonOperator, label: string, value: JsonValue): void {
  if (op === '~>') throw operatorNotAllowed(op, label);
  if (op === '=') return;
  if (op === '~') {
    if (typeof value !== 'string')
      throw invalid(
        `Invalid ~ clause: the regular expression must be a string, not ${JSON.stringify(value)}`,
      );
    return;
  }
  if (typeof value !== 'number')
    throw invalid(`Argument "${argumentText(value)}" and operator "${op}" have incompatible types.`);
}

/** Checks the elements of `["in", field, ["array", [...]]]` against the field's type. */
export function checkArrayElements(
  type: FieldType,
  label: string,
  values: readonly ArrayElement[],
): ArrayElement[] {
  if (type === 'json') {
    throw invalid(`Query operator in with an array is not allowed on field ${label}`);
  }
  return values.map((value) => {
    if (!fitsType(value, type)) throw incompatible(value, type, label);
    return type === 'timestamp' ? (canonicalTimestamp(value) as string) : value;
  });
}
