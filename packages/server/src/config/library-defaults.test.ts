/**
 * The service's config takes every default of a library setting from the library's exported
 * `defaults`; this test keeps it so. Each library default is either compared with what an empty
 * config gives, or named here as one the config does not offer or deliberately sets otherwise, so
 * a new library default cannot go unnoticed.
 */
import { defaults as auth } from '@gatehouse/auth';
import { defaults as resources } from '@gatehouse/resources';
import { defaults as webhooks } from '@gatehouse/webhooks';
import { describe, expect, it } from 'vitest';
import { authMountPath } from '../access/groups.js';
import { sameSiteNames } from '../areas/auth/service.js';
import { configSchema } from './schema.js';

const config = configSchema.parse({});
const verifyEntry = configSchema
  .parse({
    auth: { providers: [{ kind: 'verify', name: 'mail', smtp: { host: 'localhost', from: 'a@b.test' } }] },
  })
  .auth.providers.find((entry) => entry.kind === 'verify')!;
const withSignature = configSchema.parse({
  webhooks: { defaultSignature: { scheme: 'github', secretEnv: 'HOOK_SECRET' }, inbox: {} },
}).webhooks;

/** Library default name → [the config key, what an empty config gives, the library's default]. */
type Mapped = Record<string, readonly [key: string, configured: unknown, library: unknown]>;

const authMapped: Mapped = {
  tokenDurationMs: ['auth.tokenDuration', config.auth.tokenDuration, auth.tokenDurationMs],
  cookieDurationMs: ['auth.cookieDuration', config.auth.cookieDuration, auth.cookieDurationMs],
  revocationCheckIntervalMs: [
    'auth.revocationCheckInterval',
    config.auth.revocationCheckInterval,
    auth.revocationCheckIntervalMs,
  ],
  mountPath: ['(fixed)', authMountPath, auth.mountPath],
  avatarRoutePath: ['avatars.routePath', config.avatars.routePath, auth.avatarRoutePath],
  avatarResizeLimit: ['avatars.resizeLimit', config.avatars.resizeLimit, auth.avatarResizeLimit],
  jwtCookieName: ['auth.jwtCookieName', config.auth.jwtCookieName, auth.jwtCookieName],
  xsrfCookieName: ['auth.xsrfCookieName', config.auth.xsrfCookieName, auth.xsrfCookieName],
  xsrfHeaderKey: ['auth.xsrfHeaderKey', config.auth.xsrfHeaderKey, auth.xsrfHeaderKey],
  jwtHeaderKey: ['auth.jwtHeaderKey', config.auth.jwtHeaderKey, auth.jwtHeaderKey],
  jwtQuery: ['auth.jwtQuery', config.auth.jwtQuery, auth.jwtQuery],
  sameSite: ['auth.sameSite', sameSiteNames[config.auth.sameSite], auth.sameSite],
  audiences: ['auth.audiences', config.auth.audiences, auth.audiences],
  allowedRedirectHosts: [
    'auth.allowedRedirectHosts',
    config.auth.allowedRedirectHosts,
    auth.allowedRedirectHosts,
  ],
  xsrfIgnoreMethods: ['auth.xsrfIgnoreMethods', config.auth.xsrfIgnoreMethods, auth.xsrfIgnoreMethods],
  disableXSRF: ['auth.disableXSRF', config.auth.disableXSRF, auth.disableXSRF],
  sendJWTHeader: ['auth.sendJWTHeader', config.auth.sendJWTHeader, auth.sendJWTHeader],
  bodyLimit: ['server.bodyLimit', config.server.bodyLimit, auth.bodyLimit],
  verify: [
    'auth.providers[kind verify].tokenTtl',
    { tokenTtlSeconds: verifyEntry.tokenTtl / 1000 },
    auth.verify,
  ],
};

const resourcesMapped: Mapped = {
  prefix: ['resources.prefix', config.resources.prefix, resources.prefix],
  nodeTtlMs: ['resources.nodeTtl', config.resources.nodeTtl, resources.nodeTtlMs],
  purgeTtlMs: ['resources.purgeTtl', config.resources.purgeTtl, resources.purgeTtlMs],
  reportTtlMs: ['resources.reportTtl', config.resources.reportTtl, resources.reportTtlMs],
  gcIntervalMs: ['resources.gcInterval', config.resources.gcInterval, resources.gcIntervalMs],
  commandBodyLimit: [
    'resources.commandBodyLimit',
    config.resources.commandBodyLimit,
    resources.commandBodyLimit,
  ],
  queryTimeoutMs: ['resources.queryTimeout', config.resources.queryTimeout, resources.queryTimeoutMs],
  compression: ['resources.compression', config.resources.compression, resources.compression],
  compressionMinBytes: [
    'resources.compressionMinBytes',
    config.resources.compressionMinBytes,
    resources.compressionMinBytes,
  ],
  // Unset: the library counts the cores itself.
  readWorkers: [
    'resources.readWorkers',
    config.resources.readWorkers ?? resources.readWorkers,
    resources.readWorkers,
  ],
  readQueueLimit: ['resources.readQueueLimit', config.resources.readQueueLimit, resources.readQueueLimit],
};

