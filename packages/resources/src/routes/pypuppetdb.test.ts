/**
 * The reference's own client, pypuppetdb (Debian python3-pypuppetdb), against our service over
 * real HTTP: it must work unchanged. Needs PYPUPPETDB_PYTHON from scripts/setup/15-pypuppetdb.sh.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryServer, startQueryServer } from './test-support/query-server.js';

const run = promisify(execFile);

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

function pythonPath(): string {
  const python = process.env.PYPUPPETDB_PYTHON;
  if (!python) {
    throw new Error('PYPUPPETDB_PYTHON is not set: run `make test-setup` (scripts/setup/15-pypuppetdb.sh)');
  }
  return python;
}

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
    const { stdout } = await run(pythonPath(), ['-c', SCRIPT, String(port)], { timeout: 60_000 });
    const out = JSON.parse(stdout);
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
