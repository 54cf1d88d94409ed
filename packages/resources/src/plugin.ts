/**
 * @module plugin
 * The Fastify plugin of the package: opens (or takes) the store, mounts the command route
 * (`POST /{prefix}/cmd/v1`) and the query routes (`/{prefix}/query/v4/...`, meta, status), and
 * runs node expiry/purge on a timer. Options are checked at registration with messages that
 * start "@gatehouse/resources:". Shared by both engineers: the command side is registered in
 * `registerCommandSide`, the query side in `registerQuerySide`.
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CommandProcessor } from './commands/processor.js';
import { commandRoutes } from './commands/route.js';
import { GC_DEFAULTS, type GcTimer, startGc } from './lifecycle/gc.js';
import { type Logger, silentLogger } from './logger.js';
import { registerMetaRoutes } from './routes/meta-routes.js';
import { registerQueryRoutes } from './routes/query-routes.js';
import { openStore } from './store/open-store.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from './store/postgres-store.js';
import type { ResourceStore } from './store/types.js';

/** Options of `resourcesPlugin`. Durations are milliseconds. */
export interface ResourcesPluginOptions {
  /** An SQLite file path, a `postgres://` URL, or an already opened store (then the caller closes it). */
  readonly database: string | ResourceStore;
  /** First path segment of every route (default `pdb`, as PuppetDB). */
  readonly prefix?: string;
  readonly logger?: Logger;
  /** Expire nodes with no new catalog, facts or report for this long (default 7 days; 0 = never). */
  readonly nodeTtlMs?: number;
  /** Delete nodes inactive for this long (default 14 days; 0 = never). */
  readonly purgeTtlMs?: number;
  /** How often expiry and purge run (default 1 hour; 0 = never). */
  readonly gcIntervalMs?: number;
  /** Largest command body (default 64 MiB: big catalogs are several MiB). */
  readonly commandBodyLimit?: number;
  /** Longest `secondsToWaitForCompletion` honoured (default 300). */
  readonly maxWaitSeconds?: number;
  /** Nodes whose commands are applied at once (default 1 on SQLite, 4 on PostgreSQL). */
  readonly commandConcurrency?: number;
  /** Server clock (tests inject one). */
  readonly now?: () => Date;
  // ── query side (engineer B): add query options below ──
  /** Largest query POST body or GET form body (default 1 MiB). */
  readonly queryBodyLimit?: number;
  /** Longest query text in characters (default 256 KiB; longer is a 413). */
  readonly maxQueryChars?: number;
  /** The PuppetDB version reported by /meta/v1/version and the status route (default 7.12.1). */
  readonly puppetdbVersion?: string;
  /**
   * PostgreSQL: `statement_timeout` of every query (default 30 000 ms; 0 = none); a query cancelled
   * by it answers 503. Applies when `database` is a URL (an opened store keeps its own setting).
   */
  readonly queryTimeoutMs?: number;
}

/** What the plugin exposes on the instance as `app.gatehouseResources`. */
export interface ResourcesRuntime {
  readonly store: ResourceStore;
  readonly processor: CommandProcessor;
  readonly gc: GcTimer;
  readonly prefix: string;
  readonly purgeTtlMs: number;
  readonly now: () => Date;
  readonly logger: Logger;
}

declare module 'fastify' {
  interface FastifyInstance {
    gatehouseResources: ResourcesRuntime;
  }
}

const PREFIX = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new TypeError(
      `@gatehouse/resources: \`${name}\` must be a non-negative number, not ${String(value)}`,
    );
  }
  return v;
}

function checkPrefix(prefix: string | undefined): string {
  const p = prefix ?? 'pdb';
  if (typeof p !== 'string' || !PREFIX.test(p)) {
    throw new TypeError(
      `@gatehouse/resources: \`prefix\` must be path segments such as "pdb", not ${JSON.stringify(p)}`,
    );
  }
  return p;
}

async function registerCommandSide(
  app: FastifyInstance,
  runtime: ResourcesRuntime,
  options: ResourcesPluginOptions,
) {
  await app.register(commandRoutes, {
    pathPrefix: runtime.prefix,
    processor: runtime.processor,
    bodyLimit: nonNegative('commandBodyLimit', options.commandBodyLimit, 64 * 1024 * 1024),
    maxWaitSeconds: nonNegative('maxWaitSeconds', options.maxWaitSeconds, 300),
    now: runtime.now,
  });
}

async function registerQuerySide(
  app: FastifyInstance,
  runtime: ResourcesRuntime,
  options: ResourcesPluginOptions,
) {
  // ── engineer B: the query routes (own encapsulated context) and the meta/status routes.
  const { store, prefix, now, logger } = runtime;
  await registerQueryRoutes(app, {
    store,
    prefix,
    now,
    logger,
    nodePurgeTtlMs: runtime.purgeTtlMs,
    maxBodyBytes: nonNegative('queryBodyLimit', options.queryBodyLimit, 1024 * 1024),
    maxQueryChars: nonNegative('maxQueryChars', options.maxQueryChars, 256 * 1024),
  });
  await registerMetaRoutes(app, { store, prefix, now, version: options.puppetdbVersion });
}

async function resources(app: FastifyInstance, options: ResourcesPluginOptions): Promise<void> {
  const prefix = checkPrefix(options.prefix);
  const nodeTtlMs = nonNegative('nodeTtlMs', options.nodeTtlMs, GC_DEFAULTS.nodeTtlMs);
  const purgeTtlMs = nonNegative('purgeTtlMs', options.purgeTtlMs, GC_DEFAULTS.purgeTtlMs);
  const intervalMs = nonNegative('gcIntervalMs', options.gcIntervalMs, GC_DEFAULTS.intervalMs);
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const owned = typeof options.database === 'string';
  const queryTimeoutMs = nonNegative('queryTimeoutMs', options.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS);
  const store =
    typeof options.database === 'string'
      ? await openStore(options.database, { queryTimeoutMs })
      : options.database;
  const processor = new CommandProcessor(store, { logger, now, concurrency: options.commandConcurrency });
  const gc = startGc(store, { nodeTtlMs, purgeTtlMs, intervalMs, now, logger });
  const runtime: ResourcesRuntime = { store, processor, gc, prefix, purgeTtlMs, now, logger };
  app.decorate('gatehouseResources', runtime);
  app.addHook('onClose', async () => {
    await gc.stop();
    await processor.close();
    if (owned) await store.close();
  });
  await registerCommandSide(app, runtime, options);
  await registerQuerySide(app, runtime, options);
}

/** The resources plugin: `app.register(resourcesPlugin, { database: 'resources.db' })`. */
export const resourcesPlugin = fp(resources, { fastify: '5.x', name: '@gatehouse/resources' });
