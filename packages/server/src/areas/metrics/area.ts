/**
 * @module areas/metrics/area
 * `GET /metrics`: the service's Prometheus metrics (`service/service-metrics.ts`) in the text
 * exposition format, guarded by the route group `metrics` (loopback clients by default). This area
 * comes first: its `onResponse` hook on the root instance must exist before any other area
 * registers a route, so that it sees every answer. From each answer it counts the HTTP request by
 * route template and status, and, by what the route is, a login (`/auth/<provider>/login|callback`),
 * a resource query (`/<prefix>/query/...`) or a webhook call (`/webhook/<module>/...`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMountPath } from '../../access/groups.js';
import type { LoginOutcome, ServiceMetrics, WebhookOutcome } from '../../service/service-metrics.js';
import type { Area } from '../area.js';

const metricsSchema = {
  tags: ['meta'],
  summary: 'Prometheus metrics (route group metrics: loopback clients by default)',
  response: {
    200: {
      description: 'The text exposition format, version 0.0.4',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  },
};

/** Label of a request no route matched (404): its path is whatever the client sent. */
const UNMATCHED = '(unmatched)';

/** The webhook module a request named, as the webhooks plugin resolved it. */
function resolvedModule(request: FastifyRequest): string | undefined {
  // Declared by @gatehouse/webhooks on its own routes only (null elsewhere, absent before it loads).
  const { webhookTarget: target } = request as { webhookTarget?: { module?: { name?: unknown } } | null };
  return typeof target?.module?.name === 'string' ? target.module.name : undefined;
}

function setsCookie(reply: FastifyReply, name: string): boolean {
  const header = reply.getHeader('set-cookie') ?? reply.raw.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return cookies.some((cookie) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`));
}

function loginOutcome(status: number, sessionIssued: boolean): LoginOutcome {
  if (sessionIssued) return 'success';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'error';
  if (status >= 400) return 'refused';
  return 'started';
}

function webhookOutcome(reply: FastifyReply): WebhookOutcome {
  if (reply.statusCode >= 500) return 'failed';
  if (reply.statusCode >= 400) return 'rejected';
  return reply.getHeader('webhook-replayed') === 'true' ? 'replayed' : 'ok';
}

/** What else an answer of a route counts as, besides an HTTP request. */
type RouteKind = 'query' | 'auth' | 'webhook' | 'plain';

/** What the metrics hook reads of other sections: where queries are, and the login cookie's name. */
export interface MetricsSettings {
  readonly resources: { readonly prefix: string };
  readonly auth: { readonly cookies: { readonly jwtName: string } };
}

export const metricsArea: Area<MetricsSettings> = async (app, { auth, metrics }, config) => {
  const queryPrefix = `/${config.resources.prefix}/query/`;
  const authPrefix = `${authMountPath}/`;
  const login = new RegExp(`^${authMountPath}/([^/]+)/(?:login|callback)$`);
  const providers = () => new Set(auth.providers().map((provider) => provider.name));
  const jwtCookie = config.auth.cookies.jwtName;
  // Decided once per route template: most answers (a guarded route, /auth/forward, /ping) are
  // plain requests, counted without looking at their path.
  const kinds = new Map<string, RouteKind>();
  const kindOf = (route: string): RouteKind => {
    let kind = kinds.get(route);
    if (kind === undefined) {
      // An auth route counts logins when its path can be one: a login or callback template, or a
      // catch-all / parametric route (`/auth/*` answers other methods on the same paths).
      const mayBeLogin = login.test(route) || /[:*]/.test(route);
      if (route.startsWith(queryPrefix)) kind = 'query';
      else if (route.startsWith(authPrefix)) kind = mayBeLogin ? 'auth' : 'plain';
      else kind = route.startsWith('/webhook/') ? 'webhook' : 'plain';
      kinds.set(route, kind);
    }
    return kind;
  };
  app.addHook('onResponse', (request, reply, done) => {
    // Callback style: no promise per answer on every route.
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    metrics.httpRequest(request.method, route ?? UNMATCHED, status, seconds);
    const kind = route === undefined ? 'plain' : kindOf(route);
    if (kind === 'plain') return done();
    if (kind === 'query') {
      const entity = route!.slice(queryPrefix.length).split('/')[1] || 'root';
      metrics.resourceQuery(entity, status, seconds);
      return done();
    }
    const path = request.url.split('?', 1)[0]!;
    if (kind === 'webhook') countWebhook(metrics, request, reply, path);
    else {
      const provider = login.exec(path)?.[1];
      if (provider && providers().has(provider)) {
        metrics.login(provider, loginOutcome(status, setsCookie(reply, jwtCookie)));
      }
    }
    done();
  });
  app.get('/metrics', { schema: metricsSchema }, async (_request, reply) => {
    reply.type(metrics.contentType).header('cache-control', 'no-store');
    return metrics.exposition();
  });
};

function countWebhook(metrics: ServiceMetrics, request: FastifyRequest, reply: FastifyReply, path: string) {
  const named = path.split('/')[2];
  const module =
    resolvedModule(request) ?? (named && metrics.isWebhookModule(named) ? named : undefined) ?? '(unknown)';
  metrics.webhookCall(module, webhookOutcome(reply));
}
