/**
 * `GET /ready` against the real service and its real stores: ready with every check named, not
 * ready (503) when the resources schema misses a migration or the PostgreSQL schema under the
 * stores is gone, while `GET /ping` (liveness) and `GET /metrics` keep answering.
 */
import { describe, expect, it } from 'vitest';
import { useApps } from './support/app.js';
import { useTestSchemas } from './support/pg-schema.js';

const start = useApps();
const schema = useTestSchemas();

interface ReadyAnswer {
  status: string;
  checks: Record<string, { ok: boolean; detail: string }>;
}

async function ready(url: string): Promise<{ status: number; body: ReadyAnswer }> {
  const response = await fetch(`${url}/ready`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as ReadyAnswer };
}

describe('GET /ready', () => {
  it('answers 200 with each check when the stores answer, the migrations are applied and the modules loaded', async () => {
    const { url } = await start();
    const { status, body } = await ready(url);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: {
        state: { ok: true, detail: 'memory' },
        peers: { ok: true, detail: 'none: state in memory, this instance alone' },
        'resources.store': { ok: true, detail: 'sqlite' },
        'resources.migrations': { ok: true, detail: expect.stringMatching(/^\d+ applied$/) },
        'webhooks.modules': { ok: true, detail: '0 modules, 0 routes' },
      },
    });
  });

  it('answers 503 naming the missing migration, while /ping still answers', async () => {
    const { url, app } = await start();
    const { store } = app.gatehouseResources;
    await store.run(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)',
    );
    const { status, body } = await ready(url);
    expect(status).toBe(503);
    expect(body.status).toBe('not ready');
    expect(body.checks['resources.migrations']).toEqual({ ok: false, detail: '1 migrations not applied' });
    expect(body.checks['resources.store']!.ok).toBe(true);
    expect((await fetch(`${url}/ping`)).status).toBe(200);
  });

  it('on PostgreSQL: ready, then 503 for the stores once their schema is gone, the reason kept out of the answer', async () => {
    const { url: database, schema: name, query } = await schema();
    const { url } = await start({}, { GATEHOUSE_RESOURCES_DATABASE: database });
    const before = await ready(url);
    expect(before.status).toBe(200);
    expect(before.body.checks.state).toEqual({ ok: true, detail: 'postgresql' });
    expect(before.body.checks.peers).toEqual({ ok: true, detail: 'listening (PostgreSQL LISTEN/NOTIFY)' });
    expect(before.body.checks['resources.store']).toEqual({ ok: true, detail: 'postgres' });

    await query(`DROP SCHEMA ${name} CASCADE`);
    const after = await ready(url);
    expect(after.status).toBe(503);
    expect(after.body.checks.state).toEqual({ ok: false, detail: 'failed' });
    expect(after.body.checks['resources.migrations']).toEqual({ ok: false, detail: 'failed' });
    expect(JSON.stringify(after.body)).not.toContain(name);
    expect((await fetch(`${url}/ping`)).status).toBe(200);
    // Metrics still answer, the queue's gauges unknown (prom-client writes NaN as `Nan`).
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^gatehouse_command_queue_depth nan$/im);
  });
});
