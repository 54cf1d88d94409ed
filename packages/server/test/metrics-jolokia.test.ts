/**
 * PuppetDB's Jolokia metrics (`/metrics/v2/...`, from @gatehouse/resources) in the real service:
 * served, and guarded by the same rule as `/metrics` (route group `metrics`, loopback by default).
 */
import { describe, expect, it } from 'vitest';
import { fromRemote, useApps } from './support/app.js';

const start = useApps();
const NUM_NODES = '/metrics/v2/read/puppetlabs.puppetdb.population:name=num-nodes';

describe('GET /metrics/v2 (PuppetDB Jolokia)', () => {
  it('answers loopback clients and refuses others by default', async () => {
    const { url } = await start();
    const read = await fetch(url + NUM_NODES);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ value: { Value: 0 }, status: 200 });
    const list = await fetch(`${url}/metrics/v2/list`);
    expect(Object.keys(((await list.json()) as { value: object }).value)).toContain(
      'puppetlabs.puppetdb.population',
    );
    for (const path of [NUM_NODES, '/metrics/v2/list']) {
      const refused = await fetch(url + path, { headers: fromRemote });
      expect(refused.status, path).toBe(403);
    }
  });

  it('follows access.metrics', async () => {
    const { url } = await start({ access: { metrics: 'public' } });
    expect((await fetch(url + NUM_NODES, { headers: fromRemote })).status).toBe(200);
  });
});
