/**
 * @module token/issue
 * Signs a claims set as an HS256 JWT with jose. The secret is the SecretReader's answer for the
 * claims' `aud`.
 */
import { SignJWT } from 'jose';
import type { Claims } from './claims.js';
import { keyFor, type SecretReader } from './secret.js';

export async function issueToken(claims: Claims, secretReader: SecretReader): Promise<string> {
  const key = await keyFor(secretReader, claims.aud ?? '');
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}
