/**
 * @module token/verify
 * Verifies an HS256 JWT with jose. The unverified `aud` is read first only to ask the SecretReader
 * for the right secret; jose then checks the signature with that secret, so a token cannot choose
 * its own key. Only HS256 is accepted (`alg: none`, RS*, other HMAC sizes are refused). An expired
 * token whose signature is good is returned with `expired: true`: only the cookie path may refresh it.
 */
import { decodeJwt, errors, jwtVerify } from 'jose';
import { AuthError } from '../errors.js';
import type { Claims } from './claims.js';
import { keyFor, type SecretReader } from './secret.js';

export interface Verified {
  claims: Claims;
  expired: boolean;
}

/** The `aud` the token claims, before any check; `''` when absent. Throws on a malformed token. */
function unverifiedAudience(token: string): string {
  let payload: Claims;
  try {
    payload = decodeJwt(token) as Claims;
  } catch (cause) {
    throw new AuthError('ERR_TOKEN_INVALID', undefined, { cause });
  }
  const aud: unknown = payload.aud;
  if (aud === undefined) return '';
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && aud.length === 1 && typeof aud[0] === 'string') return aud[0];
  throw new AuthError('ERR_TOKEN_INVALID', undefined, { cause: new Error('aud must be one string') });
}

/** Normalises a one-element array `aud` (as some JWT libraries write it) to a string. */
function normalise(payload: Record<string, unknown>): Claims {
  const claims = payload as Claims;
  if (Array.isArray(payload.aud)) claims.aud = payload.aud[0] as string;
  return claims;
}

export async function verifyToken(
  token: string,
  secretReader: SecretReader,
  nowMs: number,
): Promise<Verified> {
  const aud = unverifiedAudience(token);
  const key = await keyFor(secretReader, aud);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      requiredClaims: ['exp'],
    });
    return { claims: normalise(payload), expired: false };
  } catch (error) {
    // jose validates claims only after the signature checked out, so this payload is authentic.
    if (error instanceof errors.JWTExpired) return { claims: normalise(error.payload), expired: true };
    throw new AuthError('ERR_TOKEN_INVALID', undefined, { cause: error });
  }
}
