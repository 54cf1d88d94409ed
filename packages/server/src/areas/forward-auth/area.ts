/**
 * @module areas/forward-auth/area
 * `/auth/forward` (every method): the endpoint a reverse proxy asks before it lets a request through
 * to an application (nginx `auth_request`, Caddy `forward_auth`, Traefik ForwardAuth), as
 * oauth2-proxy's `/oauth2/auth`. One handler, three answers, never a redirect:
 * - **202** with the user as `X-Auth-Request-*` headers (`forwardAuth.headers`), and the `JWT`
 *   cookie when the session was refreshed;
 * - **401** when no valid credentials came, with `Location`: the login page, whose `from` is the
 *   original URL when a trusted proxy reported one a login may return to;
 * - **403** when the user is known but the application's mode refuses them.
 * The application is `?app=<name>`, else `X-Gatehouse-App` from a trusted proxy, else the one
 * serving the original host, else `forwardAuth.mode`. Its mode runs as the access rules'
 * user rules do (`fastify.outcome` of `@gatehouse/auth`: the same credentials, Validator, refresh,
 * revocation), over the original method when a trusted proxy reported it.
 */
import type { GuardMode, Service, User } from '@gatehouse/auth';
import { allowList } from '@gatehouse/webhooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forwardAuthPath } from '../../access/groups.js';
import { describeRule } from '../../access/rules.js';
import { userRule } from '../../access/user-rules.js';
import { combinedRefusal, isPromise, type Verdict } from '../../access/verdict.js';
import type { Area, AreaContext } from '../area.js';
import type { ForwardAuthConfig, ForwardMode } from './config.js';
import { identityHeaders } from './identity-headers.js';
import { type OriginalRequest, originalRequest, trustedPeers } from './original-request.js';

/** The `forwardAuth` section, and whether the demo page is there to send refused browsers to. */
export interface ForwardAuthSettings {
  readonly forwardAuth: ForwardAuthConfig;
  readonly server: { readonly homePage: boolean };
}

interface Application {
  readonly mode: ForwardMode;
  readonly check: ReturnType<typeof userRule>;
}

function guardMode(mode: ForwardMode): GuardMode {
  return mode === 'authenticated' ? 'auth' : mode;
}

function describeMode(mode: ForwardMode): string {
  return mode === 'trace' ? 'everyone (the user when logged in)' : describeRule(mode);
}

/** The configured applications by name and by original host, and the one for a request naming none. */
function applicationsOf(settings: ForwardAuthConfig, auth: Service) {
  const application = (mode: ForwardMode): Application => ({ mode, check: userRule(auth, guardMode(mode)) });
  const apps = new Map(Object.entries(settings.apps).map(([name, entry]) => [name, application(entry.mode)]));
  const byHost = new Map<string, Application>();
  for (const [name, entry] of Object.entries(settings.apps)) {
    for (const host of entry.hosts) if (!byHost.has(host)) byHost.set(host, apps.get(name)!);
  }
  return { apps, byHost, fallback: application(settings.mode) };
}

/** The login page a refused browser is sent to, with `from` when the original URL may be returned to. */
function loginLocation(
  config: ForwardAuthSettings,
  { serviceURL, auth }: AreaContext,
): (original: URL | undefined) => string | undefined {
  const page = config.forwardAuth.loginURL ?? (config.server.homePage ? `${serviceURL}/` : undefined);
  return (original) => {
    if (page === undefined) return undefined;
    const location = new URL(page);
    if (original && auth.context.isAllowedRedirect(original.href)) {
      location.searchParams.set('from', original.href);
    }
    return location.href;
  };
}

const NAME_ONE = 'name one application';

const forwardSchema = {
  tags: ['auth'],
  summary:
    'Forward authentication: may the original request through? (nginx auth_request, Caddy forward_auth)',
  querystring: {
    type: 'object',
    properties: { app: { type: 'string', description: 'the application (forwardAuth.apps) asked about' } },
  },
  response: {
    202: { description: 'Let it through; the identity in X-Auth-Request-* headers' },
    400: { description: 'Unknown application', type: 'object', properties: { error: { type: 'string' } } },
    401: {
      description: 'Not logged in; `Location` names the login page',
      type: 'object',
      properties: { error: { type: 'string' } },
    },
    403: { description: 'Logged in, not allowed', type: 'object', properties: { error: { type: 'string' } } },
  },
};

