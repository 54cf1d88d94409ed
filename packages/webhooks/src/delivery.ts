/**
 * @module delivery
 * Where a route finds the delivery id that replay protection keys on: the header the route's
 * signature config names; else GitHub's `X-GitHub-Delivery`; Stripe's event id (`id` in the signed
 * body); Slack's `event_id` (signed body); else the first of the registry's `deliveryHeaders` the request carries. No id: no replay
 * protection for that request.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { GITHUB_DELIVERY_HEADER } from './signatures/github.js';
import type { RouteEntry } from './types.js';

function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined || text.length === 0 || text.length > 256 ? undefined : text;
}

export function deliveryIdOf(
  route: RouteEntry,
  headers: IncomingHttpHeaders,
  params: Record<string, unknown>,
  fallbackHeaders: readonly string[],
): string | undefined {
  const signature = route.signature;
  if (signature?.deliveryHeader) return single(headers[signature.deliveryHeader]);
  if (signature?.scheme === 'github') return single(headers[GITHUB_DELIVERY_HEADER]);
  if (signature?.scheme === 'stripe') return typeof params.id === 'string' ? single(params.id) : undefined;
  if (signature?.scheme === 'slack')
    return typeof params.event_id === 'string' ? single(params.event_id) : undefined;
  for (const name of fallbackHeaders) {
    const id = single(headers[name]);
    if (id !== undefined) return id;
  }
  return undefined;
}
