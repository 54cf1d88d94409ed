/**
 * @module signatures/github
 * GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`; the delivery id is in
 * `X-GitHub-Delivery`. GitHub signs no timestamp, so replay protection rests on the delivery id.
 */
import { verifyGenericHmac } from './hmac.js';

export const GITHUB_SIGNATURE_HEADER = 'x-hub-signature-256';
export const GITHUB_DELIVERY_HEADER = 'x-github-delivery';

export function verifyGithub(
  headerValue: string | undefined,
  raw: Buffer,
  secrets: readonly string[],
): boolean {
  return verifyGenericHmac(headerValue, raw, secrets, { prefix: 'sha256=', encoding: 'hex' });
}
