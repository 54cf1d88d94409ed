/**
 * @module body
 * What a webhook body may be: JSON (`application/json` or `application/<anything>+json`, any
 * charset parameter) holding an object, or a form (`application/x-www-form-urlencoded`, as GitHub's
 * form deliveries and Slack's slash commands send), whose fields become string parameters (the last
 * value wins for a repeated name). An empty body means no parameters.
 */
import { WebhookError } from './errors.js';

export type BodyKind = 'json' | 'form';

const FORM = 'application/x-www-form-urlencoded';

/** What a Content-Type header announces, or undefined when it is not a body we take. */
export function bodyKindOf(header: string | undefined): BodyKind | undefined {
  if (header === undefined) return undefined;
  if (header === 'application/json') return 'json';
  const type = (header.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json')))
    return 'json';
  return type === FORM ? 'form' : undefined;
}

/** Parses the raw body into the parameters object; throws ERR_INVALID_JSON for bad JSON. */
export function parseParams(raw: Buffer, kind: BodyKind = 'json'): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
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
