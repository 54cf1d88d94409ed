/**
 * @module body
 * What a webhook body may be: JSON (`application/json` or `application/<anything>+json`, any
 * charset parameter) holding an object. An empty body means no parameters.
 */
import { WebhookError } from './errors.js';

/** Whether a Content-Type header names JSON. */
export function isJsonMediaType(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header === 'application/json') return true;
  const type = (header.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Parses the raw body into the parameters object; throws ERR_INVALID_JSON for anything else. */
export function parseParams(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new WebhookError('ERR_INVALID_JSON', { cause: err });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookError('ERR_INVALID_JSON');
  }
  return value as Record<string, unknown>;
}
