/**
 * @module providers/session-flag
 * One reading of the `session` (or `sess`) login parameter for every provider, direct, OAuth 2.0,
 * verified and messenger bot alike: a session-only cookie when the value is present and neither
 * empty nor `0`. go-pkgz/auth read an empty `session=` as "session-only" on OAuth logins and as
 * "not" on direct ones; a form whose unchecked box still sends `session=` means "no choice", so
 * every provider now reads it as "not session-only".
 */

/** True for a flag value that asks for a session-only cookie. */
export function flagIsOn(value: string | null | undefined): boolean {
  return value !== undefined && value !== null && value !== '' && value !== '0';
}

/** The session flag of login fields: `session`, else `sess`. */
export function sessionOnlyFlag(fields: Record<string, string | undefined>): boolean {
  return flagIsOn(fields.session || fields.sess);
}
