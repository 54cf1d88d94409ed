import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalog, catalogChanges } from '../../src/commands/apply-catalog.js';
import { applyDeactivation, applyFactset } from '../../src/commands/apply-lifecycle.js';
import { applyReport } from '../../src/commands/apply-report.js';
import { readCatalog } from '../../src/commands/catalog-payload.js';
import { readReport } from '../../src/commands/report-payload.js';
import { dropUnusedResourceParams } from '../../src/commands/resource-params.js';
import { forDialect } from '../../src/store/placeholders.js';
import { count, rawReport, smallCatalog } from '../support/commands/fixtures.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const T3 = '2026-11-20T10:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';

const catalog = (ts: string, extra: Record<string, unknown> = {}) =>
  readCatalog(smallCatalog('web1', ts, extra), 9);
const facts = (ts: string) => ({
  certname: 'web1',
  environment: 'production',
  producerTimestamp: ts,
  producer: null,
  values: { os: { family: 'Debian' }, kernel: 'Linux' },
});
const report = (ts: string) => readReport(rawReport(ts), 8, NOW);

describe.each(DIALECTS)('applying commands on %s', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t?.dispose();
  });

  async function node() {
    const [row] = await t.store.all(forDialect(dialect, 'SELECT * FROM certnames WHERE certname = ?'), [
      'web1',
    ]);
    return row!;
  }
  const version = async () => (await t.store.all('SELECT version FROM catalogs'))[0]?.version;

  it('replaces a catalog with a newer one, ignores an older one, and skips unchanged content', async () => {
    t = await openTestStore(dialect);
    expect(await applyCatalog(t.store, catalog(T2, { version: 'b' }), NOW)).toBe('stored');
    expect(await applyCatalog(t.store, catalog(T1, { version: 'a' }), NOW)).toBe('stale');
    expect(await version()).toBe('b');
    expect(await applyCatalog(t.store, catalog(T3, { version: 'c' }), NOW)).toBe('unchanged');
    expect(await version()).toBe('c');
    const smaller = catalog(T3, {
      resources: [{ type: 'Class', title: 'main', exported: false, tags: ['class'] }],
      edges: [],
    });
    expect(await applyCatalog(t.store, smaller, NOW)).toBe('stored');
    expect(await count(t, 'resources')).toBe(1);
    // The replaced resources' parameter rows wait for the garbage collection.
    const orphaned = await count(t, 'resource_params');
    expect(orphaned).toBeGreaterThan(0);
    expect(await dropUnusedResourceParams(t.store)).toBe(orphaned);
    expect(await count(t, 'resource_params')).toBe(0);
    expect(await count(t, 'edges')).toBe(0);
    expect((await node()).catalog_producer_timestamp).toBe(T3);
  });

  it('stores long parameter values and titles (file contents) on both engines', async () => {
    t = await openTestStore(dialect);
    const big = smallCatalog('web1', T1);
    const content = 'x'.repeat(64 * 1024);
    big.resources[1]!.parameters.content = content;
    big.resources.push({
      type: 'Exec',
      title: `/bin/true ${'y'.repeat(1500)}`,
      exported: false,
      tags: ['exec'],
      parameters: {},
    });
    expect(await applyCatalog(t.store, readCatalog(big, 9), NOW)).toBe('stored');
    const rows = await t.store.all(
      forDialect(dialect, "SELECT value_string FROM resource_params WHERE name = 'content' AND value = ?"),
      [JSON.stringify(content)],
    );
    expect(rows).toEqual([{ value_string: content }]);
  });

  it('finds only the changed resource of a later catalog to rewrite (stored tags read back as stored)', async () => {
    t = await openTestStore(dialect);
    const first = smallCatalog('web1', T1);
    await applyCatalog(t.store, readCatalog(first, 9), NOW);
    const later = smallCatalog('web1', T2);
    later.resources[0]!.parameters = { ...later.resources[0]!.parameters, changed: true };
    const changes = await t.store.transaction((tx) => catalogChanges(tx, readCatalog(later, 9)));
    expect(changes.removeResources).toHaveLength(1);
    expect(changes.addResources.map((r) => r.title)).toEqual([later.resources[0]!.title]);
    expect([changes.removeEdges, changes.addEdges]).toEqual([[], []]);
  });

  it('rewrites only what changed and ends with exactly the new catalog', async () => {
    t = await openTestStore(dialect);
    const before = smallCatalog('web1', T1);
    before.resources.push(
      {
        type: 'Service',
        title: 'nginx',
        exported: false,
        tags: ['service'],
        parameters: { ensure: 'running' },
      },
      { type: 'User', title: 'gone', exported: false, tags: ['user'], parameters: {} },
    );
    before.edges.push({
      source: { type: 'Class', title: 'main' },
      target: { type: 'User', title: 'gone' },
      relationship: 'contains',
    });
    await applyCatalog(t.store, readCatalog(before, 9), NOW);
    const after = (certname: string) => {
      const c = smallCatalog(certname, T2);
      c.resources[1]!.line = 6; // metadata only: same resource hash
      c.resources.push(
        {
          type: 'Service',
          title: 'nginx',
          exported: false,
          tags: ['service', 'web'],
          parameters: { ensure: 'running' },
        },
        { type: 'Group', title: 'new', exported: true, tags: ['group'], parameters: { gid: 7 } },
      );
      c.edges.push({
        source: { type: 'Group', title: 'new' },
        target: { type: 'Service', title: 'nginx' },
        relationship: 'before',
      });
      return readCatalog(c, 9);
    };
    expect(await applyCatalog(t.store, after('web1'), NOW)).toBe('stored');
    expect(await applyCatalog(t.store, after('fresh'), NOW)).toBe('stored');
    const dump = async (certname: string) => {
      const tables = {
        resources: 'resource, type, title, exported, file, line, tags, parameters, environment',
        resource_params: 'resource, name, value, value_string',
        // SQLite's tag rows per node (PostgreSQL keeps only tag names).
        ...(dialect === 'sqlite' ? { resource_tags: 'resource, tag' } : {}),
        edges: 'source_type, source_title, target_type, target_title, relationship',
      };
      const out: Record<string, unknown[]> = {};
      for (const [table, columns] of Object.entries(tables)) {
        // Parameter rows belong to the hash: a node's are those of its resources.
        const mine =
          table === 'resource_params'
            ? 'resource IN (SELECT resource FROM resources WHERE certname = ?)'
            : 'certname = ?';
        const sql = `SELECT ${columns} FROM ${table} WHERE ${mine} ORDER BY ${columns}`;
        out[table] = await t.store.all(forDialect(dialect, sql), [certname]);
      }
      return out;
    };
    const updated = await dump('web1');
    expect(updated).toEqual(await dump('fresh'));
    expect(updated.resources!.map((r) => (r as { title: string }).title).sort()).toEqual([
      '/etc/hosts',
      'main',
      'new',
      'nginx',
    ]);
    expect(updated.edges).toHaveLength(2);
  });

  it('never leaves half a catalog when the database fails mid-way', async () => {
    t = await openTestStore(dialect);
    await applyCatalog(t.store, catalog(T1), NOW);
    // A trigger that fails on one parameter name stands in for a crash after the resources were written.
    if (dialect === 'sqlite') {
      await t.store.run(`CREATE TRIGGER boom BEFORE INSERT ON resource_params WHEN NEW.name = 'boom'
        BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    } else {
      await t.store.run(`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
      await t.store.run(
        'CREATE TRIGGER boom BEFORE INSERT ON resource_params FOR EACH ROW EXECUTE FUNCTION boom()',
      );
    }
    const bad = smallCatalog('web1', T2);
    bad.resources.push({
      type: 'Service',
      title: 'x',
      exported: false,
      tags: [],
      parameters: { boom: true },
    });
    await expect(applyCatalog(t.store, readCatalog(bad, 9), NOW)).rejects.toThrow(/boom/);
    expect(await count(t, 'resources')).toBe(2);
    expect(await count(t, 'resource_params')).toBe(5);
    expect(await version()).toBe('1');
    expect((await node()).catalog_producer_timestamp).toBe(T1);
  });

  it('deactivates, ignores a stale deactivation, and reactivates on newer facts or reports only', async () => {
    t = await openTestStore(dialect);
    await applyCatalog(t.store, catalog(T2), NOW);
    expect(await applyDeactivation(t.store, { certname: 'web1', producerTimestamp: T1 })).toBe('stale');
    expect((await node()).deactivated).toBeNull();
    expect(await applyDeactivation(t.store, { certname: 'web1', producerTimestamp: T2 })).toBe('stored');
    expect((await node()).deactivated).toBe(T2);
    // Equal timestamp: the deactivation wins.
    await applyFactset(t.store, facts(T2), NOW);
    expect((await node()).deactivated).toBe(T2);
    await applyReport(t.store, report(T3), NOW);
    const n = await node();
    expect(n.deactivated).toBeNull();
    expect(n.latest_report_status).toBe('changed');
    // PuppetDB without PE keeps no corrective_change.
    expect(n.latest_report_corrective_change).toBeNull();
    expect(n.latest_report_hash).toBe(report(T3).hash);
    // The old catalog is still there, visible again.
    expect(await count(t, 'resources')).toBe(2);
  });

  it('keeps a later deactivation and creates unknown nodes', async () => {
    t = await openTestStore(dialect);
    expect(await applyDeactivation(t.store, { certname: 'web1', producerTimestamp: T3 })).toBe('stored');
    expect(await applyDeactivation(t.store, { certname: 'web1', producerTimestamp: T2 })).toBe('unchanged');
    expect((await node()).deactivated).toBe(T3);
    // A catalog older than the deactivation is stored but the node stays inactive.
    expect(await applyCatalog(t.store, catalog(T1), NOW)).toBe('stored');
    expect((await node()).deactivated).toBe(T3);
  });

  it('stores facts as canonical JSON and ignores older facts', async () => {
    t = await openTestStore(dialect);
    await applyFactset(t.store, facts(T2), NOW);
    expect(await applyFactset(t.store, { ...facts(T1), values: { kernel: 'Windows' } }, NOW)).toBe('stale');
    const rows = await t.store.all('SELECT name, value, value_string FROM facts ORDER BY name');
    expect(rows).toEqual([
      { name: 'kernel', value: '"Linux"', value_string: 'Linux' },
      { name: 'os', value: '{"family":"Debian"}', value_string: null },
    ]);
    expect(await t.store.all('SELECT name FROM environments')).toEqual([{ name: 'production' }]);
  });

  it('ends a later factset with exactly its facts, leaves and node columns', async () => {
    t = await openTestStore(dialect);
    const first = { os: { family: 'Debian', release: { major: '11' } }, kernel: 'Linux', uptime: 5 };
    await applyFactset(t.store, { ...facts(T1), values: first }, NOW);
    // Gone (uptime), changed (os.release.major), unchanged (kernel, os.family), new (role, disks).
    const later = {
      os: { family: 'Debian', release: { major: '12' } },
      kernel: 'Linux',
      role: 'web',
      disks: [],
    };
    expect(
      await applyFactset(
        t.store,
        { ...facts(T2), environment: 'staging', producer: 'p2', values: later },
        NOW,
      ),
    ).toBe('stored');
    expect(await t.store.all('SELECT name, value FROM facts ORDER BY name')).toEqual([
      { name: 'disks', value: '[]' },
      { name: 'kernel', value: '"Linux"' },
      { name: 'os', value: '{"family":"Debian","release":{"major":"12"}}' },
      { name: 'role', value: '"web"' },
    ]);
    expect(await t.store.all('SELECT path, value, value_type FROM fact_contents ORDER BY path')).toEqual([
      { path: '["kernel"]', value: '"Linux"', value_type: 'string' },
      { path: '["os","family"]', value: '"Debian"', value_type: 'string' },
      { path: '["os","release","major"]', value: '"12"', value_type: 'string' },
      { path: '["role"]', value: '"web"', value_type: 'string' },
    ]);
    expect((await t.store.all('SELECT path FROM fact_paths ORDER BY path')).map((r) => r.path)).toContain(
      '["uptime"]',
    );
    expect(await node()).toMatchObject({
      facts_producer_timestamp: T2,
      facts_timestamp: NOW,
      facts_environment: 'staging',
      facts_producer: 'p2',
    });
    expect((await t.store.all('SELECT name FROM environments ORDER BY name')).map((r) => r.name)).toEqual([
      'production',
      'staging',
    ]);
  });
});
