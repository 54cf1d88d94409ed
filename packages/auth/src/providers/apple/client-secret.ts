/**
 * @module providers/apple/client-secret
 * Apple's client secret is not a fixed string but an ES256 JWT signed with the team's private key
 * (`kid` = KeyID, `iss` = TeamID, `sub` = ClientID, `aud` = Apple). It is made once and remade
 * shortly before it expires.
 */
import { readFile } from 'node:fs/promises';
import { type CryptoKey, importPKCS8, SignJWT } from 'jose';

/** Produces the PEM (PKCS#8) text of the private key. */
export type PrivateKeyLoader = () => string | Buffer | Promise<string | Buffer>;

/** A loader reading the `.p8` file Apple lets you download once. */
export function loadApplePrivateKeyFromFile(path: string): PrivateKeyLoader {
  return () => readFile(path);
}

/** Loads and parses the key; any failure (missing file, not PKCS#8, not an EC P-256 key) throws. */
export async function loadSigningKey(loader: PrivateKeyLoader): Promise<CryptoKey> {
  let pem: string;
  try {
    pem = (await loader()).toString();
  } catch (err) {
    throw new TypeError(`apple: cannot load the private key: ${(err as Error).message}`, { cause: err });
  }
  try {
    return await importPKCS8(pem.trim(), 'ES256');
  } catch (err) {
    throw new TypeError('apple: the private key is not a PEM PKCS#8 EC P-256 key', { cause: err });
  }
}

export interface ClientSecretClaims {
  teamId: string;
  clientId: string;
  keyId: string;
  /** The `aud` Apple expects: its issuer, `https://appleid.apple.com`. */
  audience: string;
}

const SECRET_TTL_SECONDS = 30 * 60;
const RENEW_BEFORE_SECONDS = 60;

export class AppleClientSecret {
  readonly #key: CryptoKey;
  readonly #claims: ClientSecretClaims;
  #current: { jwt: string; exp: number } | undefined;

  constructor(key: CryptoKey, claims: ClientSecretClaims) {
    this.#key = key;
    this.#claims = claims;
  }

  /** The current secret, remade when less than a minute of it is left. */
  async get(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (this.#current === undefined || this.#current.exp - RENEW_BEFORE_SECONDS <= now) {
      const exp = now + SECRET_TTL_SECONDS;
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: this.#claims.keyId })
        .setIssuer(this.#claims.teamId)
        .setSubject(this.#claims.clientId)
        .setAudience(this.#claims.audience)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(this.#key);
      this.#current = { jwt, exp };
    }
    return this.#current.jwt;
  }
}
