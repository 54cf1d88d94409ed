/**
 * The SQLite title dictionary behind the trigram index (store/title-text-schema.ts): a regex on
 * titles answers every node holding a matching title, a title only the dictionary still holds
 * answers nothing, and the collection drops exactly the titles no resource holds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalog } from '../../src/commands/apply-catalog.js';
import { readCatalog } from '../../src/commands/catalog-payload.js';
import { dropUnusedTitles } from '../../src/commands/resource-titles.js';
import { collectGarbage } from '../../src/lifecycle/gc.js';
import { checkedSmallCatalog, smallCatalog, smallCatalogWithoutFile } from '../support/commands/fixtures.js';
import { keys, runQuery } from '../support/query/run.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';

/** No literal start and a substring of three characters or more: narrowed through the trigrams. */
const HOSTS = ['~', 'title', 'etc/ho'];

describe.each(DIALECTS)('regular expressions on titles held by several nodes on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  it('returns every node holding a matching title', async () => {
    t = await openTestStore(dialect);
    await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
    await applyCatalog(t.store, checkedSmallCatalog('web2', T1), NOW);
    expect(keys((await runQuery(t.store, HOSTS)).rows)).toEqual([
      'web1 File[/etc/hosts]',
      'web2 File[/etc/hosts]',
    ]);
    expect(keys((await runQuery(t.store, ['~', 'title', 'ai'])).rows)).toEqual([
      'web1 Class[main]',
      'web2 Class[main]',
    ]);
    // Nothing is unused; PostgreSQL has no dictionary.
    expect(await dropUnusedTitles(t.store)).toBe(0);
  });
});

describe('the title dictionary on sqlite', () => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  const titles = async () =>
    (await t.store.all('SELECT title FROM resource_titles ORDER BY title')).map((row) => row.title);
  /** The dictionary's titles the trigram index matches for `phrase`. */
  const indexed = async (phrase: string) =>
    (
      await t.store.all('SELECT title FROM resources_title_text WHERE resources_title_text MATCH ?', [
        `"${phrase}"`,
      ])
    ).map((row) => row.title);

  it('holds each title once, however many nodes hold it', async () => {
    t = await openTestStore('sqlite');
    for (const certname of ['web1', 'web2', 'web3'])
      await applyCatalog(t.store, checkedSmallCatalog(certname, T1), NOW);
    expect(await titles()).toEqual(['/etc/hosts', 'main']);
    expect(await indexed('etc/ho')).toEqual(['/etc/hosts']);
  });

  it('answers nothing for a title only the dictionary still holds, until the collection drops it', async () => {
    t = await openTestStore('sqlite');
    await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
    await applyCatalog(t.store, checkedSmallCatalog('web2', T1), NOW);
    await applyCatalog(t.store, smallCatalogWithoutFile('web1', T2), NOW);
    expect(keys((await runQuery(t.store, HOSTS)).rows)).toEqual(['web2 File[/etc/hosts]']);
    await applyCatalog(t.store, smallCatalogWithoutFile('web2', T2), NOW);
    // The dictionary and its index still hold the title; the regex, run on what they select, drops it.
    expect(await indexed('etc/ho')).toEqual(['/etc/hosts']);
    expect((await runQuery(t.store, HOSTS)).rows).toEqual([]);
    await collectGarbage(t.store, { nodeTtlMs: 0, purgeTtlMs: 0, reportTtlMs: 0 });
    expect(await titles()).toEqual(['main']);
    expect(await indexed('etc/ho')).toEqual([]);
    expect(await dropUnusedTitles(t.store)).toBe(0);
    // A node taking the title up again adds it anew.
    await applyCatalog(t.store, checkedSmallCatalog('web3', T2), NOW);
    expect(await titles()).toEqual(['/etc/hosts', 'main']);
    expect(keys((await runQuery(t.store, HOSTS)).rows)).toEqual(['web3 File[/etc/hosts]']);
  });

  it('drops exactly the titles no resource holds, also after a node is purged', async () => {
    t = await openTestStore('sqlite');
    await applyCatalog(t.store, checkedSmallCatalog('web1', T1), NOW);
    const other = smallCatalog('db1', T1);
    other.resources = [{ ...other.resources[1]!, title: '/etc/motd' }, other.resources[0]!];
    other.edges = [];
    await applyCatalog(t.store, readCatalog(other, 9), NOW);
    await t.store.run('DELETE FROM resources WHERE certname = ?', ['web1']);
    expect(await titles()).toEqual(['/etc/hosts', '/etc/motd', 'main']);
    expect(await dropUnusedTitles(t.store)).toBe(1);
    expect(await titles()).toEqual(['/etc/motd', 'main']);
    expect(await indexed('etc/')).toEqual(['/etc/motd']);
  });
});
