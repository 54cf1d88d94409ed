/**
 * @module test/support/commands/fixtures
 * Small catalogs and an app with the resources plugin on a fresh store, for command tests.
 */

import Fastify, { type FastifyInstance } from 'fastify';
import { type Catalog, readCatalog } from '../../../src/commands/catalog-payload.js';
import type { ResourcesPluginOptions } from '../../../src/options.js';
import { resourcesPlugin } from '../../../src/plugin.js';
import type { Dialect } from '../../../src/store/types.js';
import { openTestStore, type TestStore } from '../store/test-stores.js';

/** A resource as a `replace catalog` payload carries it (wire format, before validation). */
export interface WireResource {
  type: string;
  title: string;
  exported: boolean;
  file?: string;
  line?: number;
  tags: string[];
  parameters: Record<string, unknown>;
}

/** An edge as a `replace catalog` payload carries it. */
export interface WireEdge {
  source: { type: string; title: string };
  target: { type: string; title: string };
  relationship: string;
}

/** A `replace catalog` payload that tests may change before sending or reading it. */
export interface WireCatalog {
  certname: string;
  resources: WireResource[];
  edges: WireEdge[];
  [field: string]: unknown;
}

/** A valid v9 catalog of `certname` with a class, a file and a contains edge. */
export function smallCatalog(
  certname: string,
  producerTimestamp: string,
  extra: Record<string, unknown> = {},
): WireCatalog {
  return {
    certname,
    version: '1',
    environment: 'production',
    transaction_uuid: 'b5e6c0a4-5d53-4f7a-8d1b-2b4c8d2a9f10',
    catalog_uuid: '6f0b0f5e-0d1b-4d55-9a3e-1d7c2f3b4a5c',
    code_id: null,
    job_id: null,
    producer: 'puppet.example.com',
    producer_timestamp: producerTimestamp,
    resources: [
      { type: 'Class', title: 'main', exported: false, tags: ['class'], parameters: { name: 'main' } },
      {
        type: 'File',
        title: '/etc/hosts',
        exported: false,
        file: '/etc/puppet/site.pp',
        line: 5,
        tags: ['file', 'class', 'file'],
        parameters: { ensure: 'file', owner: 'root', mode: '0644', content: { nested: [1, 'two'] } },
      },
    ],
    edges: [
      {
        source: { type: 'Class', title: 'main' },
        target: { type: 'File', title: '/etc/hosts' },
        relationship: 'contains',
      },
    ],
    ...extra,
  };
}

/** `smallCatalog` of `certname` at `ts`, checked as a command's payload is. */
export function checkedSmallCatalog(certname: string, ts: string): Catalog {
  return readCatalog(smallCatalog(certname, ts), 9);
}

/** `smallCatalog` without its File[/etc/hosts] (4 parameters, tag `file`) and the edge to it, checked. */
export function smallCatalogWithoutFile(certname: string, ts: string): Catalog {
  const c = smallCatalog(certname, ts);
  c.resources = c.resources.filter((r) => r.type !== 'File');
  c.edges = [];
  return readCatalog(c, 9);
}

/** An app with the plugin mounted on a fresh store of `dialect`. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly t: TestStore;
  close(): Promise<void>;
}

/** Builds the app (not listening; use `app.inject` or `app.listen`). */
export async function buildTestApp(
  dialect: Dialect,
  options: Partial<ResourcesPluginOptions> = {},
): Promise<TestApp> {
  const t = await openTestStore(dialect);
  const app = Fastify();
  await app.register(resourcesPlugin, { database: t.store, gcIntervalMs: 0, ...options });
  await app.ready();
  return {
    app,
    t,
    close: async () => {
      await app.close();
      await t.dispose();
    },
  };
}

/** Row count of a table. */
export async function count(t: TestStore, table: string): Promise<number> {
  const [row] = await t.store.all(`SELECT count(*) AS n FROM ${table}`);
  return Number(row!.n);
}

/** A `store report` v8 payload of node web1 at `ts`, with no resources, metrics or logs. */
export const rawReport = (ts: string) => ({
  certname: 'web1',
  environment: 'production',
  puppet_version: '7.23.0',
  report_format: 12,
  configuration_version: '1',
  start_time: ts,
  end_time: ts,
  producer_timestamp: ts,
  resources: [],
  metrics: [],
  logs: [],
  status: 'changed',
  noop: false,
  corrective_change: true,
  cached_catalog_status: 'not_used',
  noop_pending: false,
});
