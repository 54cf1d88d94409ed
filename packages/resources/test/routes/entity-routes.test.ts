/**
 * The entities around resources over real HTTP, fed through the command API: nodes, facts,
 * fact-names, catalogs, environments, with their path forms, AST operators, paging, error texts
 * and node-state rules. Shapes follow what a real PuppetDB 7.12.1 answered for the same feed.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_NODES, exampleFacts } from '../support/routes/example-fleet.js';
import { exampleServer, type Obj } from '../support/routes/example-server.js';
import { DIALECTS } from '../support/store/test-stores.js';

const ACTIVE = EXAMPLE_NODES.filter((n) => n !== 'mon1.example.com');

describe.each(DIALECTS)('entity routes on %s', (dialect) => {
  const now = Date.now();
  const { get, rows } = exampleServer(dialect, now);

  it('lists active nodes with every PuppetDB key, in its order', async () => {
    const nodes = await rows('/nodes', { order_by: [{ field: 'certname' }] });
    expect(nodes.map((n) => n.certname)).toEqual(ACTIVE);
    const web1 = nodes.find((n) => n.certname === 'web1.example.com')!;
    expect(Object.keys(web1)).toEqual([
      'deactivated',
      'latest_report_hash',
      'facts_environment',
      'cached_catalog_status',
      'report_environment',
      'latest_report_corrective_change',
      'catalog_environment',
      'facts_timestamp',
      'latest_report_noop',
      'expired',
      'latest_report_noop_pending',
      'report_timestamp',
      'certname',
      'catalog_timestamp',
      'latest_report_job_id',
      'latest_report_status',
    ]);
    expect(web1).toMatchObject({
      deactivated: null,
      expired: null,
      facts_environment: 'production',
      catalog_environment: 'production',
      report_environment: 'production',
      cached_catalog_status: 'not_used',
      latest_report_status: 'changed',
      latest_report_noop: false,
      latest_report_noop_pending: false,
      latest_report_job_id: null,
      report_timestamp: new Date(now - 398_000).toISOString(),
    });
    expect(web1.latest_report_hash).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof web1.catalog_timestamp).toBe('string');
    const db1 = nodes.find((n) => n.certname === 'db1.example.com')!;
    expect(db1).toMatchObject({
      report_timestamp: null,
      latest_report_status: null,
      latest_report_hash: null,
    });
  });

  it('answers one node by name, deactivated or not, and a 404 for an unknown one', async () => {
    const web1 = await get('/nodes/web1.example.com');
    expect(web1.status).toBe(200);
    expect((web1.json() as Obj).certname).toBe('web1.example.com');
    const mon1 = (await get('/nodes/mon1.example.com')).json() as Obj;
    expect(mon1.deactivated).toBe(new Date(now - 100_000).toISOString());
    const nope = await get('/nodes/nope.example.com');
    expect(nope.status).toBe(404);
    expect(nope.json()).toEqual({ error: 'No information is known about node nope.example.com' });
  });

  it('queries nodes with operators, node_state, timestamps and facts', async () => {
    const names = async (query: unknown) =>
      (await rows('/nodes', { query, order_by: [{ field: 'certname' }] })).map((n) => n.certname);
    expect(await names(['~', 'certname', '^web'])).toEqual(['web1.example.com', 'web2.example.com']);
    expect(await names(['=', 'node_state', 'inactive'])).toEqual(['mon1.example.com']);
    expect(await names(['=', 'node_state', 'any'])).toEqual(EXAMPLE_NODES);
    expect(await names(['null?', 'report_timestamp', false])).toEqual(['web1.example.com']);
    expect(await names(['<', 'catalog_timestamp', '2000-01-01T00:00:00Z'])).toEqual([]);
    expect(await names(['=', ['fact', 'processorcount'], 4])).toEqual(['web1.example.com']);
    expect(await names(['>', ['fact', 'processorcount'], 3])).toEqual([
      'web1.example.com',
      'web2.example.com',
    ]);
    expect(await names(['~', ['fact', 'kernel'], 'Lin'])).toEqual(ACTIVE);
    expect(
      await names(['subquery', 'facts', ['and', ['=', 'name', 'is_virtual'], ['=', 'value', true]]]),
    ).toEqual(['db1.example.com', 'web1.example.com']);
    const extract = await rows('/nodes', {
      query: ['extract', [['function', 'count'], 'catalog_environment'], ['group_by', 'catalog_environment']],
      order_by: [{ field: 'catalog_environment' }],
    });
    expect(extract).toEqual([
      { count: 2, catalog_environment: 'production' },
      { count: 1, catalog_environment: 'staging' },
    ]);
  });

  it('lists facts of active nodes as certname, environment, name and value', async () => {
    const facts = await rows('/nodes/web1.example.com/facts', { order_by: [{ field: 'name' }] });
    const expected = exampleFacts('web1.example.com', 2);
    expect(facts.map((f) => f.name)).toEqual(Object.keys(expected).sort());
    for (const fact of facts) {
      expect(Object.keys(fact)).toEqual(['certname', 'environment', 'name', 'value']);
      expect(fact).toMatchObject({ certname: 'web1.example.com', environment: 'production' });
      expect(fact.value).toEqual(expected[fact.name as string]);
    }
    expect(await rows('/nodes/mon1.example.com/facts')).toEqual([]);
    expect((await get('/nodes/nope/facts')).status).toBe(404);
    const kernel = await rows('/facts/kernel', { order_by: [{ field: 'certname' }] });
    expect(kernel.map((f) => [f.certname, f.environment, f.value])).toEqual([
      ['db1.example.com', 'production', 'Linux'],
      ['web1.example.com', 'production', 'Linux'],
      ['web2.example.com', 'staging', 'Linux'],
    ]);
    expect((await rows('/facts/ipaddress/10.0.0.4')).map((f) => f.certname)).toEqual(['web2.example.com']);
    // The value of the path is a string: a number or boolean fact never equals it (PuppetDB's rule).
    expect(await rows('/facts/processorcount/4')).toEqual([]);
    expect(await rows('/facts/is_virtual/true')).toEqual([]);
    expect((await rows('/nodes/web2.example.com/facts/fqdn')).map((f) => f.value)).toEqual([
      'web2.example.com',
    ]);
  });

  it('compares fact values typed: =, ~ on text, inequalities on numbers, null and in', async () => {
    const pairs = async (query: unknown) =>
      (await rows('/facts', { query, order_by: [{ field: 'certname' }, { field: 'name' }] })).map(
        (f) => `${f.certname} ${f.name}`,
      );
    expect(await pairs(['and', ['=', 'name', 'is_virtual'], ['=', 'value', true]])).toEqual([
      'db1.example.com is_virtual',
      'web1.example.com is_virtual',
    ]);
    expect(await pairs(['and', ['=', 'name', 'processorcount'], ['>=', 'value', 4]])).toEqual([
      'web1.example.com processorcount',
      'web2.example.com processorcount',
    ]);
    expect(await pairs(['and', ['=', 'name', 'processorcount'], ['~', 'value', '^4$']])).toEqual([
      'web1.example.com processorcount',
    ]);
    expect(await pairs(['and', ['=', 'certname', 'db1.example.com'], ['=', 'value', null]])).toEqual([
      'db1.example.com nothing',
    ]);
    expect(
      await pairs([
        'and',
        ['=', 'name', 'os'],
        ['=', 'value', { family: 'Debian', release: { full: '12.5', major: '12' } }],
      ]),
    ).toHaveLength(3);
    expect(
      await pairs(['and', ['=', 'name', 'uptime_seconds'], ['in', 'value', ['array', [1000, 4000]]]]),
    ).toEqual(['db1.example.com uptime_seconds', 'web2.example.com uptime_seconds']);
    const error = await get('/facts', { query: ['>', 'value', '4'] });
    expect(error.status).toBe(400);
    expect(error.text).toBe('Argument "4" and operator ">" have incompatible types.');
    const unknown = await get('/facts', { query: ['=', 'foo', 1] });
    expect(unknown.text).toBe(
      "'foo' is not a queryable object for facts. Known queryable objects are 'certname', 'environment', 'name', and 'value'",
    );
    const extract = await rows('/facts', {
      query: [
        'extract',
        ['name', ['function', 'count']],
        ['~', 'name', '^(kernel|fqdn)$'],
        ['group_by', 'name'],
      ],
      order_by: [{ field: 'name' }],
    });
    expect(extract).toEqual([
      { name: 'fqdn', count: 3 },
      { name: 'kernel', count: 3 },
    ]);
  });

  it('lists fact names, sorted strings, with paging and a query', async () => {
    const names = Object.keys(exampleFacts('x', 0)).sort();
    expect(await rows('/fact-names', { order_by: [{ field: 'name' }] })).toEqual(names);
    expect(await rows('/fact-names', { query: ['~', 'name', '^o'] })).toEqual(['os']);
    const page = await get('/fact-names', {
      order_by: [{ field: 'name', order: 'desc' }],
      limit: 2,
      include_total: true,
    });
    expect(page.json()).toEqual(['uptime_seconds', 'processorcount']);
    expect(page.headers.get('x-records')).toBe(String(names.length));
    const bad = await get('/fact-names', { order_by: [{ field: 'certname' }] });
    expect(bad.text).toBe(
      "Unrecognized column 'certname' specified in :order_by; Supported columns are 'name'",
    );
  });

  it('answers a catalog with its resources and edges, as pypuppetdb reads them', async () => {
    const res = await get('/catalogs/web1.example.com');
    expect(res.status).toBe(200);
    const catalog = res.json() as Obj & {
      resources: { href: string; data: Obj[] };
      edges: { href: string; data: Obj[] };
    };
    expect(Object.keys(catalog)).toEqual([
      'catalog_uuid',
      'producer',
      'hash',
      'transaction_uuid',
      'producer_timestamp',
      'environment',
      'code_id',
      'version',
      'resources',
      'certname',
      'edges',
      'job_id',
    ]);
    expect(catalog).toMatchObject({ certname: 'web1.example.com', environment: 'production', code_id: null });
    expect(catalog.resources.href).toBe('/pdb/query/v4/catalogs/web1.example.com/resources');
    expect(catalog.edges.href).toBe('/pdb/query/v4/catalogs/web1.example.com/edges');
    const plain = await rows('/resources', { query: ['=', 'certname', 'web1.example.com'] });
    expect(catalog.resources.data).toHaveLength(plain.length);
    const sshkey = catalog.resources.data.find((r) => r.type === 'Sshkey')!;
    const expected = plain.find((r) => r.type === 'Sshkey')!;
    expect(Object.keys(sshkey)).toEqual([
      'resource',
      'type',
      'title',
      'tags',
      'exported',
      'file',
      'line',
      'parameters',
    ]);
    expect(sshkey).toEqual({
      resource: expected.resource,
      type: 'Sshkey',
      title: 'web1.example.com',
      tags: expected.tags,
      exported: true,
      file: expected.file,
      line: expected.line,
      parameters: expected.parameters,
    });
    expect(catalog.edges.data.length).toBeGreaterThan(0);
    for (const edge of catalog.edges.data) {
      expect(Object.keys(edge)).toEqual([
        'source_type',
        'source_title',
        'target_type',
        'target_title',
        'relationship',
      ]);
    }
    const missing = await get('/catalogs/nope.example.com');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: 'No information is known about catalog nope.example.com' });
    expect((await get('/catalogs/mon1.example.com')).status).toBe(200);
  });

  it('lists catalogs of active nodes, filtered and paged', async () => {
    const all = await rows('/catalogs', { order_by: [{ field: 'certname' }] });
    expect(all.map((c) => c.certname)).toEqual(ACTIVE);
    const staging = await rows('/catalogs', { query: ['=', 'environment', 'staging'] });
    expect(staging.map((c) => c.certname)).toEqual(['web2.example.com']);
    const total = await get('/catalogs', {
      limit: 1,
      include_total: true,
      order_by: [{ field: 'certname', order: 'desc' }],
    });
    expect((total.json() as Obj[]).map((c) => c.certname)).toEqual(['web2.example.com']);
    expect(total.headers.get('x-records')).toBe('3');
  });

  it('lists environments and answers one by name', async () => {
    expect(await rows('/environments', { order_by: [{ field: 'name' }] })).toEqual([
      { name: 'production' },
      { name: 'staging' },
    ]);
    expect((await get('/environments/staging')).json()).toEqual({ name: 'staging' });
    expect((await get('/environments/nope')).status).toBe(404);
  });
});
