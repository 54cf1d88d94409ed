import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalog } from '../commands/apply-catalog.js';
import { applyDeactivation } from '../commands/apply-lifecycle.js';
import { readCatalog } from '../commands/catalog-payload.js';
import { count, smallCatalog } from '../commands/test-support/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../store/test-support/test-stores.js';
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
    expect(await gc.runOnce()).toEqual({ expired: 1, purged: 0 });
    now = at(23 * DAY);
    expect(await gc.runOnce()).toEqual({ expired: 0, purged: 1 });
    await gc.stop();
    expect(await count(t, 'certnames')).toBe(0);
  });
});
