/**
 * The PostgreSQL query time bound over HTTP: the plugin opened from a URL with a tiny
 * `queryTimeoutMs` answers a heavy query with 503 text/plain instead of running it to the end.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_COLUMNS } from '../../src/commands/apply-catalog.js';
import { resourcesPlugin } from '../../src/plugin.js';
import { sha1Hex } from '../../src/store/canonical-json.js';
import { FLEET, loadFleet } from '../support/query/fixtures.js';
import { openTestStore, type TestStore } from '../support/store/test-stores.js';

const ROWS = 20_000;

/** Enough rows that a regex over every title takes far longer than 1 ms. */
async function addManyResources(t: TestStore): Promise<void> {
  const certname = FLEET[0]!.certname;
  const rows = Array.from({ length: ROWS }, (_, i) => [
    certname,
    sha1Hex(`bulk ${i}`),
    'File',
    `/srv/bulk/${i}`,
    false,
    null,
    null,
    '[]',
    '{}',
    'production',
  ]);
  expect(await t.store.bulkInsert('resources', RESOURCE_COLUMNS, rows)).toBe(ROWS);
}

describe('query time bound on postgres', () => {
  let t: TestStore;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    t = await openTestStore('postgres');
    await loadFleet(t.store);
    await addManyResources(t);
    // The URL's own options (here the test schema) are kept next to the timeout.
    const url = new URL(t.database);
    url.searchParams.set('options', `-c search_path=${t.schema}`);
    app = Fastify();
    await app.register(resourcesPlugin, { database: url.toString(), queryTimeoutMs: 1, gcIntervalMs: 0 });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  it('answers 503 text/plain naming the time limit when the query is cancelled', async () => {
    const query = encodeURIComponent(JSON.stringify(['~', 'title', '^/srv/(bulk|none)/.*9$']));
    const res = await fetch(`${base}/pdb/query/v4/resources?query=${query}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(
      /^Query cancelled by the database \(.*statement timeout\).*queryTimeoutMs/,
    );
  });

  it('rejects a negative queryTimeoutMs at registration', async () => {
    const other = Fastify();
    await expect(
      other.register(resourcesPlugin, { database: t.database, queryTimeoutMs: -1 }),
    ).rejects.toThrow(/queryTimeoutMs/);
    await other.close();
  });
});
