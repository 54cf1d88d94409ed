/**
 * @module audience
 * The bound on a login's `aud` (site id). It travels in the JWT cookie, and browsers silently drop
 * a cookie over 4 KB, so an unbounded `aud` would log nobody in without saying why; control
 * characters have no place in a site id either.
 */
import { AuthError } from './errors.js';

export const MAX_AUDIENCE_LENGTH = 256;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/** Throws a 400 `ERR_AUDIENCE_MALFORMED` unless `aud` is at most 256 characters without control characters. */
export function checkLoginAudience(aud: string): void {
  if (aud.length > MAX_AUDIENCE_LENGTH || controlCharacters.test(aud)) {
    throw new AuthError('ERR_AUDIENCE_MALFORMED');
  }
}
