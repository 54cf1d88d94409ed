import { afterEach, describe, expect, it } from 'vitest';
import { count, smallCatalog } from '../../test/support/commands/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../../test/support/store/test-stores.js';
import { applyCatalog } from '../commands/apply-catalog.js';
import { applyDeactivation } from '../commands/apply-lifecycle.js';
import { applyReport } from '../commands/apply-report.js';
import { readCatalog } from '../commands/catalog-payload.js';
import { readReport } from '../commands/report-payload.js';
import { collectGarbage, expireNodes, purgeNodes, startGc } from './gc.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(DIALECTS)('node expiry and purge on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  const store = (certname: string, when: Date) =>
    applyCatalog(t.store, readCatalog(smallCatalog(certname, when.toISOString()), 9), when.toISOString());
  const states = async () =>
    (await t.store.all('SELECT certname, deactivated, expired FROM certnames ORDER BY certname')).map((r) => [
      r.certname,
      r.deactivated,
      r.expired,
    ]);

  it('expires nodes silent for longer than the TTL, and a newer catalog brings them back', async () => {
    t = await openTestStore(dialect);
    await store('old', T0);
    await store('fresh', at(6 * DAY));
    const now = at(7 * DAY + HOUR);
    expect(await expireNodes(t.store, 7 * DAY, now)).toBe(1);
    expect(await states()).toEqual([
      ['fresh', null, null],
      ['old', null, now.toISOString()],
    ]);
    expect(await expireNodes(t.store, 7 * DAY, now)).toBe(0);
    await store('old', at(8 * DAY));
    expect((await states())[1]).toEqual(['old', null, null]);
  });

  it('purges nodes inactive for longer than the purge TTL, with all their data', async () => {
    t = await openTestStore(dialect);
    await store('gone', T0);
    await store('kept', T0);
    await applyDeactivation(t.store, { certname: 'gone', producerTimestamp: at(HOUR).toISOString() });
    expect(await purgeNodes(t.store, 14 * DAY, at(14 * DAY))).toBe(0);
    expect(await purgeNodes(t.store, 14 * DAY, at(14 * DAY + 2 * HOUR))).toBe(1);
    expect((await states()).map((s) => s[0])).toEqual(['kept']);
    expect(await count(t, 'resources')).toBe(2);
    expect(await count(t, 'catalogs')).toBe(1);
    expect(await count(t, 'resource_params')).toBe(5);
  });

  it('does nothing when the TTLs are 0, and rejects negative TTLs', async () => {
    t = await openTestStore(dialect);
    await store('old', T0);
    expect(await collectGarbage(t.store, { nodeTtlMs: 0, purgeTtlMs: 0, now: () => at(365 * DAY) })).toEqual({
      expired: 0,
      purged: 0,
      reports: 0,
    });
    await expect(expireNodes(t.store, -1, T0)).rejects.toThrow(TypeError);
  });

  it('expires then purges through the timer with an injected clock', async () => {
    t = await openTestStore(dialect);
    await store('old', T0);
    let now = at(8 * DAY);
    const gc = startGc(t.store, {
      nodeTtlMs: 7 * DAY,
      purgeTtlMs: 14 * DAY,
      intervalMs: HOUR,
      now: () => now,
    });
    expect(await gc.runOnce()).toEqual({ expired: 1, purged: 0, reports: 0 });
    now = at(23 * DAY);
    expect(await gc.runOnce()).toEqual({ expired: 0, purged: 1, reports: 0 });
    await gc.stop();
    expect(await count(t, 'certnames')).toBe(0);
  });
});

describe.each(DIALECTS)('report retention on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });
  const report = (when: Date) =>
    readReport(
      {
        certname: 'web1',
        environment: 'production',
        puppet_version: '7.23.0',
        report_format: 12,
        configuration_version: String(when.getTime()),
        start_time: when.toISOString(),
        end_time: when.toISOString(),
        producer_timestamp: when.toISOString(),
        resources: [
          {
            resource_type: 'Service',
            resource_title: 'ntp',
            timestamp: when.toISOString(),
            skipped: true,
            file: null,
            line: null,
            containment_path: ['Stage[main]', 'Ntp', 'Service[ntp]'],
            events: [],
          },
        ],
        metrics: [],
        logs: [],
        status: 'unchanged',
      },
      8,
      when.toISOString(),
    );

  it('deletes reports past the report TTL with their events, and the node forgets a deleted latest report', async () => {
    t = await openTestStore(dialect);
    await applyReport(t.store, report(T0), T0.toISOString());
    await applyReport(t.store, report(at(10 * DAY)), T0.toISOString());
    const result = await collectGarbage(t.store, { reportTtlMs: 14 * DAY, now: () => at(20 * DAY) });
    expect(result.reports).toBe(1);
    expect([await count(t, 'reports'), await count(t, 'resource_events')]).toEqual([1, 1]);
    expect((await t.store.all('SELECT latest_report_status FROM certnames'))[0]!.latest_report_status).toBe(
      'unchanged',
    );
    expect((await collectGarbage(t.store, { reportTtlMs: 14 * DAY, now: () => at(30 * DAY) })).reports).toBe(
      1,
    );
    const [node] = await t.store.all('SELECT latest_report_status, report_producer_timestamp FROM certnames');
    expect(node).toEqual({
      latest_report_status: null,
      report_producer_timestamp: at(10 * DAY).toISOString(),
    });
    expect((await collectGarbage(t.store, { reportTtlMs: 0, now: () => at(90 * DAY) })).reports).toBe(0);
  });
});
