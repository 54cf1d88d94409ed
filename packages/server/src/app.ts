/**
 * @module app
 * Builds the one Fastify app of the service without listening, so tests can use it directly.
 * Each area is one folder in `areas/` and one line in {@link areasOf}, registered in the order
 * listed; see `areas/area.ts` for the contract. Only this file holds the whole configuration: each
 * area and leaf gets the part it reads.
 */
import { randomUUID } from 'node:crypto';
import type { Service } from '@gatehouse/auth';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Access, type AccessSettings } from './access/access.js';
import { installSameOriginGuard } from './access/same-origin.js';
import { adminArea } from './areas/admin/area.js';
import { type AreaContext, type BoundArea, withSettings } from './areas/area.js';
import { authArea } from './areas/auth/area.js';
import { homeArea } from './areas/auth/home.js';
import { loginProvidersArea } from './areas/auth/login-providers.js';
import { createAuthService } from './areas/auth/service.js';
import { type AuthSetup, prepareAuth } from './areas/auth/setup.js';
import { avatarOptions, avatarsArea } from './areas/avatars/area.js';
import { forwardAuthArea } from './areas/forward-auth/area.js';
import { applicationHosts } from './areas/forward-auth/config.js';
import { healthArea } from './areas/health/area.js';
import { metricsArea } from './areas/metrics/area.js';
import { openapiArea } from './areas/openapi/area.js';
import { resourcesArea } from './areas/resources/area.js';
import { webhooksArea } from './areas/webhooks/area.js';
import { webhookRoutes } from './areas/webhooks/openapi-paths.js';
import { installJsonDepthLimit } from './body-limits/depth-guard.js';
import type { ProcessRole } from './cluster/process-role.js';
import { serviceURL } from './config/load.js';
import { proxyList } from './config/request-limits.js';
import type { GatehouseConfig } from './config/schema.js';
import type { CredentialsFile } from './data/credentials.js';
import { type DataFolder, openDataFolder } from './data/folder.js';
import {
  createServiceLog,
  type Logger,
  libraryLogger,
  requestLoggerFactory,
  type ServiceLog,
} from './logging.js';
import { installOpenApi } from './service/api-document.js';
import { installErrorHandlers } from './service/http-errors.js';
import { Readiness } from './service/readiness.js';
import { ServiceMetrics } from './service/service-metrics.js';
import { installSharedState } from './state/service-state.js';
import type { StateEvents } from './state/state-events.js';
import { httpsOptions } from './tls/https-options.js';
import { installReload } from './tls/reload.js';

/**
 * The areas, registered in this order, each with the part of the configuration it reads. To add one:
 * write `areas/<name>/area.ts` and add one line.
 */
function areasOf(
  config: GatehouseConfig,
  authSetup: AuthSetup,
  env: NodeJS.ProcessEnv,
): readonly BoundArea[] {
  return [
    withSettings(metricsArea, config), // GET /metrics; first, so that its hook sees the answer of every route registered after it
    healthArea, // GET /ping (alive), GET /ready (stores reachable, migrations applied, modules loaded)
    withSettings(homeArea, { server: config.server, auth: config.auth, authSetup }), // GET / demo login page (server.homePage)
    withSettings(loginProvidersArea, { auth: config.auth, env, authSetup }), // dev OAuth 2.0 server (--dev-provider), auth.providers, hooks providers; before auth, which lists them
    authArea, // /auth/... and the avatar route; declares request.user for the areas after it
    withSettings(forwardAuthArea, config), // /auth/forward: what reverse proxies ask before letting a request through
    withSettings(avatarsArea, config), // announces where avatars live (the route is served by the auth plugin)
    withSettings(resourcesArea, config.resources), // /pdb/query/v4/..., /pdb/cmd/v1, /pdb/meta/v1/..., /status/v1/... (PuppetDB-compatible)
    withSettings(webhooksArea, config), // POST /webhook/{module}/{method} from the modules folder (--modules DIR)
    withSettings(adminArea, config), // /admin/...: access rules, session revocation
    openapiArea, // GET /openapi.json and the /docs page; last, when every route is known
  ];
}

/** How long one readiness check may take before `/ready` says it timed out. */
const READINESS_TIMEOUT_MS = 5000;

export interface BuildAppOptions {
  /** An already opened data folder; default: open `config.server.dataDir`. */
  data?: DataFolder;
  /** The service's log, Fastify's own; default: one on stderr as `server.logLevel`/`logFormat` say. */
  log?: ServiceLog;
  /** The `Logger` the libraries get; default: {@link libraryLogger} over `log`. */
  logger?: Logger;
  /** Receives the lines of the start-up summary that areas announce. */
  announce?: (line: string) => void;
  /** Where the secrets that the config names by variable are read; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** This process's part among several (`server.workers`); none for a single process. */
  role?: ProcessRole;
}

