/**
 * The SQLite read pool on a real file: queries run in worker threads, the time bound stops a
 * query both where the worker can stop itself (between batches, inside `regexp`) and where it
 * cannot (one long native step: the worker is replaced), and a full queue is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESOURCE_COLUMNS } from '../commands/apply-catalog.js';
import { sha1Hex } from './canonical-json.js';
import { StoreError } from './errors.js';
import { openSqliteStore, type SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';

/** A native-only statement (no JavaScript called per row) that runs for a second or more. */
const NATIVE_SLOW =
  'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT count(*) AS n FROM c';

let dir: string | undefined;
let store: SqliteStore | undefined;

async function open(options: SqliteStoreOptions, rows = 0): Promise<SqliteStore> {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-read-pool-'));
  store = await openSqliteStore(join(dir, 'resources.db'), options);
  const data = Array.from({ length: rows }, (_, i) => [
    'node1',
    sha1Hex(`r${i}`),
    'File',
    `/srv/data/${i}`,
    false,
    null,
    null,
    '["file"]',
    '{}',
    'production',
  ]);
  if (rows > 0) await store.bulkInsert('resources', RESOURCE_COLUMNS, data);
  return store;
}

async function errorOf(work: Promise<unknown>): Promise<StoreError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

async function drain(rows: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of rows) n += 1;
  return n;
}

afterEach(async () => {
  await store?.close();
  store = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('SQLite read pool', () => {
  it('streams rows and the JSON texts a query renders from worker threads', async () => {
    const s = await open({ readWorkers: 2 }, 3000);
    expect(await drain(s.stream('SELECT title FROM resources'))).toBe(3000);
    const batches: (readonly string[])[] = [];
    const sql = `SELECT '{"title":' || json_quote(title) || '}' AS json FROM resources WHERE title REGEXP '7$'`;
    for await (const batch of s.streamObjects(sql, [])) batches.push(batch);
    const objects = batches.flat();
    expect(objects).toHaveLength(300);
    expect(objects[0]).toMatch(/^\{"title":"\/srv\/data\/\d*7"\}$/);
    // A worker signals that it is free just after its last batch.
    await vi.waitFor(() => expect(s.readStats).toMatchObject({ size: 2, busy: 0, queued: 0, replaced: 0 }));
  });

  it('stops a regex scan at the time bound inside the worker, which stays in the pool', async () => {
    const s = await open({ readWorkers: 1, queryTimeoutMs: 1 }, 20_000);
    // Every row calls regexp, which checks the deadline: SQLite abandons the scan.
    const sql = "SELECT count(*) AS n FROM resources WHERE title REGEXP '^/srv/(x|y)+$'";
    const error = await errorOf(s.all(sql));
    expect(error.code).toBe('ERR_STORE_QUERY_TIMEOUT');
    expect(error.message).toMatch(/queryTimeoutMs = 1 ms/);
    expect(s.readStats?.replaced).toBe(0);
    // The worker signals that it is free just after the error (a 1 ms bound also bounds the wait).
    await vi.waitFor(() => expect(s.readStats?.busy).toBe(0));
    expect(await s.all('SELECT 1 AS up')).toEqual([{ up: 1 }]);
  });

  it('replaces a worker stuck in one native step past the bound, and keeps answering', async () => {
    const s = await open({ readWorkers: 1, queryTimeoutMs: 50 });
    const error = await errorOf(s.all(NATIVE_SLOW));
    expect(error.code).toBe('ERR_STORE_QUERY_TIMEOUT');
    expect(s.readStats?.replaced).toBe(1);
    expect(await s.all('SELECT 2 AS up')).toEqual([{ up: 2 }]);
  });

  it('refuses a query when every worker is busy and the queue is full', async () => {
    const s = await open({ readWorkers: 1, readQueueLimit: 1, queryTimeoutMs: 0 }, 3000);
    // A stream the consumer does not read holds its worker (it waits for credit).
    const held = s.stream('SELECT * FROM resources')[Symbol.asyncIterator]();
    await held.next();
    const queued = s.all('SELECT count(*) AS n FROM resources');
    const refused = await errorOf(s.all('SELECT 1 AS up'));
    expect(refused.code).toBe('ERR_STORE_BUSY');
    expect(refused.status).toBe(503);
    expect(s.readStats).toMatchObject({ busy: 1, queued: 1 });
    await held.return?.();
    expect(await queued).toEqual([{ n: 3000 }]);
  });

  it('fails a query that waited for a worker longer than the time bound', async () => {
    const s = await open({ readWorkers: 1, queryTimeoutMs: 200 }, 3000);
    const held = s.stream('SELECT * FROM resources')[Symbol.asyncIterator]();
    await held.next();
    const error = await errorOf(s.all('SELECT 1 AS up'));
    expect(error.code).toBe('ERR_STORE_BUSY');
    await held.return?.();
  });

  it('reports SQL errors of the worker as errors of the query', async () => {
    const s = await open({ readWorkers: 1 });
    await expect(s.all('SELECT nope FROM resources')).rejects.toThrow(/no such column/);
    expect(await s.all('SELECT 3 AS up')).toEqual([{ up: 3 }]);
  });

  it('reads on the calling thread with readWorkers 0', async () => {
    const s = await open({ readWorkers: 0 }, 10);
    expect(s.readStats).toBeUndefined();
    expect(await drain(s.stream('SELECT title FROM resources'))).toBe(10);
  });
});
