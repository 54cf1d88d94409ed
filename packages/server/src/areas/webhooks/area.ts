/**
 * @module areas/webhooks/area
 * Mounts `@gatehouse/webhooks` at `/webhook`: the modules folder the operator names (`webhooks.folder`,
 * `--modules DIR`; none by default) is loaded and watched, and the shared secret comes from
 * `SERVICE_WEBHOOK_SECRET`. Module code runs isolated by default, a worker process per module that
 * cannot read the data folder (signing secret, credentials file) nor any variable it is not granted.
 * The plugin keeps its own body parser (raw bytes, for signatures) in its own child context; closing
 * the app stops the folder watcher and the workers.
 */
import {
  callableRoutes,
  IsolationUnavailableError,
  type SignatureConfig,
  WebhookDeclarationError,
  Webhooks,
  webhooksPlugin,
} from '@gatehouse/webhooks';
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../../access/loopback.js';
import type { RuleSpec } from '../../access/rules.js';
import { ConfigError } from '../../settings/errors.js';
import type { ConfigFlag } from '../../settings/text-values.js';
import { ModuleReloads } from '../../state/module-reloads.js';
import type { Area, AreaContext } from '../area.js';
import type { WebhooksConfig } from './config.js';
import { moduleWebhookPaths } from './openapi-paths.js';

/** `gatehouse serve --modules DIR`: the webhook modules folder. */
export const modulesFlag: ConfigFlag = {
  flag: 'modules',
  key: 'webhooks.folder',
  kind: 'text',
  placeholder: 'DIR',
  help: 'webhook modules folder, reloaded on change (none by default: no webhooks)',
};

/**
 * The `webhooks` section, and what decides whether its routes face a network unguarded (the
 * listening host, `access.webhooks`), how deep a body may nest (the service's one limit) and which
 * files a worker never reads (the credentials file).
 */
export interface WebhooksSettings {
  readonly webhooks: WebhooksConfig;
  readonly server: { readonly host: string; readonly jsonDepthLimit: number };
  readonly access: { readonly webhooks: readonly RuleSpec[] };
  readonly auth: {
    readonly direct: { readonly enabled: boolean; readonly credentialsFile?: string | undefined };
  };
}

function signatureOf(config: WebhooksConfig): SignatureConfig | undefined {
  const s = config.signature;
  if (!s) return undefined;
  return {
    scheme: s.scheme,
    secretEnv: s.secretEnv,
    header: s.header,
    encoding: s.encoding,
    prefix: s.prefix,
    toleranceSec: s.tolerance / 1000,
  };
}

/** The library's options from the section (the registry is built from these). */
function webhooksOptions(c: WebhooksConfig) {
  return {
    modulesDir: c.folder,
    inbox: c.inbox && {
      perModule: c.inbox.deliveries,
      maxAgeMs: c.inbox.maxAge,
      bodyBytes: c.inbox.bodyBytes,
    },
    watch: c.watch,
    secret: c.secret,
    bodyLimit: c.bodyLimit,
    answerLimit: c.answerLimit,
    timeoutMs: c.timeout,
    concurrency: c.concurrency,
    queueLimit: c.queueLimit,
    replayWindowMs: c.replayWindow,
    deliveryHeaders: c.deliveryHeaders,
    defaultSignature: signatureOf(c),
    allowedIps: c.allowedIps,
    rateLimit: c.rateLimit && { max: c.rateLimit.max, windowMs: c.rateLimit.window },
    isolation: c.isolation,
    workerUser: c.workerUser,
    modules: c.modules,
    memoryMb: c.workerMemory,
    loadTimeoutMs: c.loadTimeout,
  };
}

/** The registry, or a config error naming the key when its isolation cannot be had here. */
function openWebhooks(options: ConstructorParameters<typeof Webhooks>[0], c: WebhooksConfig): Webhooks {
  try {
    return new Webhooks(options);
  } catch (error) {
    if (!(error instanceof IsolationUnavailableError)) throw error;
    const weaker =
      c.isolation === 'sandbox'
        ? '; to accept a worker process without namespaces, set webhooks.isolation to "process" (weaker)'
        : '';
    throw new ConfigError([`webhooks.isolation (${c.isolation}): ${error.message}${weaker}`]);
  }
}

