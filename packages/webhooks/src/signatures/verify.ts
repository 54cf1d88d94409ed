/**
 * @module signatures/verify
 * Checks a request against its route's signature config and names the headers that carry
 * signatures (they are never passed on to handlers).
 */
import { WebhookError } from '../errors.js';
import type { SignatureConfig } from '../types.js';
import { GITHUB_SIGNATURE_HEADER, verifyGithub } from './github.js';
import { verifyGenericHmac } from './hmac.js';
import { SLACK_SIGNATURE_HEADER, SLACK_TIMESTAMP_HEADER, verifySlack } from './slack.js';
import { secretsOf } from './spec.js';
import { STRIPE_DEFAULT_TOLERANCE_SEC, STRIPE_SIGNATURE_HEADER, verifyStripe } from './stripe.js';

export const GENERIC_SIGNATURE_HEADER = 'x-webhook-signature';

/** The header a config reads its signature from. */
export function signatureHeaderOf(config: SignatureConfig): string {
  if (config.scheme === 'github') return GITHUB_SIGNATURE_HEADER;
  if (config.scheme === 'stripe') return STRIPE_SIGNATURE_HEADER;
  if (config.scheme === 'slack') return SLACK_SIGNATURE_HEADER;
  return config.header ?? GENERIC_SIGNATURE_HEADER;
}

/** Headers stripped from `_webhook.headers` whatever the route's scheme. */
export const KNOWN_SIGNATURE_HEADERS: readonly string[] = [
  'x-webhook-secret',
  GITHUB_SIGNATURE_HEADER,
  'x-hub-signature',
  STRIPE_SIGNATURE_HEADER,
  SLACK_SIGNATURE_HEADER,
  GENERIC_SIGNATURE_HEADER,
];

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Throws a {@link WebhookError} unless the request carries a valid signature. */
export function verifySignature(
  config: SignatureConfig,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  nowMs: number,
): void {
  const secrets = secretsOf(config);
  if (secrets.length === 0) throw new WebhookError('ERR_SIGNATURE_MISCONFIGURED');
  const value = headerValue(headers, signatureHeaderOf(config));
  if (config.scheme === 'stripe' || config.scheme === 'slack') {
    const tolerance = config.toleranceSec ?? STRIPE_DEFAULT_TOLERANCE_SEC; // Slack asks for the same 5 min
    const verdict =
      config.scheme === 'stripe'
        ? verifyStripe(value, raw, secrets, tolerance, nowMs)
        : verifySlack(value, headerValue(headers, SLACK_TIMESTAMP_HEADER), raw, secrets, tolerance, nowMs);
    if (verdict === 'expired') throw new WebhookError('ERR_SIGNATURE_EXPIRED');
    if (verdict === 'invalid') throw new WebhookError('ERR_SIGNATURE_INVALID');
    return;
  }
  const ok =
    config.scheme === 'github'
      ? verifyGithub(value, raw, secrets)
      : verifyGenericHmac(value, raw, secrets, { prefix: config.prefix, encoding: config.encoding });
  if (!ok) throw new WebhookError('ERR_SIGNATURE_INVALID');
}
