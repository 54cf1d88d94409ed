import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalog, RESOURCE_COLUMNS } from '../../src/commands/apply-catalog.js';
import { readCatalog } from '../../src/commands/catalog-payload.js';
import { dropUnusedResourceParams, storeResourceParams } from '../../src/commands/resource-params.js';
import { dropUnusedTagNames } from '../../src/commands/resource-tags.js';
import { canonicalJson } from '../../src/store/canonical-json.js';
import {
  checkedSmallCatalog,
  count,
  smallCatalog,
  smallCatalogWithoutFile,
} from '../support/commands/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';

describe.each(DIALECTS)('rows shared between nodes (parameters by hash, tag names) on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  /** The nodes whose resources have the parameter `owner` = "root". */
  const ownedByRoot = async () =>
    (
      await t.store.all(
        `SELECT r.certname FROM resources r WHERE r.resource IN
           (SELECT p.resource FROM resource_params p WHERE p.name = 'owner' AND p.value = '"root"')
         ORDER BY r.certname`,
      )
    ).map((row) => row.certname);

  it('stores the parameters of a resource once for every node holding it', async () => {
    t = await openTestStore(dialect);
    expect(await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW)).toBe('stored');
    expect(await applyCatalog(t.store, checkedSmallCatalog('web2', T1), NOW)).toBe('stored');
    expect(await count(t, 'resources')).toBe(4);
    // Class[main] has 1 parameter, File[/etc/hosts] 4: one row each, not one per node.
    expect(await count(t, 'resource_params')).toBe(5);
    expect(await ownedByRoot()).toEqual(['web1', 'web2']);
  });

  it('keeps rows a node still holds and drops the others in the collection', async () => {
    t = await openTestStore(dialect);
    await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
    await applyCatalog(t.store, checkedSmallCatalog('web2', T1), NOW);
    expect(await applyCatalog(t.store, smallCatalogWithoutFile('web1', T2), NOW)).toBe('stored');
    expect(await dropUnusedResourceParams(t.store)).toBe(0);
    expect(await ownedByRoot()).toEqual(['web2']);
    expect(await applyCatalog(t.store, smallCatalogWithoutFile('web2', T2), NOW)).toBe('stored');
    expect(await ownedByRoot()).toEqual([]);
    expect(await dropUnusedResourceParams(t.store)).toBe(4);
    expect(await count(t, 'resource_params')).toBe(1);
    // A node taking the resource up again stores its rows anew.
    expect(await applyCatalog(t.store, checkedSmallCatalog('web3', T2), NOW)).toBe('stored');
    expect(await ownedByRoot()).toEqual(['web3']);
    expect(await count(t, 'resource_params')).toBe(5);
  });

  it.runIf(dialect === 'postgres')(
    'keeps each tag name once and drops the names no resource holds in the collection',
    async () => {
      t = await openTestStore(dialect);
      const tagNames = async () =>
        (await t.store.all('SELECT tag FROM tag_names ORDER BY tag')).map((row) => row.tag);
      await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
      await applyCatalog(t.store, checkedSmallCatalog('web2', T1), NOW);
      expect(await tagNames()).toEqual(['class', 'file']);
      const retagged = smallCatalog('web1', T2);
      retagged.resources[1]!.tags = ['file', 'etc'];
      await applyCatalog(t.store, readCatalog(retagged, 9), NOW);
      expect(await tagNames()).toEqual(['class', 'etc', 'file']);
      expect(await dropUnusedTagNames(t.store)).toBe(0);
      await applyCatalog(t.store, smallCatalogWithoutFile('web1', T2), NOW);
      expect(await dropUnusedTagNames(t.store)).toBe(1);
      expect(await tagNames()).toEqual(['class', 'file']);
    },
  );

  it.runIf(dialect === 'postgres')('stores a new resource sent by two nodes at once', async () => {
    t = await openTestStore(dialect);
    const outcomes = await Promise.all(
      ['web1', 'web2', 'web3'].map((c) => applyCatalog(t.store, checkedSmallCatalog(c, T1), NOW)),
    );
    expect(outcomes).toEqual(['stored', 'stored', 'stored']);
    expect(await count(t, 'resource_params')).toBe(5);
    expect(await ownedByRoot()).toEqual(['web1', 'web2', 'web3']);
  });

  it.runIf(dialect === 'postgres')(
    'a collection waits for a catalog that relies on rows it found unused, and keeps them',
    async () => {
      t = await openTestStore(dialect);
      await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
      await applyCatalog(t.store, smallCatalogWithoutFile('web1', T2), NOW);
      const file = checkedSmallCatalog('web2', T1).resources.find((r) => r.type === 'File')!;
      let collection: Promise<number> | undefined;
      await t.store.transaction(async (tx) => {
        // The File's rows are stored but unused: this catalog reuses them instead of writing them.
        await storeResourceParams(tx, [file]);
        collection = dropUnusedResourceParams(t.store);
        await waitForExclusiveAdvisoryLockRequest(t);
        await tx.bulkInsert('resources', RESOURCE_COLUMNS, [
          [
            'web2',
            file.resource,
            file.type,
            file.title,
            file.exported,
            file.file,
            file.line,
            JSON.stringify(file.tags),
            canonicalJson(file.parameters),
            'production',
          ],
        ]);
      });
      expect(await collection).toBe(0);
      expect(await ownedByRoot()).toEqual(['web2']);
      expect(await count(t, 'resource_params')).toBe(5);
    },
  );
});

/** Resolves once some session waits for an exclusive advisory lock (the collection's). */
async function waitForExclusiveAdvisoryLockRequest(t: TestStore): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const [row] = await t.store.all(
      `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ExclusiveLock' AND NOT granted`,
    );
    if (Number(row!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the collection never asked for the exclusive lock');
}
