/**
 * @module token/issue
 * Signs a claims set as an HS256 JWT with jose. The secret is the SecretReader's answer for the
 * claims' `aud`.
 */
import { SignJWT } from 'jose';
import type { Claims } from './claims.js';
import { keyFor, type SecretReader } from './secret.js';

/**
 * The protected header is `{"alg":"HS256"}` alone: `typ` is optional (RFC 7519 §5.1), no reader
 * here or in the reference looks at it, and leaving it out shortens every session cookie.
 */
export async function issueToken(claims: Claims, secretReader: SecretReader): Promise<string> {
  const key = await keyFor(secretReader, claims.aud ?? '');
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
}
