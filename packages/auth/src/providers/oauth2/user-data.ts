/**
 * @module providers/oauth2/user-data
 * Read access to a provider's user-info JSON: `value('data.attributes.full_name')` walks nested
 * objects and turns numbers and booleans into strings, so mappers never deal with `unknown`.
 */
import { badResponse } from './request.js';

export class UserData {
  readonly raw: Readonly<Record<string, unknown>>;

  constructor(raw: Record<string, unknown>) {
    this.raw = raw;
  }

  /** The value at a dotted path as a string; `''` when missing, null, an object or an array. */
  value(path: string): string {
    const found = this.get(path);
    if (typeof found === 'string') return found;
    if (typeof found === 'number' || typeof found === 'bigint' || typeof found === 'boolean') {
      return String(found);
    }
    return '';
  }

  /** The raw value at a dotted path, or `undefined`. */
  get(path: string): unknown {
    let cur: unknown = this.raw;
    for (const key of path.split('.')) {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
      cur = (cur as Record<string, unknown>)[key];
    }
    return cur;
  }

  /** The provider's user id at `path`; an answer without one made no sense (the reference hashed ''). */
  requireId(path: string): string {
    const id = this.value(path);
    if (id === '') throw badResponse(new Error(`user info has no "${path}"`));
    return id;
  }
}
