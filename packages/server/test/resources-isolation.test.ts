/**
 * The real service (`gatehouse serve`, a child process) keeps answering `/ping` while a slow
 * SQLite query runs: the query scans 100,000 resources with a regular expression in a read
 * worker thread, off the event loop. With `resources.queryTimeout` the same query answers 503.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '@gatehouse/resources';
import { describe, expect, it } from 'vitest';
import { useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const ROWS = 100_000;

/** A data folder whose resources.db holds ROWS resources of one active node. */
async function folderWithManyResources(): Promise<string> {
  const cwd = tempDir();
  const dataDir = join(cwd, '.data', 'gatehouse');
  mkdirSync(dataDir, { recursive: true });
  const store = await openStore(join(dataDir, 'resources.db'), { readWorkers: 0 });
  try {
    await store.run("INSERT INTO certnames (certname) VALUES ('node1.example.com')");
    await store.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO resources (certname, resource, type, title, exported, file, line, tags, parameters, environment)
       SELECT 'node1.example.com', printf('%040x', i), 'File', '/srv/data/' || i, 0, NULL, NULL, '["file"]', '{}',
              'production' FROM n`,
    );
  } finally {
    await store.close();
  }
  return cwd;
}

/**
 * A regex with no literal for an index to narrow by: every title goes through `regexp`; only the
 * one title ending in six digits matches.
 */
const slowQuery = (base: string) =>
  `${base}/pdb/query/v4/resources?query=${encodeURIComponent(JSON.stringify(['~', 'title', '[0-9]{6}$']))}`;

describe('resources isolation in the real service', () => {
  it('answers /ping while a slow SQLite query runs', async () => {
    const cwd = await folderWithManyResources();
    const service = await serve(cwd);
    let querying = true;
    const query = fetch(slowQuery(service.url)).then(async (res) => {
      const body = { status: res.status, rows: (await res.json()) as { title: string }[] };
      querying = false;
      return body;
    });
    let pingsDuringQuery = 0;
    while (querying) {
      const ping = await fetch(`${service.url}/ping`);
      expect(await ping.text()).toBe('pong');
      if (querying) pingsDuringQuery += 1;
    }
    const answer = await query;
    expect(answer.status).toBe(200);
    expect(answer.rows.map((r) => r.title)).toEqual([`/srv/data/${ROWS}`]);
    // On the event loop the scan would hold every ping until it ended.
    expect(pingsDuringQuery).toBeGreaterThanOrEqual(5);
  });

  it('stops a query past resources.queryTimeout with 503 and keeps serving', async () => {
    const cwd = await folderWithManyResources();
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ resources: { queryTimeout: '20ms' } }),
    );
    const service = await serve(cwd);
    const res = await fetch(slowQuery(service.url));
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(
      /^Query cancelled: it ran longer than the query time limit \(queryTimeoutMs = 20 ms\)/,
    );
    const quick = await fetch(
      `${service.url}/pdb/query/v4/resources/File/${encodeURIComponent('/srv/data/7')}`,
    );
    expect(((await quick.json()) as unknown[]).length).toBe(1);
  });
});
