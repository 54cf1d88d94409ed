/**
 * Migration 14 on an SQLite database release 13 filled: the title dictionary gets each distinct
 * title of `resources`, its trigram index answers, and migration 4's per-row index and triggers
 * are gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceStore } from '../../src/store/types.js';
import { keys, runQuery } from '../support/query/run.js';
import { type OlderDatabase, olderDatabase } from '../support/store/older-store.js';

describe('migration 14 (title dictionary) on sqlite', () => {
  let older: OlderDatabase | undefined;
  afterEach(async () => {
    await older?.dispose();
    older = undefined;
  });

  const insertResource = (certname: string, type: string, title: string) =>
    older!.run(
      `INSERT INTO resources (certname, resource, type, title, exported, tags, parameters)
       VALUES (?, ?, ?, ?, 0, '[]', '{}')`,
      [certname, `${certname}|${type}|${title}`, type, title],
    );
  const indexed = async (store: ResourceStore, phrase: string) =>
    (
      await store.all(
        'SELECT title FROM resources_title_text WHERE resources_title_text MATCH ? ORDER BY title',
        [`"${phrase}"`],
      )
    ).map((row) => row.title);

  it('fills the dictionary from the stored titles and indexes each once', async () => {
    older = await olderDatabase('sqlite', 13);
    for (const certname of ['web1', 'web2']) {
      await older.run('INSERT INTO certnames (certname) VALUES (?)', [certname]);
      await insertResource(certname, 'File', '/etc/hosts');
      await insertResource(certname, 'Class', 'main');
    }
    await insertResource('web2', 'File', '/etc/nginx/nginx.conf');
    const store = await older.open();
    expect((await store.all('SELECT title FROM resource_titles ORDER BY title')).map((r) => r.title)).toEqual(
      ['/etc/hosts', '/etc/nginx/nginx.conf', 'main'],
    );
    expect(await indexed(store, 'etc/')).toEqual(['/etc/hosts', '/etc/nginx/nginx.conf']);
    expect(keys((await runQuery(store, ['~', 'title', 'etc/(ho|ng)'])).rows)).toEqual([
      'web1 File[/etc/hosts]',
      'web2 File[/etc/hosts]',
      'web2 File[/etc/nginx/nginx.conf]',
    ]);
    const triggers = await store.all(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('resources', 'resource_titles') ORDER BY name`,
    );
    expect(triggers.map((r) => r.name)).toEqual([
      'resource_titles_text_delete',
      'resource_titles_text_insert',
    ]);
  });
});
