import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalsCriterion } from '../../src/query/run-query.js';
import { loadFleet } from '../support/query/fixtures.js';
import { keys, runQuery } from '../support/query/run.js';
import { DIALECTS, openTestStore, type TestStore } from '../support/store/test-stores.js';

const W1 = 'web1.example.com';
const W2 = 'web2.example.com';
const OLD = 'old1.example.com';

describe.each(DIALECTS)('resource queries on a real %s database', (dialect) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(dialect);
    await loadFleet(t.store);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const q = async (query: unknown, options = {}) => keys((await runQuery(t.store, query, options)).rows);

  it('returns every resource of active nodes only, with all ten keys', async () => {
    const { rows } = await runQuery(t.store, null);
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.certname))).toEqual(new Set([W1, W2]));
    const hosts = rows.find((r) => r.certname === W1 && r.title === '/etc/hosts')!;
    expect(hosts).toEqual({
      certname: W1,
      resource: '3d0cb2e8b7c5e1e63eab01d9d8c3a8e11fd1e0de'.length === 40 ? hosts.resource : '',
      type: 'File',
      title: '/etc/hosts',
      exported: false,
      tags: ['class', 'file', 'hosts'],
      file: '/etc/puppet/site.pp',
      line: 5,
      environment: 'production',
      parameters: { ensure: 'file', mode: '0644', owner: 'root' },
    });
    expect(hosts.resource).toMatch(/^[0-9a-f]{40}$/);
    const main = rows.find((r) => r.type === 'Class')!;
    expect(main).toMatchObject({ file: null, line: null, exported: false, parameters: { name: 'main' } });
  });

  it('filters by type, title and certname (the route criteria)', async () => {
    expect(await q(null, { criteria: [equalsCriterion('type', 'Package')] })).toEqual([
      `${W1} Package[nginx]`,
      `${W2} Package[nginx]`,
    ]);
    expect(
      await q(['=', 'certname', W2], {
        criteria: [equalsCriterion('type', 'File'), equalsCriterion('title', '/etc/hosts')],
      }),
    ).toEqual([`${W2} File[/etc/hosts]`]);
  });

  it('compares line numerically and keeps NULL lines out of inequalities', async () => {
    expect(await q(['<', 'line', 4])).toEqual([
      `${W1} Nagios_host[web1.example.com]`,
      `${W2} Nagios_host[web2.example.com]`,
      `${W2} Package[nginx]`,
    ]);
    expect(await q(['and', ['>=', 'line', 22], ['<=', 'line', 40]])).toEqual([
      `${W1} User[alice]`,
      `${W2} Apache::Vhost[site]`,
    ]);
    expect(await q(['>', 'line', 39.5])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['null?', 'line', true])).toEqual([`${W1} Class[main]`]);
  });

  it('matches regexes on titles, unanchored and anchored', async () => {
    expect(await q(['~', 'title', '^/etc/'])).toEqual([`${W1} File[/etc/hosts]`, `${W2} File[/etc/hosts]`]);
    expect(await q(['and', ['~', 'title', 'example\\.com$'], ['=', 'exported', true]])).toHaveLength(2);
    expect(await q(['not', ['~', 'file', 'site']])).toEqual([
      `${W1} Class[main]`,
      `${W1} Nagios_host[web1.example.com]`,
      `${W1} User[alice]`,
      `${W2} Apache::Vhost[site]`,
      `${W2} Nagios_host[web2.example.com]`,
    ]);
  });

  it('answers anchored title regexes through their literal-start ranges, within a type and across types', async () => {
    const file = [equalsCriterion('type', 'File')];
    expect(await q(['~', 'title', '^/etc/h'], { criteria: file })).toEqual([
      `${W1} File[/etc/hosts]`,
      `${W2} File[/etc/hosts]`,
    ]);
    expect(await q(['~', 'title', '^(web2|/etc/hosts$)'])).toEqual([
      `${W1} File[/etc/hosts]`,
      `${W2} File[/etc/hosts]`,
      `${W2} Nagios_host[web2.example.com]`,
    ]);
    // Bytewise, 'W' sorts before 'w': the range must not take in lower-case titles.
    expect(await q(['~', 'title', '^Web'])).toEqual([]);
  });

  it('answers line inequalities within a type and its unpaged total (inactive nodes left out)', async () => {
    const packages = [equalsCriterion('type', 'Package')];
    expect(await q(['>', 'line', 3], { criteria: packages })).toEqual([`${W1} Package[nginx]`]);
    expect(await q(['<=', 'line', 3], { criteria: packages })).toEqual([`${W2} Package[nginx]`]);
    const page = await runQuery(t.store, null, {
      criteria: packages,
      paging: { limit: 1, includeTotal: true },
    });
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(2);
  });

  it('keeps three-valued logic: not = drops NULL files', async () => {
    const rows = await q(['not', ['=', 'file', '/etc/puppet/site.pp']]);
    expect(rows).not.toContain(`${W1} Class[main]`);
    expect(rows).toHaveLength(4);
  });

  it('queries tags (case-insensitive tag, case-sensitive tags, regex, in)', async () => {
    expect(await q(['=', 'tag', 'MONITORING'])).toEqual([
      `${W1} Nagios_host[web1.example.com]`,
      `${W2} Nagios_host[web2.example.com]`,
    ]);
    expect(await q(['=', 'tags', 'MONITORING'])).toEqual([]);
    expect(await q(['=', 'tags', 'admins'])).toEqual([`${W1} User[alice]`]);
    expect(await q(['~', 'tag', '^APACHE'])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['in', 'tag', ['array', ['Admins', 'web']]])).toEqual([
      `${W1} User[alice]`,
      `${W2} Apache::Vhost[site]`,
    ]);
  });

  it('queries ["parameter", NAME] with typed equality and a value regex', async () => {
    expect(await q(['=', ['parameter', 'ensure'], 'installed'])).toEqual([`${W1} Package[nginx]`]);
    expect(await q(['=', ['parameter', 'uid'], 1001])).toEqual([`${W1} User[alice]`]);
    expect(await q(['=', ['parameter', 'uid'], '1001'])).toEqual([]);
    expect(await q(['=', ['parameter', 'groups'], ['wheel', 'admin']])).toEqual([`${W1} User[alice]`]);
    expect(await q(['=', ['parameter', 'ssl'], false])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['~', ['parameter', 'owner'], 'ro.t'])).toEqual([
      `${W1} File[/etc/hosts]`,
      `${W2} File[/etc/hosts]`,
    ]);
    expect(await q(['~', ['parameter', 'ensure'], '^1\\.'])).toEqual([`${W2} Package[nginx]`]);
  });

  it('keeps resources lacking a parameter under not', async () => {
    const rows = await q([
      'and',
      ['=', 'type', 'Package'],
      ['not', ['=', ['parameter', 'ensure'], 'installed']],
    ]);
    expect(rows).toEqual([`${W2} Package[nginx]`]);
    expect(
      await q(['and', ['=', 'certname', W2], ['not', ['=', ['parameter', 'owner'], 'root']]]),
    ).toHaveLength(3);
  });

  it('queries dotted parameters: equality, nested paths, quoted keys, regex, inequalities, null?', async () => {
    expect(await q(['=', 'parameters.ensure', 'file'])).toEqual([
      `${W1} File[/etc/hosts]`,
      `${W2} File[/etc/hosts]`,
    ]);
    expect(await q(['=', 'parameters.nested.a.b', 'y'])).toEqual([`${W2} Nagios_host[web2.example.com]`]);
    expect(await q(['=', 'parameters.nested.a', { b: 'x' }])).toEqual([
      `${W1} Nagios_host[web1.example.com]`,
    ]);
    expect(await q(['=', 'parameters."a.b".c', 'dotted'])).toEqual([`${W1} User[alice]`]);
    expect(await q(['=', 'parameters.managehome', true])).toEqual([`${W1} User[alice]`]);
    expect(await q(['~', 'parameters.shell', 'bash$'])).toEqual([`${W1} User[alice]`]);
    expect(await q(['~', 'parameters.nested.a.b', '^[xy]$'])).toHaveLength(2);
    // Booleans and numbers are matched by their JSON text, as PuppetDB does on PostgreSQL.
    expect(await q(['~', 'parameters.managehome', '^true$'])).toEqual([`${W1} User[alice]`]);
    expect(await q(['~', 'parameters.ssl', '^false$'])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['~', 'parameters.port', '^80$'])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['and', ['=', 'type', 'User'], ['not', ['~', 'parameters.shell', 'bash$']]])).toEqual(
      (await q(['=', 'type', 'User'])).filter((row) => row !== `${W1} User[alice]`),
    );
    expect(await q(['>', 'parameters.port', 79])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['<', 'parameters.weight', 3])).toEqual([`${W1} Nagios_host[web1.example.com]`]);
    expect(await q(['>=', 'parameters.weight', 2.5])).toHaveLength(2);
    expect(await q(['<', 'parameters.address', 3])).toEqual([]);
    expect(await q(['null?', 'parameters.docroot', false])).toEqual([`${W2} Apache::Vhost[site]`]);
    expect(await q(['null?', 'parameters.docroot', true])).toEqual([]);
  });

  it('honours node_state: inactive within the purge window, any, legacy node active', async () => {
    expect(await q(['and', ['=', 'type', 'Package'], ['=', 'node_state', 'inactive']])).toEqual([
      `${OLD} Package[nginx]`,
    ]);
    const any = await q(['and', ['=', 'title', '/etc/hosts'], ['=', 'node_state', 'ANY']]);
    expect(any).toHaveLength(4);
    expect(await q(['and', ['=', 'type', 'Package'], ['=', ['node', 'active'], false]])).toEqual([
      `${OLD} Package[nginx]`,
    ]);
  });

  it('runs implicit subqueries on nodes, catalogs and environments', async () => {
    expect(
      await q(['and', ['=', 'type', 'Package'], ['subquery', 'catalogs', ['=', 'environment', 'staging']]]),
    ).toEqual([`${W2} Package[nginx]`]);
    expect(
      await q([
        'and',
        ['=', 'type', 'Package'],
        ['subquery', 'nodes', ['=', 'catalog_environment', 'production']],
      ]),
    ).toEqual([`${W1} Package[nginx]`]);
    expect(
      await q(['and', ['=', 'type', 'Package'], ['subquery', 'environments', ['~', 'name', '^stag']]]),
    ).toEqual([`${W2} Package[nginx]`]);
    expect(
      await q(['and', ['=', 'type', 'Package'], ['subquery', 'nodes', ['null?', 'deactivated', false]]]),
    ).toEqual([]);
  });

  it('runs explicit subqueries with extract/select_* and from, and in with arrays', async () => {
    const viaSelect = [
      'and',
      ['=', 'type', 'File'],
      ['in', 'certname', ['extract', 'certname', ['select_resources', ['=', 'type', 'Apache::Vhost']]]],
    ];
    expect(await q(viaSelect)).toEqual([`${W2} File[/etc/hosts]`]);
    const viaFrom = [
      'and',
      ['=', 'type', 'File'],
      [
        'in',
        'certname',
        ['from', 'nodes', ['extract', 'certname', ['=', 'catalog_environment', 'production']]],
      ],
    ];
    expect(await q(viaFrom)).toEqual([`${W1} File[/etc/hosts]`]);
    expect(await q(['in', 'line', ['array', [3, 40]]])).toHaveLength(4);
    expect(await q(['in', 'title', ['array', ['main', 'alice']]])).toEqual([
      `${W1} Class[main]`,
      `${W1} User[alice]`,
    ]);
    expect(
      await q([
        'in',
        ['certname', 'environment'],
        ['extract', ['certname', 'environment'], ['select_catalogs']],
      ]),
    ).toHaveLength(9);
  });

  it('pages with order_by (NULLs last ascending), limit, offset and a total', async () => {
    const page = await runQuery(t.store, ['=', 'certname', W1], {
      paging: { orderBy: [{ field: 'line', direction: 'asc' }], limit: 2, offset: 3, includeTotal: true },
    });
    expect(page.rows.map((r) => r.line)).toEqual([22, null]);
    expect(page.total).toBe(5);
    const desc = await runQuery(t.store, null, {
      paging: {
        orderBy: [
          { field: 'title', direction: 'desc' },
          { field: 'certname', direction: 'asc' },
        ],
        limit: 3,
      },
    });
    expect(desc.rows.map((r) => `${r.title} ${r.certname}`)).toEqual([
      'web2.example.com web2.example.com',
      'web1.example.com web1.example.com',
      'site web2.example.com',
    ]);
    const past = await runQuery(t.store, null, { paging: { offset: 100 } });
    expect(past.rows).toEqual([]);
  });

  it('extracts columns, dotted parameters, counts and groups', async () => {
    const { rows } = await runQuery(t.store, [
      'extract',
      ['certname', 'parameters.ensure'],
      ['=', 'type', 'Package'],
    ]);
    expect(rows.sort((a, b) => String(a.certname).localeCompare(String(b.certname)))).toEqual([
      { certname: W1, 'parameters.ensure': 'installed' },
      { certname: W2, 'parameters.ensure': '1.2.3' },
    ]);
    expect(
      (await runQuery(t.store, ['extract', [['function', 'count']], ['=', 'exported', true]])).rows,
    ).toEqual([{ count: 2 }]);
    const grouped = await runQuery(
      t.store,
      ['extract', [['function', 'count'], 'type'], ['~', 'type', '^[FP]'], ['group_by', 'type']],
      {
        paging: { orderBy: [{ field: 'type', direction: 'asc' }] },
      },
    );
    expect(grouped.rows).toEqual([
      { count: 2, type: 'File' },
      { count: 2, type: 'Package' },
    ]);
    const max = await runQuery(
      t.store,
      ['extract', [['function', 'max', 'line'], 'certname'], null, ['group_by', 'certname']],
      {
        paging: { orderBy: [{ field: 'certname', direction: 'asc' }] },
      },
    );
    expect(max.rows).toEqual([
      { max: 22, certname: W1 },
      { max: 40, certname: W2 },
    ]);
  });

  it('counts the unpaged total of a projection', async () => {
    const result = await runQuery(t.store, ['extract', 'title', ['=', 'certname', W2]], {
      paging: { limit: 1, includeTotal: true },
    });
    expect(result.rows).toHaveLength(1);
    expect(result.total).toBe(4);
    // One answer per group, and one for an aggregate without groups.
    const grouped = await runQuery(
      t.store,
      ['extract', [['function', 'count'], 'type'], ['=', 'certname', W2], ['group_by', 'type']],
      { paging: { limit: 1, includeTotal: true } },
    );
    const all = await runQuery(t.store, [
      'extract',
      [['function', 'count'], 'type'],
      ['=', 'certname', W2],
      ['group_by', 'type'],
    ]);
    expect(grouped.total).toBe(all.rows.length);
    expect(all.rows.length).toBeGreaterThan(1);
    const counted = await runQuery(t.store, ['extract', [['function', 'count']], ['=', 'certname', W2]], {
      paging: { includeTotal: true },
    });
    expect([counted.rows, counted.total]).toEqual([[{ count: 4 }], 1]);
  });
});
