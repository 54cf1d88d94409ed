/**
 * The reference's own client, pypuppetdb (Debian python3-pypuppetdb), against our service over
 * real HTTP: it must work unchanged. Needs PYPUPPETDB_PYTHON from scripts/setup/15-pypuppetdb.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { feedExampleFleet } from '../support/routes/example-fleet.js';
import { type QueryServer, startQueryServer } from '../support/routes/query-server.js';

const SCRIPT = `
import json, sys
from pypuppetdb import connect
from pypuppetdb.QueryBuilder import AndOperator, EqualsOperator, RegexOperator, NotOperator
db = connect(host="127.0.0.1", port=int(sys.argv[1]))
out = {"version": db.current_version()}
out["files"] = sorted([r.node, r.name, r.type_] for r in db.resources("file"))
out["hosts"] = sorted(r.node for r in db.resources("file", "/etc/hosts"))
out["vhost"] = [[r.node, r.name, r.parameters, r.tags, r.exported, r.sourcefile, r.sourceline, r.environment]
                for r in db.resources("apache::vhost", "site")]
q = AndOperator(); q.add(EqualsOperator("type", "Nagios_host")); q.add(RegexOperator("title", "^web"))
n = NotOperator(); n.add(EqualsOperator("exported", False)); q.add(n)
page = list(db.resources(query=q, order_by='[{"field":"title"},{"field":"certname","order":"desc"}]',
                         limit=1, offset=1, include_total=True))
out["page"] = [r.name for r in page]
out["total"] = db.total
node = EqualsOperator("certname", "web1.example.com")
out["node"] = sorted(r.type_ + "[" + r.name + "]" for r in db.resources(query=node))
out["param"] = sorted(r.node for r in db.resources(query='["=", ["parameter", "ensure"], "installed"]'))
out["status"] = db.status()["state"]
try:
    list(db.resources(query='["<", "line", "10"]'))
    out["error"] = None
except Exception as e:
    out["error"] = [e.response.status_code, e.response.text]
print(json.dumps(out))
`;

describe('pypuppetdb, the reference client, against the service', () => {
  let server: QueryServer;
  let port: number;

  beforeAll(async () => {
    server = await startQueryServer('sqlite');
    port = Number(new URL(server.base).port);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('queries by type, title, query, paging with total, node filter and parameter', async () => {
    const out = await runPypuppetdb(pypuppetdbPython(), SCRIPT, port);
    expect(out.version).toBe('7.12.1');
    expect(out.files).toEqual([
      ['web1.example.com', '/etc/hosts', 'File'],
      ['web2.example.com', '/etc/hosts', 'File'],
    ]);
    expect(out.hosts).toEqual(['web1.example.com', 'web2.example.com']);
    expect(out.vhost).toEqual([
      [
        'web2.example.com',
        'site',
        { docroot: '/var/www', port: 80, ssl: false },
        ['apache', 'apache::vhost', 'web'],
        false,
        '/etc/puppet/web.pp',
        40,
        'staging',
      ],
    ]);
    expect(out.page).toEqual(['web2.example.com']);
    expect(out.total).toBe(2);
    expect(out.node).toEqual([
      'Class[main]',
      'File[/etc/hosts]',
      'Nagios_host[web1.example.com]',
      'Package[nginx]',
      'User[alice]',
    ]);
    expect(out.param).toEqual(['web1.example.com']);
    expect(out.status).toBe('running');
    expect(out.error).toEqual([400, 'Argument "10" and operator "<" have incompatible types.']);
  });
});

/**
 * Nodes, facts, catalogs and the root endpoint through pypuppetdb's own calls. Debian's 2.2.0 has
 * no `pql()` method (3.x added it); its `_query('pql', query=...)` sends the same request to the
 * same root endpoint (ENDPOINTS['pql'] = 'pdb/query/v4').
 */
