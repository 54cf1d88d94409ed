import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test/support/store/test-stores.js';
import { openSqliteStore } from './sqlite-store.js';

/** In WAL mode SQLite deletes the -wal file when the last connection to the database closes. */
const walExists = (t: TestStore) => existsSync(`${t.database}-wal`);

async function storeWithEnvironments(count: number): Promise<TestStore> {
  const t = await openTestStore('sqlite');
  await t.store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await tx.run('INSERT INTO environments (name) VALUES (?)', [`env${String(i).padStart(4, '0')}`]);
    }
  });
  return t;
}

describe('SQLite store connections', () => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  it('opens a migrated file without migrating again when asked (the command thread)', async () => {
    t = await openTestStore('sqlite');
    await t.store.run(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)',
    );
    const before = await t.store.all('SELECT count(*) AS n FROM schema_migrations');
    const second = await openSqliteStore(t.database, { migrate: false, readWorkers: 0 });
    try {
      expect(await second.all('SELECT count(*) AS n FROM schema_migrations')).toEqual(before);
    } finally {
      await second.close();
    }
    const third = await openSqliteStore(t.database, { readWorkers: 0 });
    try {
      expect(await third.all('SELECT count(*) AS n FROM schema_migrations')).toEqual([
        { n: Number(before[0]!.n) + 1 },
      ]);
    } finally {
      await third.close();
    }
  });

  it('closes the read connection of a stream left open, and that stream fails instead of ending short', async () => {
    t = await storeWithEnvironments(50);
    const rows = t.store.stream('SELECT name FROM environments ORDER BY name')[Symbol.asyncIterator]();
    expect((await rows.next()).value).toEqual({ name: 'env0000' });
    expect(walExists(t)).toBe(true);
    await t.store.close();
    // Every connection is closed (the last one removes the WAL), including the stream's reader.
    expect(walExists(t)).toBe(false);
    await expect(rows.next()).rejects.toThrow('the store is closed');
    expect(await rows.next()).toEqual({ done: true, value: undefined });
  });

  it('closes the reader of a stream whose consumer vanished without calling return()', async () => {
    t = await storeWithEnvironments(50);
    for (let i = 0; i < 6; i++) {
      const rows = t.store.stream('SELECT name FROM environments')[Symbol.asyncIterator]();
      expect((await rows.next()).done).toBe(false);
    }
    await t.store.close();
    expect(walExists(t)).toBe(false);
  });

  it('gives the reader back when the SQL of a stream does not compile', async () => {
    t = await storeWithEnvironments(1);
    for (let i = 0; i < 6; i++) {
      const rows = t.store.stream('SELECT nope FROM environments')[Symbol.asyncIterator]();
      await expect(rows.next()).rejects.toThrow(/no such column/);
    }
    expect(await t.store.all('SELECT count(*) AS n FROM environments')).toEqual([{ n: 1 }]);
  });

  it('survives the garbage collection of thousands of prepared statements', async () => {
    // Node 24.19+ aborts the process when V8 collects a statement of an addon built against its
    // node_object_wrap.h (nodejs/node#65446); scripts/test-node24.sh builds against 24.18.1
    // headers, and this churn (allocation-driven young-generation GCs) would catch a regression.
    t = await storeWithEnvironments(3);
    let total = 0;
    for (let i = 0; i < 3000; i++) {
      const [row] = await t.store.all(`SELECT count(*) + ${i} AS n FROM environments`);
      total += Number(row!.n) - i;
      const garbage = Array.from({ length: 200 }, (_, j) => ({ j, text: `x${j}` }));
      expect(garbage).toHaveLength(200);
    }
    expect(total).toBe(9000);
  });
});
