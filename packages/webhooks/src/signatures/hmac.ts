/**
 * @module signatures/hmac
 * HMAC-SHA256 over the exact bytes received, and a constant-time check of a claimed digest.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `parts` (concatenated) under `secret`. */
export function hmacSha256(secret: string | Buffer, ...parts: (string | Buffer)[]): Buffer {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Whether `claimed` (already decoded) equals `expected`; lengths are public (always 32 bytes). */
export function digestMatches(claimed: Buffer, expected: Buffer): boolean {
  return claimed.length === expected.length && timingSafeEqual(claimed, expected);
}

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Decodes a digest as written in a header; `undefined` when it is not valid in that encoding. */
export function decodeDigest(text: string, encoding: 'hex' | 'base64'): Buffer | undefined {
  if (encoding === 'hex')
    return HEX.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : undefined;
  return BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
}

/** Generic scheme: header (default `x-webhook-signature`) = [prefix] + digest of the raw body. */
export function verifyGenericHmac(
  headerValue: string | undefined,
  raw: Buffer,
  secrets: readonly string[],
  options: { prefix?: string | undefined; encoding?: 'hex' | 'base64' | undefined },
): boolean {
  if (headerValue === undefined) return false;
  const prefix = options.prefix ?? '';
  if (!headerValue.startsWith(prefix)) return false;
  const claimed = decodeDigest(headerValue.slice(prefix.length).trim(), options.encoding ?? 'hex');
  if (claimed === undefined) return false;
  return secrets.some((secret) => digestMatches(claimed, hmacSha256(secret, raw)));
}
