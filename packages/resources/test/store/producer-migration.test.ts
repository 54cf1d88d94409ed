/**
 * Migration 11 on a database an older release filled: `producers` gets every producer its catalogs,
 * factsets and reports name, and its triggers keep it from then on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forDialect } from '../../src/store/placeholders.js';
import type { ResourceStore } from '../../src/store/types.js';
import { type OlderDatabase, olderDatabase } from '../support/store/older-store.js';
import { DIALECTS } from '../support/store/test-stores.js';

const TS = '2026-11-01T00:00:00.000Z';

describe.each(DIALECTS)('migration 11 (producers) on %s', (dialect) => {
  let older: OlderDatabase | undefined;
  afterEach(async () => {
    await older?.dispose();
    older = undefined;
  });

  const insert = (table: string, row: Record<string, string | boolean | number | null>) =>
    older!.run(
      forDialect(
        dialect,
        `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      ),
      Object.values(row),
    );
  const producers = async (store: ResourceStore) =>
    (await store.all('SELECT name FROM producers ORDER BY name')).map((r) => r.name);

  /** Rows as release 10 wrote them: facts of one server, a catalog of another, reports of a third. */
  const fillOlder = async () => {
    older = await olderDatabase(dialect, 10);
    await insert('certnames', { certname: 'a', facts_producer: 'facts.example.com' });
    await insert('certnames', { certname: 'b', facts_producer: null });
    const catalog = { version: '1', producer_timestamp: TS, hash: 'h', received: TS };
    await insert('catalogs', { ...catalog, certname: 'b', producer: 'catalog.example.com' });
    await insert('catalogs', { ...catalog, certname: 'a', producer: null });
    for (const [hash, producer] of [
      ['r1', 'report.example.com'],
      ['r2', 'catalog.example.com'],
    ] as const) {
      await insert('reports', {
        hash,
        certname: 'c',
        producer,
        puppet_version: '7.23.0',
        report_format: 12,
        configuration_version: '1',
        start_time: TS,
        end_time: TS,
        producer_timestamp: TS,
        receive_time: TS,
        type: 'agent',
        latest: false,
        metrics: '[]',
        logs: '[]',
      });
    }
  };

  it('fills producers from the rows already stored, once each, leaving nulls out', async () => {
    await fillOlder();
    const store = await older!.open();
    expect(await producers(store)).toEqual([
      'catalog.example.com',
      'facts.example.com',
      'report.example.com',
    ]);
    const [applied] = await store.all('SELECT name FROM schema_migrations WHERE version = 11');
    expect(applied).toEqual({ name: 'producers: every producer seen, kept by triggers' });
  });

  it('records the producers written after the upgrade and forgets none when rows go', async () => {
    await fillOlder();
    const store = await older!.open();
    const set = (sql: string, params: string[]) => store.run(forDialect(dialect, sql), params);
    await set('UPDATE certnames SET facts_producer = ? WHERE certname = ?', ['later.example.com', 'b']);
    await set('UPDATE catalogs SET producer = ? WHERE certname = ?', ['moved.example.com', 'a']);
    await set('UPDATE catalogs SET producer = NULL WHERE certname = ?', ['b']);
    await set('DELETE FROM reports WHERE certname = ?', ['c']);
    expect(await producers(store)).toEqual([
      'catalog.example.com',
      'facts.example.com',
      'later.example.com',
      'moved.example.com',
      'report.example.com',
    ]);
  });
});
