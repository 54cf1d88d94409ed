/**
 * @module areas/resources/area
 * Mounts `@gatehouse/resources`: the PuppetDB-compatible query API (`/{prefix}/query/v4/...`,
 * meta and status routes) and the command API (`POST /{prefix}/cmd/v1`), on an SQLite file in the
 * data folder by default or on PostgreSQL (`resources.database` = a postgres:// URL). The plugin
 * opens the store and closes it with the app; expiry and purge run on its own unref'd timer.
 */
import { join } from 'node:path';
import { MIGRATIONS, resourcesPlugin } from '@gatehouse/resources';
import type { GatehouseConfig } from '../../config/schema.js';
import { describeDatabase } from '../../data/database.js';
import { NotReady } from '../../service/readiness.js';
import type { Area } from '../area.js';

/** The store the service uses: the configured one, else `<dataDir>/resources.db`. */
export function resourcesDatabase(config: GatehouseConfig, dataDir: string): string {
  return config.resources.database ?? join(dataDir, 'resources.db');
}

export const resourcesArea: Area = async (app, { config, data, logger, announce, readiness, metrics }) => {
  const database = resourcesDatabase(config, data.dir);
  const { prefix, nodeTtl, purgeTtl, gcInterval, compression, compressionMinBytes } = config.resources;
  const { queryTimeout, readWorkers, readQueueLimit } = config.resources;
  await app.register(resourcesPlugin, {
    database,
    prefix,
    logger,
    nodeTtlMs: nodeTtl,
    purgeTtlMs: purgeTtl,
    gcIntervalMs: gcInterval,
    compression,
    compressionMinBytes,
    queryTimeoutMs: queryTimeout,
    readWorkers,
    readQueueLimit,
    onCommandSettled: (settled) => metrics.commandSettled(settled),
  });
  const { store, processor } = app.gatehouseResources;
  metrics.watchCommandQueue(() => processor.stats());
  readiness.add('resources.store', async () => {
    await store.all('SELECT 1 AS up');
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
