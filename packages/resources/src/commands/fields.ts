/**
 * @module commands/fields
 * Small typed readers for command payloads. Each one either returns the value in the type the
 * caller needs or throws a `CommandError` naming the field by its path (`resources[2].line`).
 */

import { canonicalTimestamp } from '../store/timestamps.js';
import { type CommandContext, invalidCommand } from './errors.js';

/** A JSON object as read from a payload. */
export type JsonObject = Record<string, unknown>;

/** Joins a parent path and a key into a field path. */
export function at(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Reads fields of one command, prefixing failures with the command's name and certname. */
export class FieldReader {
  readonly context: CommandContext;

  constructor(context: CommandContext) {
    this.context = context;
  }

  fail(field: string, reason: string): never {
    throw invalidCommand(this.context, 'ERR_CMD_INVALID_FIELD', `${field} ${reason}`, field);
  }

  missing(field: string): never {
    throw invalidCommand(this.context, 'ERR_CMD_MISSING_FIELD', `${field} is required`, field);
  }

  object(value: unknown, path: string): JsonObject {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path || 'payload', `must be a JSON object, not ${describe(value)}`);
    }
    return value as JsonObject;
  }

  array(obj: JsonObject, key: string, path: string): unknown[] {
    const field = at(path, key);
    if (obj[key] === undefined) this.missing(field);
    const value = obj[key];
    if (!Array.isArray(value)) this.fail(field, `must be an array, not ${describe(value)}`);
    return value;
  }

  /** A required string; `nonEmpty` also rejects "". */
  string(obj: JsonObject, key: string, path: string, nonEmpty = false): string {
    const field = at(path, key);
    if (obj[key] === undefined) this.missing(field);
    const value = obj[key];
    if (typeof value !== 'string') this.fail(field, `must be a string, not ${describe(value)}`);
    if (nonEmpty && value === '') this.fail(field, 'must be a non-empty string');
    return value;
  }

  /** A string or null; `mustBePresent` requires the key even when its value is null. */
  nullableString(obj: JsonObject, key: string, path: string, mustBePresent = false): string | null {
    const field = at(path, key);
    if (!(key in obj)) {
      if (mustBePresent) this.missing(field);
      return null;
    }
    const value = obj[key];
    if (value !== null && typeof value !== 'string')
      this.fail(field, `must be a string or null, not ${describe(value)}`);
    return value;
  }

  boolean(obj: JsonObject, key: string, path: string): boolean {
    const field = at(path, key);
    if (!(key in obj)) this.missing(field);
    const value = obj[key];
    if (typeof value !== 'boolean') this.fail(field, `must be true or false, not ${describe(value)}`);
    return value;
  }

  nullableBoolean(obj: JsonObject, key: string, path: string): boolean | null {
    const value = obj[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'boolean')
      this.fail(at(path, key), `must be true, false or null, not ${describe(value)}`);
    return value;
  }

  /** An optional non-negative integer (a source line). */
  nullableLine(obj: JsonObject, key: string, path: string): number | null {
    const value = obj[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      this.fail(at(path, key), `must be a non-negative integer or null, not ${describe(value)}`);
    }
    return value;
  }

  /** A required ISO-8601 date-time, returned in canonical form. */
  timestamp(obj: JsonObject, key: string, path: string): string {
    const field = at(path, key);
    if (!(key in obj) || obj[key] === null) this.missing(field);
    return this.parseTimestamp(obj[key], field);
  }

  /** An optional ISO-8601 date-time; `fallback` when absent or null. */
  optionalTimestamp(obj: JsonObject, key: string, path: string, fallback: string): string {
    const value = obj[key];
    if (value === undefined || value === null) return fallback;
    return this.parseTimestamp(value, at(path, key));
  }

  parseTimestamp(value: unknown, field: string): string {
    const ts = canonicalTimestamp(value);
    if (ts === null)
      this.fail(
        field,
        `must be an ISO-8601 date-time such as "2026-01-02T03:04:05.000Z", not ${describe(value)}`,
      );
    return ts;
  }
}
