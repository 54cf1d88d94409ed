import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { count, smallCatalog } from '../../test/support/commands/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../../test/support/store/test-stores.js';
import { type ImportProgress, importCatalogs } from './import-catalogs.js';

const EXAMPLES = fileURLToPath(new URL('../../../../examples/catalogs', import.meta.url));

describe.each(DIALECTS)('importCatalogs on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  it('imports the example catalogs with progress and a summary', async () => {
    t = await openTestStore(dialect);
    const progress: ImportProgress[] = [];
    const summary = await importCatalogs(t.store, [EXAMPLES], { onProgress: (p) => progress.push(p) });
    expect(summary.failed).toEqual([]);
    expect(summary).toMatchObject({ files: 4, stored: 4, unchanged: 0, stale: 0 });
    expect(summary.resources).toBe(await count(t, 'resources'));
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4]);
    expect(progress.every((p) => p.total === 4)).toBe(true);
    const exported = await t.store.all(
      `SELECT certname, type, title FROM resources WHERE exported = ${dialect === 'sqlite' ? 1 : 'true'} AND type = 'Sshkey' ORDER BY certname`,
    );
    expect(exported.map((r) => r.certname)).toEqual([
      'db1.example.com',
      'mon1.example.com',
      'web1.example.com',
      'web2.example.com',
    ]);
    // A second import finds nothing new.
    expect(await importCatalogs(t.store, [EXAMPLES])).toMatchObject({ unchanged: 4, stored: 0 });
  });

  it('reports bad files and still imports the good ones, leaving nothing of the bad', async () => {
    t = await openTestStore(dialect);
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-import-'));
    const good = smallCatalog('good', '2026-11-20T08:00:00.000Z');
    const dup = smallCatalog('dup', '2026-11-20T08:00:00.000Z');
    dup.resources.push({ ...dup.resources[0]! });
    writeFileSync(
      join(dir, 'a-good.json'),
      JSON.stringify({ command: 'replace_catalog', version: 9, payload: good }),
    );
    writeFileSync(join(dir, 'b-dup.json'), JSON.stringify(dup));
    writeFileSync(join(dir, 'c-broken.json'), '{"certname": ');
    writeFileSync(join(dir, 'd-notes.txt'), 'not a catalog');
    const summary = await importCatalogs(t.store, [dir], {
      restamp: true,
      now: () => new Date('2026-12-01T00:00:00Z'),
    });
    expect(summary.files).toBe(3);
    expect(summary.stored).toBe(1);
    expect(summary.failed.map((f) => f.file)).toEqual([join(dir, 'b-dup.json'), join(dir, 'c-broken.json')]);
    expect(summary.failed[0]!.error).toContain('duplicate resource Class[main]');
    expect(await t.store.all('SELECT certname, producer_timestamp FROM catalogs')).toEqual([
      { certname: 'good', producer_timestamp: '2026-12-01T00:00:00.000Z' },
    ]);
    await expect(importCatalogs(t.store, [join(dir, 'missing.json')])).rejects.toThrow(/ENOENT/);
  });
});
