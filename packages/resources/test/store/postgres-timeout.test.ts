import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionConfig, openPostgresStore } from '../../src/store/postgres-store.js';
import type { ResourceStore } from '../../src/store/types.js';
import { pgTestUrl } from '../support/store/test-stores.js';

describe('connectionConfig', () => {
  it('keeps the URL options and adds the schema and the timeout after them', () => {
    const url = 'postgres://u@h/db?options=-c%20work_mem%3D7MB';
    expect(connectionConfig(url, 'my schema', 30_000)).toEqual({
      connectionString: 'postgres://u@h/db',
      options: '-c work_mem=7MB -c search_path="my\\ schema" -c statement_timeout=30000',
    });
    expect(connectionConfig('postgres://u@h/db?sslmode=disable', undefined, 0)).toEqual(
      process.env.PGOPTIONS
        ? { connectionString: 'postgres://u@h/db?sslmode=disable', options: process.env.PGOPTIONS }
        : { connectionString: 'postgres://u@h/db?sslmode=disable' },
    );
  });
});

describe('PostgreSQL query timeout', () => {
  const url = pgTestUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let store: ResourceStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('cancels a slow read with SQLSTATE 57014 but not a write transaction, and keeps URL options', async () => {
    const withOptions = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c work_mem=7MB')}`;
    store = await openPostgresStore(withOptions, { schema, queryTimeoutMs: 50, maxConnections: 2 });
    const [settings] = await store.all(
      "SELECT current_setting('work_mem') AS work_mem, current_setting('statement_timeout') AS timeout, current_schema() AS schema",
    );
    expect(settings).toEqual({ work_mem: '7MB', timeout: '50ms', schema });

    const slowRead = async () => {
      for await (const row of store!.stream('SELECT pg_sleep(2) AS slept')) expect(row).toBeUndefined();
    };
    await expect(slowRead()).rejects.toMatchObject({ code: '57014' });
    await expect(store.all('SELECT pg_sleep(2) AS slept')).rejects.toMatchObject({ code: '57014' });

    // A write transaction lifts the bound, and the pool's connections keep it afterwards.
    const slept = await store.transaction((tx) => tx.all('SELECT pg_sleep(0.2) AS slept'));
    expect(slept).toHaveLength(1);
    const [after] = await store.all("SELECT current_setting('statement_timeout') AS timeout");
    expect(after).toEqual({ timeout: '50ms' });
  });

  it('rejects a bad queryTimeoutMs', async () => {
    await expect(openPostgresStore(url, { queryTimeoutMs: -1 })).rejects.toThrow(/queryTimeoutMs/);
  });
});
