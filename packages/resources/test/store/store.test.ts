import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCE_COLUMNS } from '../../src/commands/apply-catalog.js';
import { canonicalJson, resourceHash } from '../../src/store/canonical-json.js';
import { factsJson } from '../../src/store/fact-schema.js';
import { migrate, migrationStatements } from '../../src/store/migrate.js';
import { openStore } from '../../src/store/open-store.js';
import { forDialect } from '../../src/store/placeholders.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { paramsByHash } from '../../src/store/resource-params-schema.js';
import { MIGRATIONS } from '../../src/store/schema.js';
import { tagNames } from '../../src/store/tag-names-schema.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

describe('resource hash', () => {
  it('matches the reference vectors', () => {
    expect(resourceHash(null, null, null)).toBe('b4199f8703c5dc208054a62203db132c3d12581c');
    expect(resourceHash('File', '/etc/hosts', { owner: 'root', ensure: 'file' })).toBe(
      '2ea12f45b3445d40145bbb67047783339831ab69',
    );
  });
});

describe('openStore', () => {
  it('rejects an empty database setting and an in-memory SQLite', async () => {
    expect(() => openStore('')).toThrow(/database/);
    await expect(openStore(':memory:')).rejects.toThrow(/needs a file/);
  });
});

describe.each(DIALECTS)('store on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  it('migrates once and records the version', async () => {
    t = await openTestStore(dialect);
    const rows = await t.store.all('SELECT version FROM schema_migrations');
    expect(rows.map((r) => Number(r.version)).sort((a, b) => a - b)).toEqual(
      MIGRATIONS.map((m) => m.version),
    );
    expect(await migrate(t.store)).toEqual([]);
  });

  it("fills each node's facts JSON from its fact rows (migration 10), as a facts command writes it", async () => {
    t = await openTestStore(dialect);
    const facts = { os: { family: 'Debian', release: { major: '12' } }, 'b"q': [1, null], a: true, Z: 'x' };
    await t.store.run(
      forDialect(dialect, 'INSERT INTO certnames (certname, facts_timestamp) VALUES (?, ?)'),
      ['web1', '2026-01-02T03:04:05.678Z'],
    );
    await t.store.run(forDialect(dialect, 'INSERT INTO certnames (certname) VALUES (?)'), ['web2']);
    for (const [name, value] of Object.entries(facts)) {
      const insert = 'INSERT INTO facts (certname, name, value) VALUES (?, ?, ?)';
      await t.store.run(forDialect(dialect, insert), ['web1', name, canonicalJson(value)]);
    }
    for (const statement of migrationStatements(factsJson, dialect)) {
      if (!statement.startsWith('ALTER')) await t.store.run(statement);
    }
    const rows = await t.store.all('SELECT certname, facts_json FROM certnames ORDER BY certname');
    expect(rows).toEqual([
      { certname: 'web1', facts_json: canonicalJson(facts) },
      { certname: 'web2', facts_json: null },
    ]);
  });

  it('keeps one parameter row per resource hash of the per-node rows (migration 13)', async () => {
    t = await openTestStore(dialect);
    // resource_params as migration 1 made it: one row per node, so two nodes repeat a hash's rows.
    await t.store.run('DROP TABLE resource_params');
    await t.store.run(`CREATE TABLE resource_params (certname TEXT NOT NULL, resource TEXT NOT NULL,
      name TEXT NOT NULL, value TEXT NOT NULL, value_string TEXT NULL, PRIMARY KEY (certname, resource, name))`);
    const insert = forDialect(
      dialect,
      'INSERT INTO resource_params (certname, resource, name, value, value_string) VALUES (?, ?, ?, ?, ?)',
    );
    for (const certname of ['web1', 'web2']) {
      await t.store.run(insert, [certname, 'a'.repeat(40), 'ensure', '"file"', 'file']);
      await t.store.run(insert, [certname, 'a'.repeat(40), 'mode', '420', null]);
    }
    await t.store.run(insert, ['web2', 'b'.repeat(40), 'ensure', '"running"', 'running']);
    for (const statement of migrationStatements(paramsByHash, dialect)) await t.store.run(statement);
    expect(await t.store.all('SELECT * FROM resource_params ORDER BY resource, name')).toEqual([
      { resource: 'a'.repeat(40), name: 'ensure', value: '"file"', value_string: 'file' },
      { resource: 'a'.repeat(40), name: 'mode', value: '420', value_string: null },
      { resource: 'b'.repeat(40), name: 'ensure', value: '"running"', value_string: 'running' },
    ]);
  });

  it.runIf(dialect === 'postgres')(
    'keeps each tag of the per-node tag rows once in tag_names (migration 15)',
    async () => {
      t = await openTestStore(dialect);
      await t.store.run('DROP TABLE tag_names');
      await t.store.run(`CREATE TABLE resource_tags (certname TEXT NOT NULL, resource TEXT NOT NULL,
        tag TEXT NOT NULL, PRIMARY KEY (certname, resource, tag))`);
      const insert = forDialect(
        dialect,
        'INSERT INTO resource_tags (certname, resource, tag) VALUES (?, ?, ?)',
      );
      for (const [certname, tag] of [
        ['web1', 'class'],
        ['web2', 'class'],
        ['web2', 'file'],
      ])
        await t.store.run(insert, [certname, 'a'.repeat(40), tag!]);
      for (const statement of migrationStatements(tagNames, dialect)) await t.store.run(statement);
      expect(await t.store.all('SELECT tag FROM tag_names ORDER BY tag')).toEqual([
        { tag: 'class' },
        { tag: 'file' },
      ]);
      expect(await t.store.all("SELECT to_regclass('resource_tags') AS gone")).toEqual([{ gone: null }]);
    },
  );

  it('reopens an existing database without migrating again', async () => {
    t = await openTestStore(dialect);
    await t.store.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), ['production']);
    const again =
      dialect === 'sqlite'
        ? await openStore(t.database)
        : await openPostgresStore(t.database, { schema: t.schema! });
    expect(await again.all('SELECT name FROM environments')).toEqual([{ name: 'production' }]);
    await again.close();
  });

  it('returns booleans, timestamps and JSON the documented way', async () => {
    t = await openTestStore(dialect);
    await t.store.run(
      forDialect(
        dialect,
        'INSERT INTO certnames (certname, deactivated, latest_report_noop) VALUES (?, ?, ?)',
      ),
      ['web1', '2026-01-02T03:04:05.678Z', true],
    );
    await t.store.run(
      forDialect(
        dialect,
        `INSERT INTO resources (certname, resource, type, title, exported, tags, parameters)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      ['web1', 'a'.repeat(40), 'File', '/etc/x', false, '["file"]', '{"b":1,"a":[true]}'],
    );
    const [node] = await t.store.all(`SELECT deactivated, latest_report_noop FROM certnames`);
    expect(node!.deactivated).toBe('2026-01-02T03:04:05.678Z');
    expect([true, 1]).toContain(node!.latest_report_noop);
    const [res] = await t.store.all('SELECT exported, tags, parameters FROM resources');
    expect([false, 0]).toContain(res!.exported);
    expect(typeof res!.tags).toBe('string');
    expect(JSON.parse(res!.parameters as string)).toEqual({ b: 1, a: [true] });
    const later = await t.store.all(
      forDialect(dialect, 'SELECT certname FROM certnames WHERE deactivated > ?'),
      ['2026-01-01T00:00:00.000Z'],
    );
    expect(later).toEqual([{ certname: 'web1' }]);
  });

  it('streams many rows and releases the connection when the loop breaks', async () => {
    t = await openTestStore(dialect);
    await t.store.transaction(async (tx) => {
      for (let i = 0; i < 1200; i++) {
        await tx.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), [
          `env${String(i).padStart(4, '0')}`,
        ]);
      }
    });
    let seen = 0;
    for await (const row of t.store.stream('SELECT name FROM environments ORDER BY name', [], {
      batchSize: 100,
    })) {
      expect(row.name).toBe(`env${String(seen).padStart(4, '0')}`);
      seen++;
    }
    expect(seen).toBe(1200);
    for (let round = 0; round < 15; round++) {
      for await (const _row of t.store.stream('SELECT name FROM environments')) break;
    }
    // Still usable after many abandoned streams: no connection leaked from the pool.
    const [count] = await t.store.all('SELECT count(*) AS n FROM environments');
    expect(Number(count!.n)).toBe(1200);
  });

  it('bulk-inserts many rows of every column type, in chunks, all or nothing', async () => {
    t = await openTestStore(dialect);
    // Every column type the store knows (text, bool, int, json), in the order catalogs insert them.
    const columns = RESOURCE_COLUMNS;
    const rows = Array.from({ length: 12_001 }, (_, i) => [
      'web1',
      i.toString(16).padStart(40, '0'),
      'File',
      `/f/${i}`,
      i % 2 === 0,
      i % 3 === 0 ? null : '/site.pp',
      i % 5 === 0 ? null : i,
      '["file"]',
      JSON.stringify({ n: i, nested: { list: [i, 'x'] } }),
      null,
    ]);
    expect(await t.store.bulkInsert('resources', columns, rows)).toBe(12_001);
    const [last] = await t.store.all(
      forDialect(dialect, 'SELECT exported, file, line, parameters FROM resources WHERE title = ?'),
      ['/f/12000'],
    );
    expect([true, 1]).toContain(last!.exported);
    expect(last!.file).toBeNull();
    expect(last!.line).toBeNull();
    expect(JSON.parse(last!.parameters as string)).toEqual({ n: 12000, nested: { list: [12000, 'x'] } });
    // 6,000 new rows and then one that collides: the failure is in the second PostgreSQL chunk,
    // and the first chunk must not stay behind.
    const fresh = rows
      .slice(0, 6000)
      .map((r, i) => [r[0]!, `b${String(i).padStart(39, '0')}`, 'Exec', `/g/${i}`, ...r.slice(4)]);
    await expect(t.store.bulkInsert('resources', columns, [...fresh, rows[0]!])).rejects.toThrow();
    const [count] = await t.store.all('SELECT count(*) AS n FROM resources');
    expect(Number(count!.n)).toBe(12_001);
  });

  it('rolls a failed transaction back completely', async () => {
    t = await openTestStore(dialect);
    await expect(
      t.store.transaction(async (tx) => {
        await tx.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), ['one']);
        await tx.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), ['one']);
      }),
    ).rejects.toThrow();
    expect(await t.store.all('SELECT name FROM environments')).toEqual([]);
  });

  it('writes while a stream is open', async () => {
    t = await openTestStore(dialect);
    for (const name of ['a', 'b', 'c']) {
      await t.store.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), [name]);
    }
    const seen: unknown[] = [];
    for await (const row of t.store.stream('SELECT name FROM environments ORDER BY name')) {
      seen.push(row.name);
      if (row.name === 'a')
        await t.store.run(forDialect(dialect, 'INSERT INTO environments (name) VALUES (?)'), ['z']);
    }
    expect(seen.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect((await t.store.all('SELECT name FROM environments')).length).toBe(4);
  });

  it('matches RE2 regular expressions on every SQLite connection (reads and the writer)', async () => {
    t = await openTestStore(dialect);
    if (dialect === 'postgres') return;
    expect(await t.store.all("SELECT 'web01' REGEXP '^web\\d+$' AS m")).toEqual([{ m: 1 }]);
    const inTx = await t.store.transaction((tx) => tx.all("SELECT 'db1' REGEXP '^web' AS m"));
    expect(inTx).toEqual([{ m: 0 }]);
  });
});
