/**
 * @module commands/resource-titles
 * SQLite's dictionary of distinct titles (store/title-text-schema.ts), which holds the trigram
 * index that narrows regular expressions on titles: a catalog adds the titles of the resources it
 * inserts, and the garbage collection drops the titles no resource holds any more. PostgreSQL
 * indexes `resources.title` itself (pg_trgm), so both are no-ops there.
 *
 * The catalog adds its titles in one statement rather than through a trigger on `resources`: a
 * trigger makes every one-row insert of the catalog a multi-row write, which SQLite guards with a
 * statement journal, copying each page the row touches (resources and its indexes) before the write.
 * That copying cost more than the trigrams saved: 500 resource rows took 49 ms of CPU with the
 * trigger, 18 ms with this statement and 13 ms with no title index at all (migration 4's trigger
 * on resources: 57 ms).
 */

import type { ResourceStore, SqlRunner } from '../store/types.js';
import { exec } from './node-status.js';
import { dropUnusedRows } from './shared-rows.js';

/**
 * Adds to the dictionary the `titles` it lacks: every writer of `resources` calls it with the
 * titles of the rows it inserts (apply-catalog.ts), or a regex on titles misses those rows.
 */
export async function storeResourceTitles(tx: SqlRunner, titles: Iterable<string>): Promise<void> {
  const distinct = [...new Set(titles)];
  if (tx.dialect !== 'sqlite' || distinct.length === 0) return;
  // `WHERE true` tells SQLite's parser that ON CONFLICT is the upsert, not a join constraint.
  await exec(
    tx,
    'INSERT INTO resource_titles (title) SELECT value FROM json_each(?) WHERE true ON CONFLICT DO NOTHING',
    [JSON.stringify(distinct)],
  );
}

/**
 * Deletes the titles no resource holds any more, and with them their trigrams; returns how many.
 * A catalog dropping a resource leaves its title (whether another node still holds it would cost
 * a lookup per deleted row), which only widens the candidates a regex runs on.
 */
export function dropUnusedTitles(store: ResourceStore): Promise<number> {
  if (store.dialect !== 'sqlite') return Promise.resolve(0);
  return dropUnusedRows(store, {
    table: 'resource_titles',
    key: 'title',
    unused: 'NOT EXISTS (SELECT 1 FROM resources r WHERE r.title = resource_titles.title)',
  });
}
