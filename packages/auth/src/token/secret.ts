/**
 * @module token/secret
 * Where signing keys come from. The integrator's {@link SecretReader} is called with the token's
 * `aud`, so each site can have its own secret; imported WebCrypto keys are kept in a small map so
 * that a secret is imported once, not on every sign or verify.
 */
import { webcrypto } from 'node:crypto';

/** Returns the HS256 secret for a site id (`aud`, `''` when the token has none). */
export type SecretReader = (aud: string) => string | Uint8Array | Promise<string | Uint8Array>;

const MAX_KEYS = 256;
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

function keyOf(secret: string | Uint8Array): string {
  return typeof secret === 'string' ? `s:${secret}` : `b:${Buffer.from(secret).toString('base64')}`;
}

/** The HMAC-SHA256 key for `secret`; refuses an empty secret. */
export function hmacKey(secret: string | Uint8Array): Promise<webcrypto.CryptoKey> {
  if (secret.length === 0) throw new TypeError('@gatehouse/auth: the secretReader returned an empty secret');
  const id = keyOf(secret);
  let key = keys.get(id);
  if (!key) {
    const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
    key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value as string);
    keys.set(id, key);
  }
  return key;
}

/** Reads the secret for `aud` and turns it into a key. */
export async function keyFor(reader: SecretReader, aud: string): Promise<webcrypto.CryptoKey> {
  return hmacKey(await reader(aud));
}
