/**
 * @module signatures/verify
 * Checks a request against its route's signature config, checks at load time that the secrets a
 * config names are there, and names the headers that carry signatures (they are never passed on
 * to handlers).
 */
import { WebhookError } from '../errors.js';
import type { SignatureConfig } from '../types.js';
import { GITHUB_SIGNATURE_HEADER, verifyGithub } from './github.js';
import { verifyGenericHmac } from './hmac.js';
import { SLACK_SIGNATURE_HEADER, SLACK_TIMESTAMP_HEADER, verifySlack } from './slack.js';
import { type Environment, secretsOf } from './spec.js';
import {
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
  standardWebhooksKey,
  verifyStandardWebhooks,
} from './standard-webhooks.js';
import { STRIPE_DEFAULT_TOLERANCE_SEC, STRIPE_SIGNATURE_HEADER, verifyStripe } from './stripe.js';

export const GENERIC_SIGNATURE_HEADER = 'x-webhook-signature';

/** The header a config reads its signature from. */
export function signatureHeaderOf(config: SignatureConfig): string {
  if (config.scheme === 'github') return GITHUB_SIGNATURE_HEADER;
  if (config.scheme === 'stripe') return STRIPE_SIGNATURE_HEADER;
  if (config.scheme === 'slack') return SLACK_SIGNATURE_HEADER;
  if (config.scheme === 'standard-webhooks') return STANDARD_SIGNATURE_HEADER;
  return config.header ?? GENERIC_SIGNATURE_HEADER;
}

/** Headers stripped from `_webhook.headers` whatever the route's scheme. */
export const KNOWN_SIGNATURE_HEADERS: readonly string[] = [
  'x-webhook-secret',
  GITHUB_SIGNATURE_HEADER,
  'x-hub-signature',
  STRIPE_SIGNATURE_HEADER,
  SLACK_SIGNATURE_HEADER,
  STANDARD_SIGNATURE_HEADER,
  GENERIC_SIGNATURE_HEADER,
];

/**
 * Why `config` cannot verify anything with the environment as it is (its variable is unset or
 * empty, or holds no valid Standard Webhooks secret), naming the variable and never its value;
 * undefined when it can.
 */
export function secretProblem(config: SignatureConfig, env: Environment): string | undefined {
  const secrets = secretsOf(config, env);
  const source =
    config.secretEnv === undefined ? 'its secret' : `the environment variable ${config.secretEnv}`;
  if (secrets.length === 0) return `@signature ${config.scheme} reads ${source}, which is not set`;
  if (config.scheme !== 'standard-webhooks') return undefined;
  for (const secret of secrets) {
    const key = standardWebhooksKey(secret);
    if (typeof key === 'string') return `@signature standard-webhooks: ${source} ${key}`;
  }
  return undefined;
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Throws a {@link WebhookError} unless the request carries a valid signature. A secret that went
 * missing since the module was loaded answers ERR_SIGNATURE_MISCONFIGURED (500): closed.
 */
export function verifySignature(
  config: SignatureConfig,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  nowMs: number,
  env: Environment,
): void {
  const problem = secretProblem(config, env);
  if (problem !== undefined) throw new WebhookError('ERR_SIGNATURE_MISCONFIGURED', { cause: problem });
  const secrets = secretsOf(config, env);
  const value = headerValue(headers, signatureHeaderOf(config));
  if (config.scheme === 'stripe' || config.scheme === 'slack' || config.scheme === 'standard-webhooks') {
    const tolerance = config.toleranceSec ?? STRIPE_DEFAULT_TOLERANCE_SEC; // Slack and Standard Webhooks: 5 min too
    let verdict: 'ok' | 'invalid' | 'expired';
    if (config.scheme === 'stripe') verdict = verifyStripe(value, raw, secrets, tolerance, nowMs);
    else if (config.scheme === 'slack')
      verdict = verifySlack(
        value,
        headerValue(headers, SLACK_TIMESTAMP_HEADER),
        raw,
        secrets,
        tolerance,
        nowMs,
      );
    else {
      const keys = secrets.map((s) => standardWebhooksKey(s) as Buffer);
      const sent = {
        id: headerValue(headers, STANDARD_ID_HEADER),
        timestamp: headerValue(headers, STANDARD_TIMESTAMP_HEADER),
        signature: value,
      };
      verdict = verifyStandardWebhooks(sent, raw, keys, tolerance, nowMs);
    }
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
