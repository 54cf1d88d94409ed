/**
 * @module signatures/stripe
 * Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, where each v1 is the
 * HMAC-SHA256 of `<t>.<raw body>`. Any v1 may match (Stripe sends several while a secret rolls);
 * v0 and unknown schemes are ignored. The timestamp must lie within the tolerance of our clock.
 */
import { decodeDigest, digestMatches, hmacSha256 } from './hmac.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const STRIPE_DEFAULT_TOLERANCE_SEC = 300;

export type StripeVerdict = 'ok' | 'invalid' | 'expired';

interface StripeHeader {
  timestamp: string;
  v1: Buffer[];
}

function parseHeader(value: string): StripeHeader | undefined {
  let timestamp: string | undefined;
  const v1: Buffer[] = [];
  for (const item of value.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const val = item.slice(at + 1).trim();
    if (key === 't') timestamp = val;
    else if (key === 'v1') {
      const digest = decodeDigest(val, 'hex');
      if (digest) v1.push(digest);
    }
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || v1.length === 0) return undefined;
  return { timestamp, v1 };
}

export function verifyStripe(
  headerValue: string | undefined,
  raw: Buffer,
  secrets: readonly string[],
  toleranceSec: number,
  nowMs: number,
): StripeVerdict {
  const parsed = headerValue === undefined ? undefined : parseHeader(headerValue);
  if (parsed === undefined) return 'invalid';
  const matches = secrets.some((secret) => {
    const expected = hmacSha256(secret, parsed.timestamp, '.', raw);
    return parsed.v1.some((claimed) => digestMatches(claimed, expected));
  });
  if (!matches) return 'invalid';
  const ageSec = Math.abs(nowMs / 1000 - Number(parsed.timestamp));
  return ageSec <= toleranceSec ? 'ok' : 'expired';
}