export const forwardAuthArea: Area<ForwardAuthSettings> = async (app, context, config) => {
  const { auth, announce } = context;
  const settings = config.forwardAuth;
  if (!settings.enabled) {
    announce('forward auth: off (forwardAuth.enabled)');
    return;
  }
  const isTrustedPeer = trustedPeers(allowList(settings.trustedProxies));
  const { apps, byHost, fallback } = applicationsOf(settings, auth);
  const headersOf = identityHeaders(settings.headers);
  const locationFor = loginLocation(config, context);
  const jwtCookie = `${auth.options.jwtCookieName}=`;

  /** The application asked about, or the 400 message when the request names an unknown one. */
  function choose(request: FastifyRequest, original: OriginalRequest): Application | string {
    const query = (request.query as Record<string, unknown>).app;
    const header = original.trusted ? request.headers['x-gatehouse-app'] : undefined;
    const named = query ?? header;
    if (named !== undefined) {
      if (typeof named !== 'string') return NAME_ONE;
      return apps.get(named) ?? `unknown application ${JSON.stringify(named.slice(0, 64))}`;
    }
    const url = original.url;
    return (url && (byHost.get(url.host) ?? byHost.get(url.hostname))) || fallback;
  }

  /** The 202: the user as headers, and the JWT cookie of a refreshed session. */
  function admitted(reply: FastifyReply, user: User | null, cookies: string | string[] | undefined) {
    reply.headers(headersOf(user));
    // Only the JWT cookie of a refreshed session: a proxy copies one Set-Cookie header (nginx's
    // $upstream_http_set_cookie is the first), and the XSRF cookie's value never changes on refresh.
    const jwt = cookies && [cookies].flat().find((cookie) => cookie.startsWith(jwtCookie));
    if (jwt) reply.header('set-cookie', jwt);
    return reply.code(202).send();
  }

  /** The answer to a verdict; waits only for a user updater (auth.hooks), when there is one. */
  function answer(reply: FastifyReply, original: OriginalRequest, verdict: Verdict) {
    if (verdict.ok) {
      const user = verdict.user ?? null;
      const cookies = verdict.headers?.['set-cookie'];
      // The user updater gives the user the application sees: the `updateUser` mode.
      if (user && auth.options.userUpdater) {
        return auth.updateUser(user).then((updated) => admitted(reply, updated, cookies));
      }
      return admitted(reply, user, cookies);
    }
    const refusal = combinedRefusal([verdict]);
    if (refusal.headers) reply.headers(refusal.headers);
    const location = refusal.status === 401 ? locationFor(original.url) : undefined;
    if (location) reply.header('location', location);
    return reply.code(refusal.status).send({ error: refusal.message });
  }

  /** Synchronous while the token is in the cache: no promise on the hot path. */
  function forward(request: FastifyRequest, reply: FastifyReply) {
    const original = originalRequest(request, isTrustedPeer);
    const chosen = choose(request, original);
    if (typeof chosen === 'string') return reply.code(400).send({ error: chosen });
    const verdict = chosen.check(request, original.method ? { method: original.method } : undefined);
    return isPromise(verdict)
      ? verdict.then((settled) => answer(reply, original, settled))
      : answer(reply, original, verdict);
  }

  await app.register(async (child) => {
    // A proxy should send no body (nginx: proxy_pass_request_body off); one that does is not refused.
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    // The query schema refuses `?app=a&app=b` in the route's own words.
    const schemaErrorFormatter = () => new Error(NAME_ONE);
    child.all(forwardAuthPath, { schema: forwardSchema, schemaErrorFormatter }, forward);
  });

  announceApplications(settings, announce);
};

/** The start-up lines: each application's rule, the fallback, and whose `X-Forwarded-*` count. */
function announceApplications(settings: ForwardAuthConfig, announce: AreaContext['announce']): void {
  const named = Object.entries(settings.apps).map(([name, entry]) => {
    const hosts = entry.hosts.length > 0 ? ` on ${entry.hosts.join(', ')}` : '';
    return `${name}${hosts}: ${describeMode(entry.mode)}`;
  });
  announce(
    `forward auth: ${forwardAuthPath}; ${[...named, `otherwise: ${describeMode(settings.mode)}`].join('; ')}`,
  );
  announce(
    settings.trustedProxies.length > 0
      ? `forward auth: trusted proxies ${settings.trustedProxies.join(', ')}`
      : 'forward auth: no forwardAuth.trustedProxies, so X-Forwarded-* are ignored: browsers with a cookie need X-XSRF-TOKEN and logins return to the login page',
  );
}
