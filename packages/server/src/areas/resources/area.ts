/**
 * @module areas/resources/area
 * Mounts `@gatehouse/resources`: the PuppetDB-compatible query API (`/{prefix}/query/v4/...`,
 * meta and status routes) and the command API (`POST /{prefix}/cmd/v1`), on an SQLite file in the
 * data folder by default or on PostgreSQL (`resources.database` = a postgres:// URL). The plugin
 * opens the store and closes it with the app; expiry and purge run on its own unref'd timer.
 */
import { join } from 'node:path';
import { isPostgresUrl, isUnavailable, MIGRATIONS, resourcesPlugin } from '@gatehouse/resources';
import { describeDatabase } from '../../data/database.js';
import { NotReady } from '../../service/readiness.js';
import { commandPeersOver } from '../../state/command-peers.js';
import type { Area } from '../area.js';
import type { ResourcesConfig } from './config.js';

/** The store the service uses: the configured one, else `<dataDir>/resources.db`. */
export function resourcesDatabase(resources: ResourcesConfig, dataDir: string): string {
  return resources.database ?? join(dataDir, 'resources.db');
}

/** The store as `/ready` names it (the route may be public: no host, user or file path). */
function describeStore(database: string): string {
  return isPostgresUrl(database) ? 'PostgreSQL database' : 'SQLite database';
}

export const resourcesArea: Area<ResourcesConfig> = async (
  app,
  { data, logger, announce, readiness, metrics, peers },
  resources,
) => {
  const database = resourcesDatabase(resources, data.dir);
  const { prefix, nodeTtl, purgeTtl, reportTtl, gcInterval, compression, compressionMinBytes } = resources;
  const { queryTimeout, readWorkers, readQueueLimit, commandBodyLimit } = resources;
  await app.register(resourcesPlugin, {
    database,
    prefix,
    logger,
    nodeTtlMs: nodeTtl,
    purgeTtlMs: purgeTtl,
    reportTtlMs: reportTtl,
    gcIntervalMs: gcInterval,
    compression,
    compressionMinBytes,
    queryTimeoutMs: queryTimeout,
    readWorkers,
    readQueueLimit,
    commandBodyLimit,
    onCommandSettled: (settled) => metrics.commandSettled(settled),
    metricsV2: true, // /metrics/v2/...: route group `metrics`, as /metrics
    // Waiters on one instance hear of commands another applied, and idle consumers of stored ones.
    ...(peers && isPostgresUrl(database) && { commandPeers: commandPeersOver(peers) }),
  });
  const { store, processor } = app.gatehouseResources;
  metrics.watchCommandQueue(() => processor.stats());
  readiness.add('resources.store', async () => {
    try {
      await store.all('SELECT 1 AS up');
    } catch (error) {
      throw isUnavailable(error) ? new NotReady(`${describeStore(database)} unavailable`) : error;
    }
    return store.dialect;
  });
  readiness.add('resources.migrations', async () => {
    const rows = await store.all('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const missing = MIGRATIONS.filter((migration) => !applied.has(migration.version));
    if (missing.length > 0) throw new NotReady(`${missing.length} migrations not applied`);
    return `${applied.size} applied`;
  });
  announce(`resources: /${prefix}/query/v4 and /${prefix}/cmd/v1 on ${describeDatabase(database)}`);
};
