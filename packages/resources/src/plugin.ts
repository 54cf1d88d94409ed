/**
 * @module plugin
 * The Fastify plugin of the package: opens (or takes) the store, mounts the command route
 * (`POST /{prefix}/cmd/v1`) and the query routes (`/{prefix}/query/v4/...`, meta, status), with
 * `metricsV2` PuppetDB's Jolokia metrics (`/metrics/v2/...`), and runs node expiry/purge on a timer. Options are checked at registration (`options.ts`), before
 * the store is opened.
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CommandThread } from './commands/command-thread.js';
import { CommandProcessor, instanceName } from './commands/processor.js';
import { commandRoutes } from './commands/route.js';
import { type GcTimer, startGc } from './lifecycle/gc.js';
import type { Logger } from './logger.js';
import { CommandFigures } from './metrics/command-figures.js';
import { registerJolokiaRoutes } from './metrics/jolokia-routes.js';
import { population } from './metrics/population.js';
import { defaults, type ResolvedOptions, type ResourcesPluginOptions, resolveOptions } from './options.js';
import { registerMetaRoutes } from './routes/meta-routes.js';
import { registerQueryRoutes } from './routes/query-routes.js';
import { openStore } from './store/open-store.js';
import { SqliteStore } from './store/sqlite-store.js';
import type { ResourceStore } from './store/types.js';

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

async function registerCommandSide(
  app: FastifyInstance,
  runtime: ResourcesRuntime,
  options: ResolvedOptions,
) {
  await app.register(commandRoutes, {
    pathPrefix: runtime.prefix,
    processor: runtime.processor,
    bodyLimit: options.commandBodyLimit,
    maxWaitSeconds: options.maxWaitSeconds,
    now: runtime.now,
  });
}

async function registerQuerySide(app: FastifyInstance, runtime: ResourcesRuntime, options: ResolvedOptions) {
  // The query routes get their own encapsulated context; the meta/status routes sit beside them.
  const { store, prefix, now, logger } = runtime;
  await registerQueryRoutes(app, {
    store,
    prefix,
    now,
    logger,
    nodePurgeTtlMs: runtime.purgeTtlMs,
    maxBodyBytes: options.queryBodyLimit,
    maxQueryChars: options.maxQueryChars,
    compression: { enabled: options.compression, minBytes: options.compressionMinBytes },
  });
  await registerMetaRoutes(app, {
    store,
    prefix,
    now,
    version: options.puppetdbVersion,
    queue: () => runtime.processor.stats(),
  });
}

async function resources(app: FastifyInstance, pluginOptions: ResourcesPluginOptions): Promise<void> {
  const options = resolveOptions(pluginOptions);
  const { prefix, purgeTtlMs, now, logger } = options;
  const owned = typeof options.database === 'string';
  const store =
    typeof options.database === 'string'
      ? await openStore(options.database, {
          queryTimeoutMs: options.queryTimeoutMs,
          readWorkers: options.readWorkers,
          readQueueLimit: options.readQueueLimit,
          logger,
        })
      : options.database;
  // The queue's timings, resolved here once for the thread and the processor alike.
  const queue = {
    pollMs: defaults.commandPollMs,
    maxAttempts: defaults.commandMaxAttempts,
    retryDelayMs: defaults.commandRetryDelayMs,
  };
  // SQLite: commands and node expiry/purge are written from a thread of their own.
  const thread =
    store instanceof SqliteStore
      ? new CommandThread(
          {
            filename: store.filename,
            busyTimeoutMs: defaults.sqliteBusyTimeoutMs,
            ...queue,
            keepAppliedMs: defaults.keepAppliedMs,
            instance: instanceName(),
          },
          { logger },
        )
      : undefined;
  const figures = new CommandFigures();
  const { onCommandSettled } = options;
  const processor = new CommandProcessor(store, {
    logger,
    now,
    concurrency: options.commandConcurrency,
    ...queue,
    thread,
    onSettled: (settled) => {
      figures.settled(settled);
      onCommandSettled?.(settled);
    },
    ...(options.commandPeers && { peers: options.commandPeers }),
  });
  const { nodeTtlMs, reportTtlMs } = options;
  const gc = startGc(store, {
    nodeTtlMs,
    purgeTtlMs,
    reportTtlMs,
    purgeBatch: defaults.purgeBatch,
    intervalMs: options.gcIntervalMs,
    now,
    logger,
    collect: thread && (() => thread.collectGarbage({ nodeTtlMs, purgeTtlMs, reportTtlMs, now: now() })),
  });
  const runtime: ResourcesRuntime = { store, processor, gc, prefix, purgeTtlMs, now, logger };
  app.decorate('gatehouseResources', runtime);
  app.addHook('onClose', async () => {
    await gc.stop();
    await processor.close();
    await thread?.close();
    if (owned) await store.close();
  });
  await registerCommandSide(app, runtime, options);
  await registerQuerySide(app, runtime, options);
  if (options.metricsV2) {
    await registerJolokiaRoutes(app, {
      population: () => population(store),
      commands: figures,
      queue: () => processor.stats(),
    });
  }
}

/** The resources plugin: `app.register(resourcesPlugin, { database: 'resources.db' })`. */
export const resourcesPlugin = fp(resources, { fastify: '5.x', name: '@gatehouse/resources' });
