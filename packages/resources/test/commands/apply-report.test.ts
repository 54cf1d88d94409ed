/** `store report` on both databases: events, the identity hash, the latest mark. */
import { afterEach, describe, expect, it } from 'vitest';
import { applyReport } from '../../src/commands/apply-report.js';
import { readReport } from '../../src/commands/report-payload.js';
import { forDialect } from '../../src/store/placeholders.js';
import { count, rawReport } from '../support/commands/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const T3 = '2026-11-20T10:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';

describe.each(DIALECTS)('storing reports on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });
  const resources = [
    {
      resource_type: 'File',
      resource_title: '/etc/motd',
      timestamp: T1,
      skipped: false,
      file: '/etc/puppet/site.pp',
      line: 3,
      containment_path: ['Stage[main]', 'Motd', 'File[/etc/motd]'],
      corrective_change: false,
      events: [
        {
          status: 'success',
          timestamp: T1,
          property: 'content',
          name: 'content_changed',
          new_value: '{md5}a',
          old_value: '{md5}b',
          message: 'content changed',
          corrective_change: false,
        },
      ],
    },
    {
      resource_type: 'Service',
      resource_title: 'ntp',
      timestamp: T1,
      skipped: true,
      file: null,
      line: null,
      containment_path: ['Stage[main]', 'Ntp', 'Service[ntp]'],
      corrective_change: false,
      events: [],
    },
    {
      resource_type: 'Package',
      resource_title: 'vim',
      timestamp: T1,
      skipped: false,
      file: null,
      line: null,
      containment_path: ['Stage[main]', 'Main', 'Package[vim]'],
      corrective_change: false,
      events: [],
    },
  ];
  const full = (ts: string) => readReport({ ...rawReport(ts), resources }, 8, NOW);

  it('stores the events (skipped resources as one event), once per hash, and moves the latest mark', async () => {
    t = await openTestStore(dialect);
    const first = readReport(
      {
        certname: 'web1',
        environment: 'production',
        puppet_version: '7.23.0',
        report_format: 12,
        configuration_version: '1',
        start_time: T2,
        end_time: T2,
        producer_timestamp: T2,
        resources,
        metrics: [{ category: 'time', name: 'total', value: 1.5 }],
        logs: [],
        status: 'changed',
      },
      8,
      NOW,
    );
    expect(first.events.map((e) => [e.status, e.containingClass])).toEqual([
      ['success', 'Motd'],
      ['skipped', 'Ntp'],
    ]);
    expect(await applyReport(t.store, first, NOW)).toBe('stored');
    expect(await applyReport(t.store, first, NOW)).toBe('unchanged');
    // An older report is kept, but does not become the latest.
    expect(await applyReport(t.store, full(T1), NOW)).toBe('stored');
    const latest = await t.store.all(forDialect(dialect, 'SELECT hash FROM reports WHERE latest = ?'), [
      true,
    ]);
    expect(latest).toEqual([{ hash: first.hash }]);
    expect(await count(t, 'resource_events')).toBe(4);
    const [event] = await t.store.all(
      "SELECT new_value, containment_path FROM resource_events WHERE status = 'success' ORDER BY report_id LIMIT 1",
    );
    expect(event).toEqual({
      new_value: '"{md5}a"',
      containment_path: '["Stage[main]","Motd","File[/etc/motd]"]',
    });
    expect(await applyReport(t.store, full(T3), NOW)).toBe('stored');
    const rows = await t.store.all(forDialect(dialect, 'SELECT hash FROM reports WHERE latest = ?'), [true]);
    expect(rows).toEqual([{ hash: full(T3).hash }]);
    // The latest report's events carry the mark too (2 of the 6 stored events).
    const marked = await t.store.all(
      forDialect(dialect, 'SELECT count(*) AS n FROM resource_events WHERE latest = ?'),
      [true],
    );
    expect(Number(marked[0]!.n)).toBe(2);
    expect((await t.store.all('SELECT latest_report_hash FROM certnames'))[0]?.latest_report_hash).toBe(
      full(T3).hash,
    );
  });

  it('stores a report with more events than one statement carries (5,001)', async () => {
    t = await openTestStore(dialect);
    const many = Array.from({ length: 5001 }, (_, i) => ({
      ...resources[0]!,
      resource_title: `/etc/motd.${i}`,
    }));
    const big = readReport({ ...rawReport(T2), resources: many }, 8, NOW);
    expect(await applyReport(t.store, big, NOW)).toBe('stored');
    expect(await count(t, 'resource_events')).toBe(5001);
    expect(await applyReport(t.store, big, NOW)).toBe('unchanged');
    expect(await count(t, 'resource_events')).toBe(5001);
  });
});
