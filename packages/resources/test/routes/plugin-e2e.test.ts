/**
 * End to end through the package's Fastify plugin: catalogs fed by the command API
 * (POST /pdb/cmd/v1, PuppetDB's wire format), then read back through the query routes, on both
 * databases. Covers deactivation (resources disappear, node_state brings them back).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcesPlugin } from '../../src/plugin.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const EXAMPLES = new URL('../../../../examples/catalogs/', import.meta.url);
const catalog = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, EXAMPLES), 'utf8'));

describe.each(DIALECTS)('plugin end to end on %s', (dialect) => {
  let t: TestStore;
  let app: FastifyInstance;
  let base: string;

  const command = async (name: string, version: number, certname: string, payload: unknown) => {
    const query = `?command=${name}&version=${version}&certname=${certname}&secondsToWaitForCompletion=10`;
    const res = await fetch(`${base}/pdb/cmd/v1${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
  };
  const query = async (path: string, q?: unknown) => {
    const res = await fetch(
      `${base}/pdb/query/v4/${path}${q ? `?query=${encodeURIComponent(JSON.stringify(q))}` : ''}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>[];
  };

  beforeAll(async () => {
    t = await openTestStore(dialect);
    app = Fastify();
    await app.register(resourcesPlugin, { database: t.store, gcIntervalMs: 0 });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    for (const name of ['web1.example.com', 'db1.example.com'])
      await command('replace_catalog', 9, name, catalog(name));
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  it('answers queries over catalogs stored by the command API', async () => {
    const exported = await query('resources', ['and', ['=', 'exported', true], ['=', 'type', 'Nagios_host']]);
    expect(exported.map((r) => r.certname).sort()).toEqual(['db1.example.com', 'web1.example.com']);
    const classes = await query('resources/Class', ['=', 'title', 'Profile::Web']);
    expect(classes).toHaveLength(1);
    expect(classes[0]).toMatchObject({ certname: 'web1.example.com', type: 'Class', exported: false });
    expect(await query('nodes/db1.example.com/resources/sysctl::value')).toHaveLength(1);
    const total = await fetch(`${base}/pdb/query/v4/resources?include_total=true&limit=1`);
    expect(total.headers.get('x-records')).toBe('54');
  });

  it('hides a deactivated node until node_state asks for it', async () => {
    await command('deactivate_node', 3, 'db1.example.com', {
      certname: 'db1.example.com',
      producer_timestamp: new Date().toISOString(),
    });
    const active = await query('resources/Nagios_host');
    expect(active.map((r) => r.certname)).toEqual(['web1.example.com']);
    const any = await query('resources/Nagios_host', ['=', 'node_state', 'any']);
    expect(any.map((r) => r.certname).sort()).toEqual(['db1.example.com', 'web1.example.com']);
    const inactive = await query('resources/Nagios_host', ['=', 'node_state', 'inactive']);
    expect(inactive.map((r) => r.certname)).toEqual(['db1.example.com']);
  });

  it('serves the meta routes PuppetDB clients call first', async () => {
    expect(await (await fetch(`${base}/pdb/meta/v1/version`)).json()).toEqual({ version: '7.12.1' });
    expect((await fetch(`${base}/status/v1/services/puppetdb-status`)).status).toBe(200);
  });
});
