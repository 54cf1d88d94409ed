/**
 * @module callable
 * Which routes a caller may call, for a host that describes them (the service's `/openapi.json`):
 * the routes themselves hide module names from callers without the shared secret (unknown and
 * unsigned paths answer 401 alike), so a description must not list them either. A caller outside
 * `allowedIps` may call nothing. With a shared secret set, a route without a signature scheme is
 * callable only with the secret; a signed route by whoever holds its signing key, which the caller
 * proves only when calling, so signed routes are listed (their senders need the description).
 */
import type { RouteInfo, Webhooks } from './registry.js';
import { secretMatcher } from './secret.js';

/** What the description knows of its caller. */
export interface Caller {
  /** The client address (Fastify's `request.ip`). */
  readonly ip: string;
  /** The `X-Webhook-Secret` header it sent, if any. */
  readonly secret: string | undefined;
}

/** The routes of `webhooks` that `caller` may call. */
export function callableRoutes(webhooks: Webhooks, caller: Caller): RouteInfo[] {
  const { allowedIps, secret } = webhooks.options;
  if (allowedIps && !allowedIps(caller.ip)) return [];
  const routes = webhooks.list();
  if (secret === undefined || secretMatcher(secret)(caller.secret)) return routes;
  return routes.filter((route) => route.signature !== 'none');
}
