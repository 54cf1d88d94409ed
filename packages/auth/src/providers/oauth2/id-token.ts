/**
 * @module providers/oauth2/id-token
 * Signature check of an id_token against the provider's JWKS (jose). oauth4webapi checks the claims
 * but, for tokens from the token endpoint, trusts TLS for the signature; we verify it as well, since
 * the JWKS is at hand and Apple's brief asks for it.
 */
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import { AuthError } from '../../errors.js';
import { PROVIDER_TIMEOUT_MS, unavailable } from './request.js';

export type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** A cached remote key set; an unknown `kid` triggers a refetch (jose's cooldown applies). */
export function remoteKeySet(jwksURL: string): KeySet {
  return createRemoteJWKSet(new URL(jwksURL), { timeoutDuration: PROVIDER_TIMEOUT_MS });
}

export interface IdTokenExpectations {
  issuer: string;
  audience: string;
  nonce?: string;
}

export async function verifyIdToken(
  token: string,
  keys: KeySet,
  want: IdTokenExpectations,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, { issuer: want.issuer, audience: want.audience }));
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout || err instanceof TypeError) throw unavailable(err);
    throw new AuthError('ERR_ID_TOKEN_INVALID', undefined, { cause: err });
  }
  if (want.nonce !== undefined && payload.nonce !== want.nonce) {
    throw new AuthError('ERR_ID_TOKEN_INVALID', undefined, { cause: new Error('nonce mismatch') });
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw new AuthError('ERR_ID_TOKEN_INVALID', undefined, { cause: new Error('id_token has no sub') });
  }
  return payload;
}
