/**
 * The entities added over facts and catalogs already received, over real HTTP and fed through
 * the command API: factsets, inventory (with `facts.<path>` and `trusted.<path>`), fact-contents,
 * fact-paths, edges, producers and the nested routes, with paging, error texts and node state.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_NODES } from '../support/routes/example-fleet.js';
import { exampleServer, type Obj } from '../support/routes/example-server.js';
import { DIALECTS } from '../support/store/test-stores.js';

const ACTIVE = EXAMPLE_NODES.filter((n) => n !== 'mon1.example.com');
const byCertname = [{ field: 'certname' }];

describe.each(DIALECTS)('fact, edge and producer entities on %s', (dialect) => {
  const { get, rows } = exampleServer(dialect, Date.now());

  it('answers factsets with PuppetDB keys and nested facts', async () => {
    const sets = await rows('/factsets', { order_by: byCertname });
    expect(sets.map((s) => s.certname)).toEqual(ACTIVE);
    const web1 = sets.find((s) => s.certname === 'web1.example.com')!;
    expect(Object.keys(web1)).toEqual([
      'timestamp',
      'facts',
      'certname',
      'hash',
      'producer_timestamp',
      'producer',
      'environment',
    ]);
    expect(web1.producer).toBe('puppet.example.com');
    expect(web1.hash).toMatch(/^[0-9a-f]{40}$/);
    const facts = web1.facts as { data: Obj[]; href: string };
    expect(facts.href).toBe('/pdb/query/v4/factsets/web1.example.com/facts');
    expect(facts.data.find((f) => f.name === 'os')?.value).toEqual({
      family: 'Debian',
      release: { major: '12', full: '12.5' },
    });
    expect(facts.data.find((f) => f.name === 'nothing')).toEqual({ name: 'nothing', value: null });
  });

  it('answers one factset, its facts, and 404 for an unknown node', async () => {
    const one = (await get('/factsets/db1.example.com')).json() as Obj;
    expect(one.certname).toBe('db1.example.com');
    // As PuppetDB 7.12.1 answers it: the factset, as an array of one.
    const facts = await rows('/factsets/db1.example.com/facts');
    expect(facts).toEqual([one]);
    const missing = await get('/factsets/nope.example.com');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: 'No information is known about factset nope.example.com' });
  });

  it('filters factsets by producer and timestamps, with include_total and paging', async () => {
    const res = await get('/factsets', {
      query: [
        'and',
        ['=', 'producer', 'puppet.example.com'],
        ['>', 'producer_timestamp', '2000-01-01T00:00:00Z'],
      ],
      order_by: [{ field: 'certname', order: 'desc' }],
      limit: 2,
      include_total: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('x-records')).toBe(String(ACTIVE.length));
    expect((res.json() as Obj[]).map((s) => s.certname)).toEqual([...ACTIVE].reverse().slice(0, 2));
    const bad = await get('/factsets', { query: ['=', 'nope', 1] });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^'nope' is not a queryable object for factsets\. Known queryable objects are/);
  });

  it('answers inventory with facts as an object and trusted beside it', async () => {
    const inventory = await rows('/inventory', { order_by: byCertname });
    expect(inventory.map((i) => i.certname)).toEqual(ACTIVE);
    const db1 = inventory[0]!;
    expect(Object.keys(db1)).toEqual(['certname', 'timestamp', 'environment', 'facts', 'trusted']);
    expect((db1.facts as Obj).os).toEqual({ family: 'Debian', release: { major: '12', full: '12.5' } });
    expect((db1.facts as Obj).processorcount).toBe(2);
    expect(db1.trusted).toBeNull();
  });

  it('filters inventory by facts.<path> with =, ~, inequalities and null?', async () => {
    const certnames = async (query: unknown) =>
      (await rows('/inventory', { query, order_by: byCertname })).map((i) => i.certname);
    expect(await certnames(['=', 'facts.os.release.major', '12'])).toEqual(ACTIVE);
    expect(await certnames(['=', 'facts.processorcount', 3])).toEqual(
      ['mon1.example.com'].filter(() => false),
    );
    expect(await certnames(['>=', 'facts.processorcount', 4])).toEqual([
      'web1.example.com',
      'web2.example.com',
    ]);
    expect(await certnames(['~', 'facts.fqdn', '^web'])).toEqual(['web1.example.com', 'web2.example.com']);
    expect(await certnames(['=', 'facts.is_virtual', true])).toEqual(['db1.example.com', 'web1.example.com']);
    expect(await certnames(['null?', 'facts.os.nope', true])).toEqual([]);
    expect(await certnames(['null?', 'facts.nothing', true])).toEqual(ACTIVE);
    expect(await certnames(['null?', 'facts.os.family', false])).toEqual(ACTIVE);
    expect(await certnames(['null?', 'trusted.certname', false])).toEqual([]);
    const extract = await rows('/inventory', {
      query: ['extract', ['certname', 'facts.os.family'], ['=', 'certname', 'db1.example.com']],
    });
    expect(extract).toEqual([{ certname: 'db1.example.com', 'facts.os.family': 'Debian' }]);
    const whole = await rows('/inventory', {
      query: ['extract', ['facts', 'trusted'], ['=', 'certname', 'db1.example.com']],
    });
    expect((whole[0]!.facts as Obj).kernel).toBe('Linux');
    expect(whole[0]!.trusted).toBeNull();
    const nested = await rows('', { query: 'factsets[certname, facts] { certname = "db1.example.com" }' });
    expect((nested[0]!.facts as { href: string }).href).toBe('/pdb/query/v4/factsets/db1.example.com/facts');
    const bad = await get('/resources', { query: ['=', 'facts.os', 'x'] });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^'facts\.os' is not a queryable object for resources/);
  });

  it('answers fact-contents leaf by leaf, by path with = and ~>', async () => {
    const leaves = await rows('/fact-contents', {
      query: ['and', ['=', 'certname', 'db1.example.com'], ['=', 'name', 'os']],
      order_by: [{ field: 'certname' }],
    });
    const byPath = Object.fromEntries(leaves.map((l) => [JSON.stringify(l.path), l.value]));
    expect(byPath).toEqual({
      '["os","family"]': 'Debian',
      '["os","release","full"]': '12.5',
      '["os","release","major"]': '12',
    });
    expect(Object.keys(leaves[0]!)).toEqual(['certname', 'environment', 'path', 'name', 'value']);
    const mounts = await rows('/fact-contents', {
      query: ['and', ['=', 'path', ['mountpoints', 1]], ['=', 'certname', 'web1.example.com']],
    });
    expect(mounts).toEqual([
      {
        certname: 'web1.example.com',
        environment: 'production',
        path: ['mountpoints', 1],
        name: 'mountpoints',
        value: '/boot',
      },
    ]);
    const several = await rows('/fact-contents', {
      query: [
        'and',
        ['in', 'path', ['array', [['os', 'family'], ['kernel']]]],
        ['=', 'certname', 'db1.example.com'],
      ],
    });
    expect(several.map((r) => r.value).sort()).toEqual(['Debian', 'Linux']);
    const notPath = await get('/fact-contents', { query: ['in', 'name', ['array', [['os']]]] });
    expect(notPath.text).toBe('Argument "["os"]" is incompatible with string field "name".');
    const regex = await rows('/fact-contents', {
      query: ['and', ['~>', 'path', ['os', 'rel.*', 'maj.*']], ['=', 'certname', 'db1.example.com']],
    });
    expect(regex.map((r) => r.value)).toEqual(['12']);
    const numbers = await rows('/fact-contents', { query: ['>', 'value', 3], order_by: byCertname });
    expect(numbers.length).toBeGreaterThan(0);
    const bad = await get('/fact-contents', { query: ['~', 'path', 'os'] });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Query operator ~ is not allowed on field path');
    const unknown = await get('/fact-contents', { query: ['=', 'nope', 1] });
    expect(unknown.text).toMatch(/^'nope' is not a queryable object for fact_nodes\. /);
    const order = await get('/fact-contents', { order_by: [{ field: 'nope' }] });
    expect(order.text).toBe(
      "Unrecognized column 'nope' specified in :order_by; Supported columns are 'certname', 'environment', 'path', 'name', 'value'",
    );
  });

  it('answers fact-paths with their types, for every node', async () => {
    const paths = await rows('/fact-paths', { query: ['~>', 'path', ['os', '.*', '.*']] });
    expect(paths).toEqual(
      expect.arrayContaining([
        { type: 'string', path: ['os', 'release', 'full'], name: 'os' },
        { type: 'string', path: ['os', 'release', 'major'], name: 'os' },
      ]),
    );
    const integers = await rows('/fact-paths', {
      query: ['=', 'type', 'integer'],
      order_by: [{ field: 'name' }],
    });
    expect(integers).toEqual([
      { type: 'integer', path: ['processorcount'], name: 'processorcount' },
      { type: 'integer', path: ['uptime_seconds'], name: 'uptime_seconds' },
    ]);
    expect(await rows('/fact-paths', { query: ['=', 'type', 'null'] })).toEqual([
      { type: 'null', path: ['nothing'], name: 'nothing' },
    ]);
    const deep = await rows('/fact-paths', { order_by: [{ field: 'depth', order: 'desc' }], limit: 1 });
    expect(deep[0]!.path).toHaveLength(3);
  });

  it('answers edges of active nodes and of one catalog', async () => {
    const edges = await rows('/edges', { query: ['=', 'relationship', 'contains'], order_by: byCertname });
    expect(edges.length).toBeGreaterThan(0);
    expect(Object.keys(edges[0]!)).toEqual([
      'certname',
      'relationship',
      'source_title',
      'source_type',
      'target_title',
      'target_type',
    ]);
    expect(new Set(edges.map((e) => e.certname))).not.toContain('mon1.example.com');
    const web1 = await rows('/catalogs/web1.example.com/edges');
    expect(web1.every((e) => e.certname === 'web1.example.com')).toBe(true);
    const catalog = (await get('/catalogs/web1.example.com')).json() as { edges: { data: unknown[] } };
    expect(web1.length).toBe(catalog.edges.data.length);
  });

  it('answers producers and their catalogs and factsets', async () => {
    expect(await rows('/producers')).toEqual([{ name: 'puppet.example.com' }]);
    expect((await get('/producers/puppet.example.com')).json()).toEqual({ name: 'puppet.example.com' });
    expect((await get('/producers/nope')).status).toBe(404);
    const sets = await rows('/producers/puppet.example.com/factsets', { order_by: byCertname });
    expect(sets.map((s) => s.certname)).toEqual(ACTIVE);
  });

  it('answers every new entity at the root endpoint, in AST and PQL', async () => {
    const root = (query: unknown) => rows('', { query });
    expect(await root(['from', 'producers'])).toEqual([{ name: 'puppet.example.com' }]);
    const pql = await root(
      'inventory[certname] { facts.os.family = "Debian" and certname ~ "^web" order by certname }',
    );
    expect(pql).toEqual([{ certname: 'web1.example.com' }, { certname: 'web2.example.com' }]);
    for (const entity of ['factsets', 'inventory', 'fact_contents', 'fact_paths', 'edges', 'producers']) {
      const res = await get('', { query: `${entity} { limit 1 }` });
      expect(res.status, `${entity}: ${res.text}`).toBe(200);
      expect(res.json()).toHaveLength(1);
    }
    const sub = await root([
      'from',
      'nodes',
      [
        'in',
        'certname',
        ['from', 'fact_contents', ['extract', ['certname'], ['=', 'path', ['processorcount']]]],
      ],
    ]);
    expect(sub).toHaveLength(ACTIVE.length);
    const implicit = await root(
      'facts[certname] { name = "kernel" and fact_contents { path ~> ["kernel"] } order by certname }',
    );
    expect(implicit.map((f) => f.certname)).toEqual(ACTIVE);
  });

  it('shows deactivated nodes only when node_state asks for them', async () => {
    for (const path of ['/factsets', '/inventory', '/fact-contents', '/edges']) {
      const all = await rows(path, { query: ['=', 'node_state', 'any'] });
      expect(
        all.some((r) => r.certname === 'mon1.example.com'),
        path,
      ).toBe(true);
      const active = await rows(path);
      expect(
        active.some((r) => r.certname === 'mon1.example.com'),
        path,
      ).toBe(false);
    }
  });

  it("answers an environment's facts", async () => {
    const facts = await rows('/environments/production/facts/kernel', { order_by: byCertname });
    expect(facts.map((f) => f.certname)).toEqual(ACTIVE.filter((n) => n !== 'web2.example.com'));
    expect((await get('/environments/nope/facts')).status).toBe(404);
  });
});
