/**
 * @module delivery
 * The replay key of a request: its delivery id, and whether a caller can choose that id freely.
 * An id is trusted as it is only where the sender's signature covers it: Stripe's event `id` and
 * Slack's `event_id` (in the signed body), Standard Webhooks' `webhook-id` (in the signed content).
 * Elsewhere (GitHub's `X-GitHub-Delivery`, a `delivery=` header, `Webhook-Id`/`Idempotency-Key` on
 * any route) the id is bound to the request: the key is the id plus the SHA-256 of the query and
 * the raw body, so a caller who sends an id first with a body of its own never makes a later
 * delivery with that id skip its handler; only the same request again is a replay.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GITHUB_DELIVERY_HEADER } from './signatures/github.js';
import { STANDARD_ID_HEADER } from './signatures/standard-webhooks.js';
import type { RouteEntry } from './types.js';

function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined || text.length === 0 || text.length > 256 ? undefined : text;
}

/** The id and whether the route's signature covers it. */
export function deliveryIdOf(
  route: RouteEntry,
  headers: IncomingHttpHeaders,
  params: Record<string, unknown>,
  fallbackHeaders: readonly string[],
): { id: string; signed: boolean } | undefined {
  const signature = route.signature;
  const unsigned = (id: string | undefined) => (id === undefined ? undefined : { id, signed: false });
  const signed = (id: string | undefined) => (id === undefined ? undefined : { id, signed: true });
  if (signature?.deliveryHeader) return unsigned(single(headers[signature.deliveryHeader]));
  if (signature?.scheme === 'github') return unsigned(single(headers[GITHUB_DELIVERY_HEADER]));
  if (signature?.scheme === 'standard-webhooks') return signed(single(headers[STANDARD_ID_HEADER]));
  if (signature?.scheme === 'stripe')
    return signed(typeof params.id === 'string' ? single(params.id) : undefined);
  if (signature?.scheme === 'slack')
    return signed(typeof params.event_id === 'string' ? single(params.event_id) : undefined);
  for (const name of fallbackHeaders) {
    const id = single(headers[name]);
    if (id !== undefined) return unsigned(id);
  }
  return undefined;
}

/** The store key of a delivery to `module`'s `routeKey`: fixed length, bound to the request unless signed. */
export function replayKey(
  module: string,
  routeKey: string,
  delivery: { id: string; signed: boolean },
  url: string,
  raw: Buffer,
): string {
  const hash = createHash('sha256').update(`${module}\n${routeKey}\n${delivery.id}\n`);
  if (!delivery.signed) {
    const at = url.indexOf('?');
    hash
      .update(at < 0 ? '' : url.slice(at))
      .update('\n')
      .update(raw);
  }
  return `webhooks:replay:${hash.digest('base64url')}`;
}
