/**
 * @module store/canonical-json
 * Canonical JSON (object keys sorted by UTF-16 code units at every depth, arrays in order, no
 * spaces) and PuppetDB's `resource` hash built from it. `JSON.stringify` already matches the
 * reference serialiser where it matters: it escapes control characters and leaves `/` and
 * non-ASCII characters alone. Known gap: a double such as `1.0E20` is written the JavaScript way
 * (`100000000000000000000`), and `3.0` arrives here as the number 3.
 */

import { createHash } from 'node:crypto';

/** A JSON value as parsed by `JSON.parse`. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Serialises a JSON value with sorted keys and no whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a key named `__proto__` (JSON.parse makes it an own key) must stay data, not
  // set the prototype of a plain object and vanish from the output and the resource hash.
  const sorted: Record<string, unknown> = Object.create(null);
  // Default sort compares UTF-16 code units, which is Java's String order used by the reference.
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** PuppetDB's resource identity: lower-case hex SHA-1 of the canonical `[type, title, parameters]`. */
export function resourceHash(type: unknown, title: unknown, parameters: unknown): string {
  return sha1Hex(canonicalJson([type ?? null, title ?? null, parameters ?? null]));
}

/** Lower-case hex SHA-1 of a UTF-8 string. */
export function sha1Hex(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}