const webhooksMapped: Mapped = {
  watch: ['webhooks.watch', config.webhooks.watch, webhooks.watch],
  bodyLimit: ['webhooks.bodyLimit', config.webhooks.bodyLimit, webhooks.bodyLimit],
  answerLimit: ['webhooks.answerLimit', config.webhooks.answerLimit, webhooks.answerLimit],
  timeoutMs: ['webhooks.timeout', config.webhooks.timeout, webhooks.timeoutMs],
  concurrency: ['webhooks.concurrency', config.webhooks.concurrency, webhooks.concurrency],
  queueLimit: ['webhooks.queueLimit', config.webhooks.queueLimit, webhooks.queueLimit],
  replayWindowMs: ['webhooks.replayWindow', config.webhooks.replayWindow, webhooks.replayWindowMs],
  // Unset: the library's headers.
  deliveryHeaders: [
    'webhooks.deliveryHeaders',
    config.webhooks.deliveryHeaders ?? webhooks.deliveryHeaders,
    webhooks.deliveryHeaders,
  ],
  signatureToleranceSec: [
    'webhooks.defaultSignature.tolerance',
    withSignature.defaultSignature!.tolerance / 1000,
    webhooks.signatureToleranceSec,
  ],
  inbox: [
    'webhooks.inbox',
    {
      deliveries: withSignature.inbox!.deliveries,
      maxAgeMs: withSignature.inbox!.maxAge,
      bodyBytes: withSignature.inbox!.bodyBytes,
    },
    webhooks.inbox,
  ],
  isolation: ['webhooks.isolation', config.webhooks.isolation, webhooks.isolation],
  workerUser: ['webhooks.workerUser', config.webhooks.workerUser, webhooks.workerUser],
  workerMemoryMib: ['webhooks.workerMemory', config.webhooks.workerMemory, webhooks.workerMemoryMib],
  loadTimeoutMs: ['webhooks.loadTimeout', config.webhooks.loadTimeout, webhooks.loadTimeoutMs],
};

/** Library defaults the config does not offer, or sets otherwise on purpose, and why. */
const notMapped: Record<'auth' | 'resources' | 'webhooks', Record<string, string>> = {
  auth: {
    issuer: 'the service issues `gatehouse` tokens (auth.issuer, CHANGELOG)',
    url: 'server.url, or the address the service listens on',
    tokenCacheSize: 'a hot-path size, not a setting of the service',
    throttle: 'the login throttle keeps the library defaults',
  },
  resources: {
    metricsV2: 'the service serves them, guarded by the metrics route group',
    purgeBatch: 'internal',
    maxWaitSeconds: 'internal',
    commandPollMs: 'internal',
    commandMaxAttempts: 'internal',
    commandRetryDelayMs: 'internal',
    keepAppliedMs: 'internal',
    commandConcurrency: 'internal',
    commandBatch: 'internal',
    commandBatchMs: 'internal',
    queryBodyLimit: 'internal',
    maxQueryChars: 'internal',
    parseLimits: 'internal',
    puppetdbVersion: 'internal',
    postgresMaxConnections: 'internal',
    streamBatchSize: 'internal',
    sqliteBusyTimeoutMs: 'internal',
  },
  webhooks: {
    maxDepth: 'the service passes its one limit, server.jsonDepthLimit',
    replayMaxEntries: 'replay records live in the state store the service passes',
    allowUnauthenticated: 'on a network address the service allows only the modules listed',
    debounceMs: 'internal',
  },
};

const libraries = [
  ['@gatehouse/auth', auth, authMapped, notMapped.auth],
  ['@gatehouse/resources', resources, resourcesMapped, notMapped.resources],
  ['@gatehouse/webhooks', webhooks, webhooksMapped, notMapped.webhooks],
] as const;

describe.each(libraries)("the service's defaults of %s", (_name, libraryDefaults, mapped, unmapped) => {
  it.each(Object.entries(mapped))(
    '%s: the config key has the library default',
    (_setting, [, configured, library]) => {
      expect(configured).toEqual(library);
    },
  );

  it('maps every library default or names why not', () => {
    const accounted = [...Object.keys(mapped), ...Object.keys(unmapped)].sort();
    expect(accounted).toEqual(Object.keys(libraryDefaults).sort());
  });
});
