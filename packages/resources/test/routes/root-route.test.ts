/**
 * The root query endpoint over real HTTP: `["from", entity, ...]` and PQL for every entity, paging
 * inside the query and as parameters, `ast_only`, and PuppetDB's error texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { feedExampleFleet } from '../support/routes/example-fleet.js';
import { DIALECTS } from '../support/store/test-stores.js';

type Obj = Record<string, unknown>;

describe.each(DIALECTS)('root query endpoint on %s', (dialect) => {
  let h: TestApp;
  let root: string;

  beforeAll(async () => {
    h = await buildTestApp(dialect);
    await feedExampleFleet(h.app, Date.now());
    root = `${await h.app.listen({ host: '127.0.0.1', port: 0 })}/pdb/query/v4`;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function get(query: unknown, params: Record<string, string> = {}) {
    const url = new URL(root);
    if (query !== undefined)
      url.searchParams.set('query', typeof query === 'string' ? query : JSON.stringify(query));
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url);
    return { status: res.status, text: await res.text(), headers: res.headers };
  }
  const rows = async (query: unknown, params: Record<string, string> = {}) => {
    const res = await get(query, params);
    expect(res.status, res.text).toBe(200);
    return JSON.parse(res.text) as Obj[];
  };

  it('answers ["from", entity, query, paging] for every entity', async () => {
    expect(
      await rows([
        'from',
        'nodes',
        ['extract', ['certname'], ['~', 'certname', 'web']],
        ['order_by', [['certname', 'desc']]],
        ['limit', 1],
      ]),
    ).toEqual([{ certname: 'web2.example.com' }]);
    const resources = await rows(['from', 'resources', ['=', 'type', 'Sshkey'], ['order_by', ['certname']]]);
    expect(resources.map((r) => r.certname)).toEqual([
      'db1.example.com',
      'web1.example.com',
      'web2.example.com',
    ]);
    expect(Object.keys(resources[0]!)).toHaveLength(10);
    const facts = await rows(['from', 'facts', ['and', ['=', 'name', 'processorcount'], ['>=', 'value', 4]]]);
    expect(facts.map((f) => f.value).sort()).toEqual([4, 5]);
    expect(await rows(['from', 'fact_names', ['~', 'name', '^o']])).toEqual(['os']);
    const catalogs = await rows(['from', 'catalogs', ['=', 'certname', 'db1.example.com']]);
    expect((catalogs[0]!.resources as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(await rows(['from', 'environments'], { order_by: '[{"field":"name"}]' })).toEqual([
      { name: 'production' },
      { name: 'staging' },
    ]);
  });

  it('answers PQL for resources, nodes, facts and catalogs', async () => {
    expect(await rows('nodes[certname] { certname ~ "web" order by certname desc limit 1 }')).toEqual([
      { certname: 'web2.example.com' },
    ]);
    expect(await rows('resources[certname, count()] { type = "Sshkey" group by certname }')).toHaveLength(3);
    expect(
      await rows(
        'facts[certname, value] { name = "kernel" and certname in nodes[certname] { certname ~ "web" } order by certname }',
      ),
    ).toEqual([
      { certname: 'web1.example.com', value: 'Linux' },
      { certname: 'web2.example.com', value: 'Linux' },
    ]);
    expect(
      await rows('facts[certname] { nodes { certname = "db1.example.com" } and name = "kernel" }'),
    ).toEqual([{ certname: 'db1.example.com' }]);
    const catalogs = await rows('catalogs { certname = "web1.example.com" }');
    expect(catalogs.map((c) => c.certname)).toEqual(['web1.example.com']);
    const exported = await rows(
      'resources[title] { exported = true and type = "Sshkey" and nodes { deactivated is null } order by title }',
    );
    expect(exported.map((r) => r.title)).toEqual(['db1.example.com', 'web1.example.com', 'web2.example.com']);
  });

  it("lets URL paging override the query's, and counts with include_total", async () => {
    const q = [
      'from',
      'nodes',
      ['extract', ['certname']],
      ['order_by', [['certname', 'desc']]],
      ['limit', 2],
    ];
    expect(await rows(q, { limit: '1' })).toEqual([{ certname: 'web2.example.com' }]);
    const res = await get(q, { include_total: 'true' });
    expect(JSON.parse(res.text)).toHaveLength(2);
    expect(res.headers.get('x-records')).toBe('3');
  });

  it('answers the AST with ast_only, PQL translated', async () => {
    const res = await get('nodes { certname = "x" limit 1 }', { ast_only: 'true' });
    expect(JSON.parse(res.text)).toEqual(['from', 'nodes', ['=', 'certname', 'x'], ['limit', 1]]);
  });

  it('accepts a POST with the query as JSON or as PQL text', async () => {
    const post = async (body: unknown) =>
      fetch(root, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const json = await post({ query: ['from', 'fact_names'], limit: 2, order_by: [{ field: 'name' }] });
    expect(await json.json()).toEqual(['dotted.name', 'empty']);
    const pql = await post({ query: 'nodes[certname] { certname = "db1.example.com" }' });
    expect(await pql.json()).toEqual([{ certname: 'db1.example.com' }]);
  });

  it('answers mistakes with PuppetDB texts', async () => {
    expect(await get(undefined)).toMatchObject({
      status: 400,
      text: "Missing required query parameter 'query'",
    });
    expect(await get(['=', 'certname', 'x'])).toMatchObject({
      status: 400,
      text: 'Your initial query must be of the form: ["from",<entity>,(<optional-query>)]. Check your query and try again.',
    });
    expect((await get('nodes { certname = }')).text).toMatch(/^PQL parse error at line 1, column 20:/);
    expect((await get(['from', 'nodes', ['=', 'foo', 1]])).text).toMatch(
      /^'foo' is not a queryable object for nodes\./,
    );
    expect((await get(['from', 'packages'])).text).toMatch(/^'packages' cannot be queried here/);
    expect((await get(['from', 'nodes', ['limit', 1], ['limit', 2]])).text).toBe(
      "Multiple 'limit' clauses are not permitted",
    );
    expect((await get(['from', 'nodes'], { ast_onl: 'true' })).text).toBe(
      "Unsupported query parameter 'ast_onl'",
    );
    expect((await fetch(`${root}/nodes?ast_only=true`)).status).toBe(400);
  });
});
