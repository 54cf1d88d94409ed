/**
 * @module body
 * What a webhook body may be, as senders send it:
 * - JSON (`application/json` or `application/<anything>+json`, any charset parameter). An object's
 *   fields are the handler's parameters; any other JSON value (an array, as SendGrid posts, a string,
 *   a number) arrives whole as the parameter `_body`;
 * - JSON sent as `text/plain` (AWS SNS does): taken when it parses, else refused as an unsupported type;
 * - a form (`application/x-www-form-urlencoded`, as GitHub's form deliveries and Slack's slash
 *   commands send), whose fields become string parameters (the last value wins for a repeated name).
 * An empty body means no parameters. A route that asks for the raw bytes (`@raw`) takes any type;
 * a body of another type then gives no parameters, only `_webhook.rawBody`.
 */
import { WebhookError } from './errors.js';
import { nestsDeeperThan } from './json-depth.js';

export type BodyKind = 'json' | 'text' | 'form' | 'other';

const FORM = 'application/x-www-form-urlencoded';

/** What a Content-Type header announces, or undefined when it is not a body we take. */
export function bodyKindOf(header: string | undefined): BodyKind | undefined {
  if (header === undefined) return undefined;
  if (header === 'application/json') return 'json';
  const type = (header.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json')))
    return 'json';
  if (type === 'text/plain') return 'text';
  return type === FORM ? 'form' : undefined;
}

/**
 * Parses the raw body into the parameters object; throws a WebhookError for a body it cannot take.
 * JSON nested deeper than `maxDepth` objects or arrays is refused before it is parsed: the handler's
 * parameters add two levels (`_webhook.headers`), and everything that later walks them (the worker
 * channel's serialiser, the handler) then stays far from any stack limit.
 */
export function parseParams(raw: Buffer, kind: BodyKind, maxDepth: number): Record<string, unknown> {
  if (raw.length === 0 || kind === 'other') return {};
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (nestsDeeperThan(raw, maxDepth))
    throw new WebhookError('ERR_TOO_DEEP', { detail: `more than ${maxDepth} levels` });
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    // The parser's message quotes the body: it stays out of the error (and so out of the log).
    throw new WebhookError(kind === 'text' ? 'ERR_UNSUPPORTED_MEDIA_TYPE' : 'ERR_INVALID_JSON');
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  return { _body: value };
}
