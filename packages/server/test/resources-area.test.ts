/** The resources area in the built service, over real HTTP: command in, query out, on SQLite and PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { useApps } from './support/app.js';

const start = useApps();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const web1 = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../examples/catalogs/web1.example.com.json', import.meta.url)),
    'utf8',
  ),
);

async function roundTrip(url: string, prefix: string) {
  const now = new Date().toISOString();
  const catalog = { ...web1, producer_timestamp: now };
  const cmd = await fetch(
    `${url}/${prefix}/cmd/v1?command=replace_catalog&version=9&certname=web1.example.com&secondsToWaitForCompletion=30`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(catalog),
    },
  );
  expect(cmd.status).toBe(200);
  expect(await cmd.json()).toMatchObject({ processed: true });
  const query = encodeURIComponent(JSON.stringify(['=', 'exported', true]));
  const res = await fetch(`${url}/${prefix}/query/v4/resources/Sshkey?query=${query}`);
  expect(res.status).toBe(200);
  const rows = (await res.json()) as {
    certname: string;
    title: string;
    parameters: Record<string, unknown>;
  }[];
  expect(rows.map((r) => [r.certname, r.title])).toEqual([['web1.example.com', 'web1.example.com']]);
  expect(rows[0]!.parameters.host_aliases).toEqual(['web1', '10.0.1.11']);
}

/** A GET with exactly this Accept-Encoding (fetch would add its own and decode the body). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('resources area', () => {
  it('serves commands and queries on <dataDir>/resources.db with the default prefix', async () => {
    const { url, announced, cwd } = await start({});
    expect(announced).toContain(
      `resources: /pdb/query/v4 and /pdb/cmd/v1 on SQLite ${cwd}/.data/gatehouse/resources.db`,
    );
    await roundTrip(url, 'pdb');
  });

  it('honours a custom prefix and rejects a bad one at start-up', async () => {
    const { url } = await start({ resources: { prefix: 'puppetdb', nodeTtl: '0s', purgeTtl: '30d' } });
    await roundTrip(url, 'puppetdb');
    expect((await fetch(`${url}/pdb/query/v4/resources`)).status).toBe(404);
    await expect(start({ resources: { prefix: '/bad prefix' } })).rejects.toThrow(/resources\.prefix/);
    await expect(start({ resources: { nodeTtl: '7 days' } })).rejects.toThrow(/resources\.nodeTtl/);
  });

  it('compresses query answers as configured', async () => {
    const gzipped = await start({ resources: { compressionMinBytes: 0 } });
    await roundTrip(gzipped.url, 'pdb');
    const packed = await rawGet(`${gzipped.url}/pdb/query/v4/resources/Sshkey`, 'gzip');
    expect(packed.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(packed.body).toString('utf8'))).toHaveLength(1);
    const plain = await start({ resources: { compression: false } });
    await roundTrip(plain.url, 'pdb');
    const sent = await rawGet(`${plain.url}/pdb/query/v4/resources`, 'gzip');
    expect(sent.encoding).toBeUndefined();
    expect(JSON.parse(sent.body.toString('utf8')).length).toBeGreaterThan(10);
    await expect(start({ resources: { compressionMinBytes: -1 } })).rejects.toThrow(
      /resources\.compressionMinBytes/,
    );
  });

  it('uses PostgreSQL from GATEHOUSE_RESOURCES_DATABASE and hides the password in the announcement', async () => {
    const base = process.env.PG_TEST_URL;
    if (!base)
      throw new Error('PG_TEST_URL is not set: run `make test-setup` (scripts/setup/10-postgres.sh)');
    const schema = `area_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    });
    const database = `${base}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const { url, announced } = await start({}, { GATEHOUSE_RESOURCES_DATABASE: database });
    const line = announced.find((l) => l.startsWith('resources:'))!;
    expect(line).toContain('PostgreSQL postgres://gatehouse_test:***@127.0.0.1');
    expect(line).not.toContain(new URL(base).password);
    await roundTrip(url, 'pdb');
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.resources`);
    expect(rows[0].n).toBe(web1.resources.length);
  });
});
