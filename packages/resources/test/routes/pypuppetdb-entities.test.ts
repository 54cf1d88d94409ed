/**
 * pypuppetdb 2.2 (Debian, PYPUPPETDB_PYTHON) and 3.2 (PyPI, in puppetboard's environment,
 * PUPPETBOARD_PYTHON) on the entities added over facts and catalogs, over real HTTP: factsets(),
 * inventory(), fact_contents(), fact_paths(), edges(), metric() and PQL `inventory[...]`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { feedExampleFleet } from '../support/routes/example-fleet.js';

const SCRIPT = `
import json, sys
from pypuppetdb import connect
from pypuppetdb.QueryBuilder import EqualsOperator
db = connect(host="127.0.0.1", port=int(sys.argv[1]))
out = {}
sets = db.factsets(query=EqualsOperator("certname", "db1.example.com"))
out["factsets"] = [[s["certname"], s["producer"], sorted(f["name"] for f in s["facts"]["data"])[:3]] for s in sets]
out["inventory"] = sorted([i.node, i.environment, i.facts["os"]["family"], i.time is not None]
                          for i in db.inventory(query=EqualsOperator("facts.processorcount", 4)))
out["fact_contents"] = sorted([c["certname"], c["path"], c["value"]]
                              for c in db.fact_contents(query='["=", "path", ["os", "release", "major"]]'))
out["fact_paths"] = sorted([p["path"], p["type"]] for p in db.fact_paths(query='["=", "type", "integer"]'))
web1_contains = '["and", ["=", "certname", "web1.example.com"], ["=", "relationship", "contains"]]'
try:
    edges = [[e.relationship, e.node] for e in db.edges(query=web1_contains)]
    out["edges_call"] = "edges()"
except TypeError:
    # pypuppetdb 2.2's edges() indexes self.resources, a method (its own bug): the same route, raw.
    edges = [[e["relationship"], e["certname"]] for e in db._query("edges", query=web1_contains)]
    out["edges_call"] = "_query"
out["edges"] = [len(edges), sorted({e[0] for e in edges}), all(e[1] == "web1.example.com" for e in edges)]
out["metric_list"] = sorted(db.metric().keys())
out["metric"] = db.metric("puppetlabs.puppetdb.population:name=num-nodes")
out["pql_inventory"] = db._query("pql", query='inventory[certname, facts.os.family] { facts.processorcount >= 4 order by certname }')
print(json.dumps(out))
`;

import { puppetboardPython, pypuppetdbPython, runPypuppetdb } from '../support/pypuppetdb.js';

const PYTHONS: readonly [label: string, python: () => string, edgesCall: string][] = [
  ['2.2 (Debian)', pypuppetdbPython, '_query'],
  ['3.2 (PyPI)', puppetboardPython, 'edges()'],
];

describe('pypuppetdb on factsets, inventory, fact contents and paths, edges and metrics', () => {
  let h: TestApp;
  let port: number;

  beforeAll(async () => {
    h = await buildTestApp('sqlite', { metricsV2: true });
    await feedExampleFleet(h.app, Date.now());
    port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(PYTHONS)('pypuppetdb %s reads every one of them', async (_label, python, edgesCall) => {
    const out = await runPypuppetdb(python(), SCRIPT, port);
    expect(out.factsets).toEqual([
      ['db1.example.com', 'puppet.example.com', ['dotted.name', 'empty', 'fqdn']],
    ]);
    expect(out.inventory).toEqual([['web1.example.com', 'production', 'Debian', true]]);
    expect(out.fact_contents).toEqual([
      ['db1.example.com', ['os', 'release', 'major'], '12'],
      ['web1.example.com', ['os', 'release', 'major'], '12'],
      ['web2.example.com', ['os', 'release', 'major'], '12'],
    ]);
    expect(out.fact_paths).toEqual([
      [['processorcount'], 'integer'],
      [['uptime_seconds'], 'integer'],
    ]);
    expect(out.edges_call).toBe(edgesCall);
    expect(out.edges[0]).toBeGreaterThan(0);
    expect(out.edges.slice(1)).toEqual([['contains'], true]);
    expect(out.metric_list).toEqual(['puppetlabs.puppetdb.mq', 'puppetlabs.puppetdb.population']);
    expect(out.metric).toEqual({ Value: 3 });
    expect(out.pql_inventory).toEqual([
      { certname: 'web1.example.com', 'facts.os.family': 'Debian' },
      { certname: 'web2.example.com', 'facts.os.family': 'Debian' },
    ]);
  });
});