const ENTITIES_SCRIPT = `
import json, sys
from pypuppetdb import connect
db = connect(host="127.0.0.1", port=int(sys.argv[1]))
out = {}
out["nodes"] = sorted(n.name for n in db.nodes())
web1 = db.node("web1.example.com")
out["node"] = [web1.name, web1.catalog_environment, web1.facts_environment, web1.report_environment,
               web1.latest_report_hash is not None, web1.deactivated, web1.expired,
               web1.report_timestamp is not None, web1.catalog_timestamp is not None]
out["node_facts"] = sorted([f.name, f.value] for f in web1.facts() if f.name in ("kernel", "processorcount", "os"))
out["node_fact"] = web1.fact("ipaddress").value
out["node_resources"] = sorted(r.type_ + "[" + r.name + "]" for r in web1.resources("sshkey"))
out["node_resource_count"] = len(list(web1.resources()))
out["facts"] = sorted([f.node, f.value, f.environment] for f in db.facts("kernel"))
out["fact_value"] = sorted(f.node for f in db.facts("ipaddress", "10.0.0.4"))
out["fact_names"] = db.fact_names()
cat = db.catalog("web1.example.com")
out["catalog"] = [cat.node, cat.version is not None, cat.environment, len(list(cat.get_resources())),
                  len(list(cat.get_edges()))]
sshkey = cat.get_resource("Sshkey", "web1.example.com")
out["catalog_resource"] = [sshkey.exported, sshkey.parameters["type"]]
out["pql_nodes"] = db._query("pql", query='nodes[certname] { certname ~ "web" order by certname }')
out["pql_facts"] = db._query("pql", query='facts[certname, value] { name = "processorcount" and value >= 4 order by certname }')
out["pql_resources"] = len(db._query("pql", query='resources { type = "Sshkey" }'))
out["pql_catalogs"] = [c["certname"] for c in db._query("pql", query='catalogs { certname = "db1.example.com" }')]
print(json.dumps(out))
`;

import { pypuppetdbPython, runPypuppetdb } from '../support/pypuppetdb.js';

describe('pypuppetdb on nodes, facts, catalogs and PQL', () => {
  let h: TestApp;
  let port: number;

  beforeAll(async () => {
    h = await buildTestApp('sqlite');
    await feedExampleFleet(h.app, Date.now());
    port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads nodes, a node, its facts and resources, facts by name and value, a catalog and PQL answers', async () => {
    const out = await runPypuppetdb(pypuppetdbPython(), ENTITIES_SCRIPT, port);
    expect(out.nodes).toEqual(['db1.example.com', 'web1.example.com', 'web2.example.com']);
    // pypuppetdb's Node turns a null deactivated or expired into false.
    expect(out.node).toEqual([
      'web1.example.com',
      'production',
      'production',
      'production',
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(out.node_facts).toEqual([
      ['kernel', 'Linux'],
      ['os', { family: 'Debian', release: { full: '12.5', major: '12' } }],
      ['processorcount', 4],
    ]);
    expect(out.node_fact).toBe('10.0.0.3');
    expect(out.node_resources).toEqual(['Sshkey[web1.example.com]']);
    expect(out.node_resource_count).toBeGreaterThan(10);
    expect(out.facts).toEqual([
      ['db1.example.com', 'Linux', 'production'],
      ['web1.example.com', 'Linux', 'production'],
      ['web2.example.com', 'Linux', 'staging'],
    ]);
    expect(out.fact_value).toEqual(['web2.example.com']);
    expect(out.fact_names).toContain('processorcount');
    expect(out.catalog[0]).toBe('web1.example.com');
    expect(out.catalog.slice(1, 3)).toEqual([true, 'production']);
    expect(out.catalog[3]).toBe(out.node_resource_count);
    expect(out.catalog[4]).toBeGreaterThan(0);
    expect(out.catalog_resource).toEqual([true, 'ssh-ed25519']);
    expect(out.pql_nodes).toEqual([{ certname: 'web1.example.com' }, { certname: 'web2.example.com' }]);
    expect(out.pql_facts).toEqual([
      { certname: 'web1.example.com', value: 4 },
      { certname: 'web2.example.com', value: 5 },
    ]);
    expect(out.pql_resources).toBe(3);
    expect(out.pql_catalogs).toEqual(['db1.example.com']);
  });
});
