/**
 * @module json-depth
 * How deeply a JSON text nests, measured over its bytes before anything parses, recurses into or
 * serialises it. A loop with a counter, no recursion: a body of 5,000 nested objects costs one pass
 * and is refused, instead of reaching code that recurses (the worker channel's `JSON.stringify`, a
 * handler's walk) and throwing a RangeError there.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether `bytes`, read as JSON, opens more than `limit` objects or arrays inside one another.
 * Brackets inside strings do not count. Malformed text is measured the same way (the parser refuses
 * it afterwards); the answer only says whether parsing it could go deeper than `limit`.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}
