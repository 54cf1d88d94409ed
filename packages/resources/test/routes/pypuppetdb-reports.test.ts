/**
 * pypuppetdb's report methods against the service over real HTTP, fed with Puppet-shaped reports
 * through the command API: `reports()`, `events()`, `event_counts()`, `aggregate_event_counts()`,
 * `node(x).reports()` and `nodes(with_status=True)` (puppetboard's overview call: event-counts by
 * certname over `latest_report?`). Runs with Debian's pypuppetdb 2.2 (PYPUPPETDB_PYTHON) and, when
 * the puppetboard test environment is set up, its pypuppetdb 3.2 (PUPPETBOARD_PYTHON).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { feedExampleFleet } from '../support/routes/example-fleet.js';
import { feedReports } from '../support/routes/report-fleet.js';

const SCRIPT = `
import json, sys
from pypuppetdb import connect
from pypuppetdb.QueryBuilder import AndOperator, EqualsOperator
db = connect(host="127.0.0.1", port=int(sys.argv[1]))
out = {}
reports = list(db.reports(query=EqualsOperator("certname", "web2.example.com"), order_by='[{"field":"end_time","order":"desc"}]', limit=5, include_total=True))
out["total"] = db.total
out["reports"] = [[r.node, r.status, r.hash_, r.version, r.environment, len(list(r.events())), len(r.metrics), len(r.logs)] for r in reports]
hash_ = reports[0].hash_
out["events"] = sorted([e.node, e.status, e.item["type"], e.item["title"], e.item["property"], e.item["new"], e.item["class"], e.item["execution_path"], e.hash_ == hash_]
                       for e in db.events(query=EqualsOperator("report", hash_)))
out["counts"] = sorted([c["subject"]["title"], c["failures"], c["successes"], c["noops"], c["skips"]]
                       for c in db.event_counts(summarize_by="certname", query=EqualsOperator("latest_report?", True)))
out["failing"] = [c["subject"] for c in db.event_counts(summarize_by="resource", count_filter='[">", "failures", 0]')]
out["aggregate"] = db.aggregate_event_counts(summarize_by="containing_class", query=EqualsOperator("latest_report?", True))
out["node_reports"] = sorted(r.status for r in db.node("web1.example.com").reports())
out["nodes"] = sorted([n.name, n.status, n.events and [n.events["successes"], n.events["failures"], n.events["noops"]], n.report_timestamp is not None]
                      for n in db.nodes(with_status=True))
print(json.dumps(out, default=str))
`;

import { pypuppetdbPython, runPypuppetdb } from '../support/pypuppetdb.js';

/** The Python interpreters with a pypuppetdb to test: Debian's 2.2 always, puppetboard's 3.2 when set up. */
function pythons(): [string, string][] {
  const list: [string, string][] = [['pypuppetdb 2.2 (Debian)', pypuppetdbPython()]];
  if (process.env.PUPPETBOARD_PYTHON)
    list.push(['pypuppetdb 3.2 (puppetboard)', process.env.PUPPETBOARD_PYTHON]);
  return list;
}

describe.each(pythons())('%s reads reports', (_name, python) => {
  let h: TestApp;
  let port: number;
  const now = Date.now();
  const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();

  beforeAll(async () => {
    h = await buildTestApp('sqlite');
    await feedExampleFleet(h.app, now);
    await feedReports(h.app, [
      { certname: 'web1.example.com', at: at(-3600), status: 'failed' },
      { certname: 'web1.example.com', at: at(-60), status: 'changed' },
      { certname: 'web2.example.com', at: at(-50), status: 'failed', environment: 'staging' },
      { certname: 'db1.example.com', at: at(-40), status: 'unchanged' },
    ]);
    port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads reports, events, event counts and nodes with their status', async () => {
    const out = await runPypuppetdb(python, SCRIPT, port);
    expect(out.reports).toHaveLength(1);
    expect(out.reports[0].slice(0, 2)).toEqual(['web2.example.com', 'failed']);
    expect(out.reports[0].slice(4)).toEqual(['staging', 3, 4, 2]);
    expect(out.total).toBe(1);
    expect(out.events).toEqual([
      [
        'web2.example.com',
        'failure',
        'Service',
        'ntp',
        'ensure',
        'running',
        'Ntp::Service',
        ['Stage[main]', 'Ntp::Service', 'Service[ntp]'],
        true,
      ],
      [
        'web2.example.com',
        'noop',
        'Package',
        'vim',
        'ensure',
        'present',
        'Main',
        ['Stage[main]', 'Main', 'Package[vim]'],
        true,
      ],
      [
        'web2.example.com',
        'success',
        'File',
        '/etc/motd',
        'content',
        '{md5}4c7f0a1e2b3d',
        'Motd',
        ['Stage[main]', 'Motd', 'File[/etc/motd]'],
        true,
      ],
    ]);
    expect(out.counts).toEqual([
      ['db1.example.com', 0, 1, 1, 1],
      ['web1.example.com', 0, 1, 1, 1],
      ['web2.example.com', 1, 1, 1, 0],
    ]);
    expect(out.failing).toEqual([{ type: 'Service', title: 'ntp' }]);
    expect(out.aggregate).toEqual([
      { summarize_by: 'containing_class', failures: 1, skips: 1, successes: 1, noops: 1, total: 3 },
    ]);
    // The report fed by the example fleet (changed) besides these two.
    expect(out.node_reports).toEqual(['changed', 'changed', 'failed']);
    expect(out.nodes).toEqual([
      ['db1.example.com', 'unchanged', [1, 0, 1], true],
      ['web1.example.com', 'changed', [1, 0, 1], true],
      ['web2.example.com', 'failed', [1, 1, 1], true],
    ]);
  });
});
