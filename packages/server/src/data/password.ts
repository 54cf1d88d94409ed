/**
 * @module data/password
 * Password hashes for the credentials file: scrypt from node:crypto (memory-hard, no native
 * dependency), encoded as `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url) so that the cost can be raised
 * later without breaking existing entries. Comparison is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const cost = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new salted hash of `password`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost.N, cost.r, cost.p);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `encoded`; false for a malformed entry too (never throws on input). */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16)
    return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== keyLength) return false;
  const actual = await derive(password, Buffer.from(parts[4]!, 'base64url'), N, r, p);
  return timingSafeEqual(actual, expected);
}

/** A random password for a generated credential: 18 bytes, 24 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
