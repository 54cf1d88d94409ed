/**
 * Durable commands in the real service (`gatehouse serve` child processes): a burst of catalogs is
 * acknowledged, the service is killed with SIGKILL right after the last 200, and after a restart
 * every acknowledged command has been applied exactly once, on SQLite and on PostgreSQL. Two
 * instances on one PostgreSQL each apply part of the commands submitted to both, each once, and
 * both answer queries.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@gatehouse/resources';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServingProcess, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const BURST = 20;
/** Two service starts, a burst and a drain on a shared machine. */
const SLOW = { timeout: 120_000 };

const web1 = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../examples/catalogs/web1.example.com.json', import.meta.url)),
    'utf8',
  ),
) as { resources: unknown[] };

const schemas: string[] = [];
afterEach(async () => {
  const url = process.env.PG_TEST_URL;
  if (!url || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/** The `resources.database` of a test: a file in the data folder, or a fresh PostgreSQL schema. */
async function database(dialect: string, cwd: string): Promise<{ env: Record<string, string>; url: string }> {
  if (dialect === 'sqlite') return { env: {}, url: join(cwd, '.data', 'gatehouse', 'resources.db') };
  const base = process.env.PG_TEST_URL;
  if (!base)
    throw new Error('PG_TEST_URL is not set: run `make test-setup`, then `set -a; . .data/test-env`');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { env: { GATEHOUSE_RESOURCES_DATABASE: url.toString() }, url: url.toString() };
}

async function submit(service: ServingProcess, certname: string): Promise<string> {
  const body = JSON.stringify({ ...web1, certname, producer_timestamp: new Date().toISOString() });
  const res = await fetch(
    `${service.url}/pdb/cmd/v1?command=replace_catalog&version=9&certname=${certname}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { uuid: string }).uuid;
}

/** Waits until the status route shows an empty queue. */
async function drained(service: ServingProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const res = await fetch(`${service.url}/status/v1/services/puppetdb-status`);
    const { status } = (await res.json()) as { status: { queue_depth: number } };
    if (status.queue_depth === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the command queue did not drain');
}

/** Every queue row of the database: uuid, state, who applied it. */
async function queueRows(url: string) {
  const store = await openStore(url, { readWorkers: 0 });
  try {
    const rows = await store.all('SELECT uuid, state, applied_by FROM command_queue');
    const catalogs = await store.all('SELECT certname FROM catalogs ORDER BY certname');
    const dead = await store.all('SELECT uuid FROM command_dead_letters');
    const resources = await store.all('SELECT count(*) AS n FROM resources');
    return { rows, catalogs: catalogs.map((c) => c.certname), dead, resources: Number(resources[0]!.n) };
  } finally {
    await store.close();
  }
}

describe.each(['sqlite', 'postgres'])('durable command queue in the service on %s', (dialect) => {
  it(
    'applies every acknowledged command exactly once after SIGKILL right after the last 200',
    SLOW,
    async () => {
      const cwd = tempDir();
      const { env, url } = await database(dialect, cwd);
      const first = await serve(cwd, [], env);
      const names = Array.from({ length: BURST }, (_, i) => `burst${String(i).padStart(2, '0')}.example.com`);
      const acknowledged = await Promise.all(names.map((name) => submit(first, name)));
      await first.stop('SIGKILL');
      const second = await serve(cwd, [], env);
      await drained(second);
      const { rows, catalogs, dead, resources } = await queueRows(url);
      expect(dead).toEqual([]);
      expect(rows.map((r) => r.uuid).sort()).toEqual([...acknowledged].sort());
      expect(rows.every((r) => r.state === 'done')).toBe(true);
      expect(catalogs).toEqual(names);
      expect(resources).toBe(BURST * web1.resources.length);
      const query = await fetch(`${second.url}/pdb/query/v4/nodes/${names[7]}/resources/Class`);
      expect(((await query.json()) as unknown[]).length).toBeGreaterThan(0);
    },
  );
});

describe('two instances on one PostgreSQL', () => {
  it('apply the commands submitted to both, each once, and both answer queries', SLOW, async () => {
    const { env, url } = await database('postgres', tempDir());
    const [a, b] = await Promise.all([serve(tempDir(), [], env), serve(tempDir(), [], env)]);
    const names = Array.from({ length: 20 }, (_, i) => `pair${String(i).padStart(2, '0')}.example.com`);
    const acknowledged = await Promise.all(names.map((name, i) => submit(i % 2 ? a : b, name)));
    await drained(a);
    await drained(b);
    const { rows, catalogs, dead } = await queueRows(url);
    expect(dead).toEqual([]);
    expect(rows.map((r) => r.uuid).sort()).toEqual([...acknowledged].sort());
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    expect(new Set(rows.map((r) => r.applied_by)).size).toBe(2);
    expect(catalogs).toEqual(names);
    for (const service of [a, b]) {
      const res = await fetch(
        `${service.url}/pdb/query/v4/resources/Class?query=${encodeURIComponent('["=","certname","pair03.example.com"]')}`,
      );
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    }
  });
});
