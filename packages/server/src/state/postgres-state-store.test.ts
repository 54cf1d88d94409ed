/**
 * The PostgreSQL state store on the real PostgreSQL of PG_TEST_URL (a fresh schema per test): the
 * same semantics as auth's MemoryStateStore (the contract is run on both), atomic set-if-absent and
 * increment between two stores (two pools, as two instances), expiry judged by the database, the
 * sweep, and migrations that two instances starting at once apply once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryStateStore, type StateStore } from '@gatehouse/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestSchemas } from '../../test/support/pg-schema.js';
import { PostgresStateStore } from './postgres-state-store.js';

const schema = useTestSchemas();
const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function postgresStore(url?: string): Promise<PostgresStateStore> {
  const store = await PostgresStateStore.open(url ?? (await schema()).url, { maxConnections: 4 });
  opened.push(store);
  return store;
}

const kinds: Record<string, () => Promise<StateStore>> = {
  memory: async () => {
    const store = new MemoryStateStore();
    opened.push(store);
    return store;
  },
  postgres: () => postgresStore(),
};

/** Long enough to outlive any test; short enough to be waited out. */
const LIVE_MS = 60_000;
const SHORT_MS = 20;
const PAST_SHORT_MS = 80;

describe.each(Object.keys(kinds))('StateStore contract: %s', (kind) => {
  const open = kinds[kind]!;

  it('sets, reads, replaces and deletes values', async () => {
    const store = await open();
    expect(await store.get('k')).toBeUndefined();
    await store.set('k', 'a', LIVE_MS);
    expect(await store.get('k')).toBe('a');
    await store.set('k', 'b', LIVE_MS);
    expect(await store.get('k')).toBe('b');
    await store.delete('k');
    expect(await store.get('k')).toBeUndefined();
    await store.delete('never set'); // not an error
  });

  it('forgets a value once its time to live is over, and set gives a new one', async () => {
    const store = await open();
    await store.set('short', 'x', SHORT_MS);
    await store.set('long', 'y', LIVE_MS);
    await sleep(PAST_SHORT_MS);
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toBe('y');
    await store.set('long', 'z', SHORT_MS); // replacing also replaces the expiry
    await sleep(PAST_SHORT_MS);
    expect(await store.get('long')).toBeUndefined();
  });

  it('sets a one-time value only while no live value is there', async () => {
    const store = await open();
    expect(await store.setIfAbsent('once', '1', LIVE_MS)).toBe(true);
    expect(await store.setIfAbsent('once', '2', LIVE_MS)).toBe(false);
    expect(await store.get('once')).toBe('1');
    expect(await store.setIfAbsent('gone', '1', SHORT_MS)).toBe(true);
    await sleep(PAST_SHORT_MS);
    expect(await store.setIfAbsent('gone', '2', LIVE_MS)).toBe(true);
    expect(await store.get('gone')).toBe('2');
  });

  it('counts in a fixed window from the first count, then starts again', async () => {
    const store = await open();
    expect(await store.increment('n', LIVE_MS)).toBe(1);
    expect(await store.increment('n', SHORT_MS)).toBe(2); // a live counter keeps its first expiry
    await sleep(PAST_SHORT_MS);
    expect(await store.increment('n', SHORT_MS)).toBe(3);
    expect(await store.increment('m', SHORT_MS)).toBe(1);
    await sleep(PAST_SHORT_MS);
    expect(await store.increment('m', LIVE_MS)).toBe(1);
    expect(await store.get('m')).toBe('1');
  });

  it('keeps values as given: long, unicode and JSON text', async () => {
    const store = await open();
    const value = JSON.stringify({ body: 'ä€😀'.repeat(10_000), status: 200 });
    await store.set('json', value, LIVE_MS);
    expect(await store.get('json')).toBe(value);
  });
});

describe('PostgresStateStore', () => {
  it('gives one winner among concurrent set-if-absent calls of two instances', async () => {
    const { url } = await schema();
    const [a, b] = [await postgresStore(url), await postgresStore(url)];
    for (const key of ['k1', 'k2', 'k3']) {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).setIfAbsent(key, String(i), LIVE_MS)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await a.get(key)).toBe(String(winner));
    }
  });

  it('counts every concurrent increment of two instances exactly once', async () => {
    const { url } = await schema();
    const [a, b] = [await postgresStore(url), await postgresStore(url)];
    const counts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).increment('hits', LIVE_MS)),
    );
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await b.get('hits')).toBe('100');
  });

  it('deletes an expired row when it is read, and the sweep deletes the rest, live rows untouched', async () => {
    const test = await schema();
    const store = await postgresStore(test.url);
    const rows = async () =>
      (
        await test.query<{ key: string }>(`SELECT key FROM ${test.schema}.gatehouse_state ORDER BY key`)
      ).rows.map((row) => row.key);
    for (const key of ['a', 'b', 'c']) await store.set(key, '1', SHORT_MS);
    await store.set('live', '1', LIVE_MS);
    await sleep(PAST_SHORT_MS);
    expect(await rows()).toEqual(['a', 'b', 'c', 'live']);
    expect(await store.get('a')).toBeUndefined();
    expect(await rows()).toEqual(['b', 'c', 'live']);
    expect(await store.sweep()).toBe(2);
    expect(await rows()).toEqual(['live']);
  });

  it('judges expiry by the database clock and stores the expiry there', async () => {
    const test = await schema();
    const store = await postgresStore(test.url);
    await store.set('k', 'v', 3_600_000);
    const { rows } = await test.query<{ seconds: number }>(
      `SELECT extract(epoch FROM expires_at - now())::float8 AS seconds FROM ${test.schema}.gatehouse_state`,
    );
    expect(rows[0]!.seconds).toBeGreaterThan(3500);
    expect(rows[0]!.seconds).toBeLessThanOrEqual(3600);
  });

  it('migrates once when two instances open a new schema at the same moment, and reopens', async () => {
    const test = await schema();
    await Promise.all([postgresStore(test.url), postgresStore(test.url)]);
    const versions = await test.query(`SELECT version FROM ${test.schema}.gatehouse_state_migrations`);
    expect(versions.rows).toEqual([{ version: 1 }]);
    const again = await postgresStore(test.url);
    await again.set('k', 'v', LIVE_MS);
    expect(await again.get('k')).toBe('v');
  });

  it('rejects at open when the database cannot be reached', async () => {
    await expect(PostgresStateStore.open('postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
