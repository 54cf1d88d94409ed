/**
 * `GET /metrics` of the real service after real traffic in every area (logins, a PuppetDB command
 * and queries, webhook calls, an unknown route), scraped over HTTP and read with the Prometheus
 * project's own text-format parser; the access rule of the `metrics` group keeps other clients out.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deactivateCommand, fromRemote, useApps } from './support/app.js';
import { type MetricFamily, parseExposition } from './support/prometheus.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

const HOOKS = `export default class {
  handleHello(p) { return 'hi ' + p.name; }
  handleBoom() { throw new Error('boom'); }
}`;

async function scrape(url: string): Promise<MetricFamily[]> {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(await response.text());
}

/** The value of the sample `name` (e.g. `x_total`, `x_count`) whose labels include `labels`; 0 when absent. */
function sampleValue(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const samples = families.flatMap((family) => family.samples);
  const found = samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return found?.value ?? 0;
}

describe('GET /metrics', () => {
  it('counts requests, logins, commands, queries and webhook calls, with process metrics', async () => {
    const modules = tempDir();
    writeFileSync(join(modules, 'hello.js'), HOOKS);
    const { url, password } = await start({ webhooks: { modulesDir: modules, isolation: 'none' } });
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

    expect((await fetch(`${url}/ping`)).status).toBe(200);
    expect((await fetch(`${url}/ping`)).status).toBe(200);
    expect((await fetch(`${url}/nowhere/at/all`)).status).toBe(404);
    const form = 'application/x-www-form-urlencoded';
    expect((await post('/auth/local/login', `user=admin&passwd=${password}`, form)).status).toBe(200);
    expect((await post('/auth/local/login', 'user=admin&passwd=wrong-password', form)).status).toBe(403);
    expect((await post('/pdb/cmd/v1', deactivateCommand)).status).toBe(200);
    expect((await fetch(`${url}/pdb/query/v4/nodes`)).status).toBe(200);
    expect((await fetch(`${url}/pdb/query/v4/nodes?query=${encodeURIComponent('["=", "x"]')}`)).status).toBe(
      400,
    );
    expect((await post('/webhook/hello/handleHello', '{"name":"Ada"}')).status).toBe(200);
    expect((await post('/webhook/hello/handleBoom', '{}')).status).toBe(500);
    expect((await post('/webhook/hello/handleNothing', '{}')).status).toBe(404);
    expect((await post('/webhook/ghost/handleHello', '{}')).status).toBe(404);

    // The command is applied in the background after its 200, and its queue row is removed after
    // the apply is counted: read until both are seen (bounded).
    let families = await scrape(url);
    const applied = { command: 'deactivate node', outcome: 'applied' };
    const settled = () =>
      sampleValue(families, 'gatehouse_command_apply_seconds_count', applied) === 1 &&
      sampleValue(families, 'gatehouse_command_queue_depth') === 0;
    for (let i = 0; i < 200 && !settled(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      families = await scrape(url);
    }

    const http = 'gatehouse_http_request_duration_seconds';
    expect(sampleValue(families, `${http}_count`, { method: 'GET', route: '/ping', status: '200' })).toBe(2);
    expect(
      sampleValue(families, `${http}_count`, { method: 'GET', route: '(unmatched)', status: '404' }),
    ).toBe(1);
    expect(
      sampleValue(families, `${http}_count`, {
        method: 'POST',
        route: '/auth/:provider/login',
        status: '403',
      }),
    ).toBe(1);
    expect(sampleValue(families, `${http}_bucket`, { route: '/ping', le: '+Inf' })).toBe(2);
    expect(sampleValue(families, `${http}_sum`, { route: '/ping' })).toBeGreaterThan(0);

    expect(sampleValue(families, 'gatehouse_logins_total', { provider: 'local', outcome: 'success' })).toBe(
      1,
    );
    expect(sampleValue(families, 'gatehouse_logins_total', { provider: 'local', outcome: 'refused' })).toBe(
      1,
    );

    expect(sampleValue(families, 'gatehouse_command_apply_seconds_count', applied)).toBe(1);
    expect(sampleValue(families, 'gatehouse_command_queue_depth')).toBe(0);
    expect(sampleValue(families, 'gatehouse_command_queue_dead_letters')).toBe(0);
    expect(sampleValue(families, 'gatehouse_command_queue_oldest_age_seconds')).toBe(0);

    const queries = 'gatehouse_resource_query_duration_seconds';
    expect(sampleValue(families, `${queries}_count`, { entity: 'nodes', status: '200' })).toBe(1);
    expect(sampleValue(families, `${queries}_count`, { entity: 'nodes', status: '400' })).toBe(1);

    expect(sampleValue(families, 'gatehouse_webhook_calls_total', { module: 'hello', outcome: 'ok' })).toBe(
      1,
    );
    expect(
      sampleValue(families, 'gatehouse_webhook_calls_total', { module: 'hello', outcome: 'failed' }),
    ).toBe(1);
    expect(
      sampleValue(families, 'gatehouse_webhook_calls_total', { module: 'hello', outcome: 'rejected' }),
    ).toBe(1);
    expect(
      sampleValue(families, 'gatehouse_webhook_calls_total', { module: '(unknown)', outcome: 'rejected' }),
    ).toBe(1);

    expect(sampleValue(families, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(families.map((f) => f.name)).toContain('nodejs_eventloop_lag_seconds');
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      [http]: 'histogram',
      gatehouse_logins: 'counter',
      gatehouse_command_apply_seconds: 'histogram',
      gatehouse_command_queue_depth: 'gauge',
    });
  });

  it('is guarded by the access rule of the metrics group: loopback clients only by default', async () => {
    const { url } = await start();
    const refused = await fetch(`${url}/metrics`, { headers: fromRemote });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('gatehouse_');
  });

  it('lets whom access.metrics names in, e.g. everyone', async () => {
    const { url } = await start({ access: { metrics: 'public' } });
    const response = await fetch(`${url}/metrics`, { headers: fromRemote });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE gatehouse_http_request_duration_seconds histogram');
  });
});
