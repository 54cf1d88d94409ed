/**
 * The metadata and status routes PuppetDB clients call before querying:
 *   GET /{prefix}/meta/v1/version, GET /{prefix}/meta/v1/server-time,
 *   GET /status/v1/services/puppetdb-status
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { QueueStats } from '../commands/command-queue.js';
import { defaults } from '../options.js';
import type { ResourceStore } from '../store/types.js';
import { serverTimeRouteSchema, statusRouteSchema, versionRouteSchema } from './route-schemas.js';

export interface MetaRoutesOptions {
  readonly store: ResourceStore;
  readonly prefix?: string;
  /** The PuppetDB version we answer as (default 7.12.1: the API level we implement). */
  readonly version?: string;
  readonly now?: () => Date;
  /** Depth and age of the command queue, shown by the status route. */
  readonly queue?: () => Promise<QueueStats>;
}

/** PuppetDB's meta routes take no parameters; any is a 400. */
function refuseParameters(request: FastifyRequest, reply: FastifyReply): boolean {
  const names = Object.keys(request.query as object);
  if (names.length === 0) return false;
  reply.code(400).type('text/plain; charset=utf-8').send(`Unsupported query parameter '${names[0]}'`);
  return true;
}

async function databaseUp(store: ResourceStore): Promise<boolean> {
  try {
    await store.all('SELECT 1 AS up');
    return true;
  } catch {
    return false;
  }
}

export async function registerMetaRoutes(app: FastifyInstance, options: MetaRoutesOptions): Promise<void> {
  const prefix = options.prefix ?? defaults.prefix;
  const version = options.version ?? defaults.puppetdbVersion;
  const now = options.now ?? (() => new Date());

  app.get(`/${prefix}/meta/v1/version`, { schema: versionRouteSchema }, async (request, reply) => {
    if (refuseParameters(request, reply)) return reply;
    return { version };
  });

  app.get(`/${prefix}/meta/v1/server-time`, { schema: serverTimeRouteSchema }, async (request, reply) => {
    if (refuseParameters(request, reply)) return reply;
    return { server_time: now().toISOString() };
  });

  app.get('/status/v1/services/puppetdb-status', { schema: statusRouteSchema }, async (_request, reply) => {
    const up = await databaseUp(options.store);
    const queue = up && options.queue ? await options.queue().catch(() => undefined) : undefined;
    const nowMs = now().getTime();
    reply.code(up ? 200 : 503);
    return {
      detail_level: 'info',
      service_status_version: 1,
      service_version: version,
      state: up ? 'running' : 'error',
      status: {
        'maintenance_mode?': false,
        'read_db_up?': up,
        'write_db_up?': up,
        queue_depth: queue?.depth ?? 0,
        // Ours, beside PuppetDB's fields: how long the oldest stored command has waited.
        queue_oldest_age_ms: queue?.oldestReceived
          ? Math.max(0, nowMs - Date.parse(queue.oldestReceived))
          : null,
        dead_letters: queue?.deadLetters ?? 0,
      },
    };
  });
}