/** The app with every area registered and ready; the caller listens (or injects) and closes it. */
export async function buildApp(
  config: GatehouseConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const log =
    options.log ?? createServiceLog({ level: config.server.logLevel, format: config.server.logFormat });
  const logger = options.logger ?? libraryLogger(log);
  const app = fastifyFor(config, log);
  installErrorHandlers(app);
  installJsonDepthLimit(app, config.server.jsonDepthLimit); // before any area: no body nests past the limit
  answerHeaders(app);
  const data = options.data ?? (await openDataFolder(config));
  const url = serviceURL(config);
  const announce = options.announce ?? (() => {});
  const readiness = new Readiness(READINESS_TIMEOUT_MS);
  // The one shared-state store of the service: memory, or PostgreSQL shared by every instance.
  const { role } = options; // one of several processes (server.workers)
  const open = role?.openState.bind(role); // a worker's state is its primary's
  const state = await installSharedState(app, config, { logger, announce, readiness, open });
  const stateStore = state.store;
  const env = options.env ?? process.env;
  const authSetup = await prepareAuth(config.auth); // the hooks module and template files
  const auth = createAuthService(config, {
    data,
    logger,
    url,
    stateStore,
    env,
    hooks: authSetup.hooks,
    avatars: avatarOptions(config), // store URI (default bolt://<dataDir>/avatars.db), route, resize
    redirectHosts: applicationHosts(config.forwardAuth),
  });
  forgetRevokedSessions(auth, stateStore, role);
  const access = accessOf(config, auth, data.credentials);
  const openapi = await installOpenApi(app, config.auth, url, [webhookRoutes]);
  access.install(app); // before any area: every route gets its group's guard, or start-up fails
  installSameOriginGuard(app, { access, config, serviceURL: url }); // loopback trust: own Host and Origin only
  installReload(app, config.tls, access, logger); // SIGHUP and changed TLS files
  const context: AreaContext = {
    data,
    logger,
    log,
    readiness,
    metrics: new ServiceMetrics(),
    openapi,
    serviceURL: url,
    auth,
    access,
    stateStore,
    stateEvents: stateStore,
    peers: state.peers,
    announce,
  };
  try {
    for (const area of areasOf(config, authSetup, env)) {
      await area(app, context);
    }
    await app.ready();
  } catch (error) {
    // The areas before the failing one opened stores and workers: close them, so the process ends.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

/** Keeps this process's token cache true to every revocation, wherever it was made. */
function forgetRevokedSessions(auth: Service, events: StateEvents, role: ProcessRole | undefined): void {
  // Another process's revocation: drop the session from this process's token cache at once.
  role?.onRevokedElsewhere((revoked) => auth.tokens.forget(revoked));
  // A revocation made here or on another instance: the cached verdict goes, the next request asks the store.
  events.onRevoked((revoked) => {
    if ('jti' in revoked) auth.tokens.forget({ jti: revoked.jti });
    else if ('userId' in revoked) auth.tokens.forget({ userId: revoked.userId });
  });
}

/** The Fastify instance: the service's log, request ids, proxies, body limit, HTTP or HTTPS. */
function fastifyFor(config: Pick<GatehouseConfig, 'server' | 'tls'>, log: ServiceLog): FastifyInstance {
  const proxies = proxyList(config.server.trustProxy);
  const common = {
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: !config.server.verbose }),
    genReqId: requestIds(),
    // The request's logger is made when something logs through it, not for every request.
    childLoggerFactory: requestLoggerFactory,
    // A proxy in front may already have named the request; a client on its own may not.
    requestIdHeader: proxies.length > 0 ? 'x-request-id' : false,
    bodyLimit: config.server.bodyLimit,
    trustProxy: proxies.length > 0 ? [...proxies] : false,
    forceCloseConnections: 'idle',
  } as const;
  const https = httpsOptions(config.tls);
  // One app type for the areas: an HTTPS server differs from an HTTP one only in its socket.
  return (https ? Fastify({ ...common, https }) : Fastify(common)) as unknown as FastifyInstance;
}

/** The access rules; the `basic` rule checks passwords of the credentials file. */
function accessOf(config: AccessSettings, auth: Service, credentials: CredentialsFile | undefined): Access {
  return new Access({
    config,
    auth,
    // The credentials file, checked as one login attempt like every other; scrypt work bounded.
    passwordCheck:
      credentials &&
      ((name, password, ip) => auth.throttle.attempt(name, ip, () => credentials.check(name, password))),
  });
}

/**
 * Request ids shaped like a UUID (36 characters): a random prefix per process and a counter, unique
 * without asking the random source on every request. Ids name requests in logs; they guard nothing.
 */
export function requestIds(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let next = 0;
  return () => prefix + (next++).toString(16).padStart(12, '0');
}

/**
 * The headers every answer of every area (and Fastify's own errors) carries, in one callback-style
 * hook (no promise per answer), so no area can forget them:
 * - `X-Content-Type-Options: nosniff` on an answer with a body, so a browser never runs a text or
 *   JSON answer as a script or page (a bodiless answer, such as forward auth's 202, has nothing to
 *   sniff);
 * - `X-Request-Id`, the `reqId` of its log records;
 * - once `close()` starts, `Connection: close`, so keep-alive connections end with the requests in
 *   flight instead of holding the shutdown open until its timeout.
 */
function answerHeaders(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (payload !== undefined && payload !== null && payload !== '') {
      reply.header('x-content-type-options', 'nosniff');
    }
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