export const webhooksArea: Area<WebhooksSettings> = async (app, context, config) => {
  const { data, logger, stateStore, peers } = context;
  // Modules reloaded here reload on the other instances, and theirs here.
  const reloads = peers && new ModuleReloads(peers, logger);
  const c = config.webhooks;
  const credentials = config.auth.direct.enabled ? [config.auth.direct.credentialsFile!] : [];
  // Reachable from a network by anyone: a route no signature and no shared secret guard needs its
  // module named in webhooks.allowUnauthenticated, else start-up stops (and a reload is refused).
  const exposed = !isLoopbackHost(config.server.host) && config.access.webhooks.includes('public');
  const webhooks = openWebhooks(
    {
      ...webhooksOptions(c),
      allowUnauthenticated: exposed ? c.allowUnauthenticated : true,
      stateStore,
      // The service's one depth limit (its body guard refuses deeper bodies first).
      maxDepth: config.server.jsonDepthLimit,
      privatePaths: [data.dir, ...credentials],
      logger,
      onModulesChanged: () => reloads?.changed(),
    },
    c,
  );
  reloads?.reloadWith(() => webhooks.reload());
  // Loaded before the plugin registers: starting every worker can take longer than Fastify's plugin
  // timeout on a busy machine (each import is bounded by webhooks.loadTimeout instead). A module
  // declaring what cannot be honoured (a signature whose secret is unset...) stops start-up (exit 2).
  try {
    await webhooks.start();
  } catch (error) {
    if (error instanceof WebhookDeclarationError) {
      const optIn = exposed
        ? ` (listening on ${config.server.host} with access.webhooks "public": opt a module in with webhooks.allowUnauthenticated)`
        : '';
      throw new ConfigError([`webhooks.folder (${c.folder}): ${error.message}${optIn}`]);
    }
    throw error;
  }
  app.addHook('onClose', () => webhooks.close());
  await app.register(webhooksPlugin, { webhooks });
  addAdminRoutes(app, webhooks);
  describeModules(webhooks, context);
  announceWebhooks(c, webhooks, context.announce);
};

/** Admin routes (route group admin): what is served, and what senders sent when the inbox is on. */
function addAdminRoutes(app: FastifyInstance, webhooks: Webhooks): void {
  app.get('/admin/webhooks', async () => ({ routes: webhooks.list() }));
  app.get<{ Querystring: { module?: string } }>(
    '/admin/webhooks/deliveries',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { module: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      if (!webhooks.inbox)
        return reply
          .code(404)
          .send({ error: 'the delivery inbox is off (set webhooks.inbox to keep deliveries)' });
      return { deliveries: await webhooks.inbox.list(request.query.module) };
    },
  );
}

/** The modules as the OpenAPI document, the metrics and `/ready` show them. */
function describeModules(
  webhooks: Webhooks,
  { openapi, metrics, readiness }: Pick<AreaContext, 'openapi' | 'metrics' | 'readiness'>,
): void {
  // Only what the caller may call: the routes hide module names from callers without the secret.
  openapi.addCurrentPaths((request) => {
    if (!request) return {};
    const sent = request.headers['x-webhook-secret'];
    const secret = Array.isArray(sent) ? sent.join(', ') : sent;
    return moduleWebhookPaths(callableRoutes(webhooks, { ip: request.ip, secret }));
  });
  metrics.watchWebhookModules(() => new Set(webhooks.list().map((route) => route.module)));
  readiness.add('webhooks.modules', async () => {
    await webhooks.start(); // settled once loaded; a later reload swaps modules in place
    const routes = webhooks.list();
    return `${new Set(routes.map((route) => route.module)).size} modules, ${routes.length} routes`;
  });
}

/** The start-up lines: where the routes come from, the isolation, the inbox, a missing secret. */
function announceWebhooks(c: WebhooksConfig, webhooks: Webhooks, announce: AreaContext['announce']): void {
  const routes = webhooks.list().length;
  announce(
    c.folder === undefined
      ? 'webhooks: no modules folder named (webhooks.folder, --modules DIR), no webhook routes'
      : `webhooks: POST /webhook/{module}/{method}, ${routes} routes from ${c.folder}`,
  );
  announce(
    c.isolation === 'none'
      ? 'webhooks: isolation none: TRUSTED module code runs inside the service (webhooks.isolation)'
      : `webhooks: isolation ${c.folder === undefined ? c.isolation : webhooks.isolation} (webhooks.isolation)`,
  );
  announce(
    c.inbox
      ? `webhooks: delivery inbox on (${c.inbox.deliveries} per module, ${c.inbox.maxAge / 1000} s, bodies cut at ${c.inbox.bodyBytes} bytes): GET /admin/webhooks/deliveries, gatehouse webhooks deliveries`
      : 'webhooks: GET /admin/webhooks lists the routes (gatehouse webhooks list)',
  );
  if (!c.secret) {
    announce(
      'webhooks: WARNING no SERVICE_WEBHOOK_SECRET set, webhook calls are accepted without X-Webhook-Secret',
    );
  }
}
