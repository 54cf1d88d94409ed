/**
 * puppetboard 8.1.0, the dashboard Puppet users open, as a real child process against the service
 * over real HTTP, with the example fleet's catalogs, Facter's facts and Puppet agent reports fed
 * through the command API: every page of its menu answers 200 and shows the stored data (overview
 * with node status counts, nodes, a node with its reports, reports, a report with its events,
 * facts, inventory, catalogs, classes, radiator, metrics, the daily chart, and the query page with
 * each entity). Needs PUPPETBOARD_PYTHON (scripts/setup/17-puppetboard.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/commands/fixtures.js';
import { agentFacts, EXAMPLE_NODES, feedExampleFleet, sendCommand } from '../support/routes/example-fleet.js';
import { type Puppetboard, startPuppetboard } from '../support/routes/puppetboard.js';
import { feedReports } from '../support/routes/report-fleet.js';

/** Every page on: the query page, catalogs, classes, event numbers and the daily chart. */
const FLAGS = {
  ENABLE_QUERY: true,
  ENABLE_CATALOG: true,
  ENABLE_CLASS: true,
  WITH_EVENT_NUMBERS: true,
  DAILY_REPORTS_CHART_ENABLED: true,
  LOCALISE_TIMESTAMP: false,
  OFFLINE_MODE: true,
};

/**
 * An agent report per active node, newer than the example fleet's own report of web1: db1 failed,
 * web1 changed, web2 unchanged.
 */
async function sendReports(h: TestApp): Promise<void> {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await feedReports(h.app, [
    { certname: 'db1.example.com', at: at(3), status: 'failed' },
    { certname: 'web1.example.com', at: at(2), status: 'changed' },
    { certname: 'web2.example.com', at: at(1), status: 'unchanged', environment: 'staging' },
  ]);
}

/** Facter's facts for the active example nodes, newer than the example facts (mon1 stays deactivated). */
async function sendAgentFacts(h: TestApp): Promise<void> {
  for (const [index, certname] of EXAMPLE_NODES.entries()) {
    if (certname === 'mon1.example.com') continue;
    const node = await h.app.inject({ url: `/pdb/query/v4/nodes/${certname}` });
    await sendCommand(h.app, 'replace_facts', 5, certname, {
      certname,
      environment: node.json<{ catalog_environment: string }>().catalog_environment,
      producer_timestamp: new Date().toISOString(),
      producer: 'puppet.example.com',
      values: agentFacts(certname, index),
    });
  }
}

describe('puppetboard 8.1.0 against the service', () => {
  let h: TestApp;
  let board: Puppetboard;

  beforeAll(async () => {
    h = await buildTestApp('sqlite', { metricsV2: true });
    await feedExampleFleet(h.app, Date.now());
    await sendAgentFacts(h);
    await sendReports(h);
    const base = await h.app.listen({ host: '127.0.0.1', port: 0 });
    board = await startPuppetboard(base, FLAGS);
  }, 90_000);
  afterAll(async () => {
    await board?.stop();
    await h?.close();
  });

  /** The page at `path`: 200, and it names every one of `expected`. */
  async function shows(path: string, expected: readonly string[]) {
    const { status, text } = await board.page(path);
    expect(status, `${path}: ${text.slice(0, 500)}\n${board.output().slice(-2000)}`).toBe(200);
    for (const part of expected) expect(text, `${path} shows ${part}`).toContain(part);
    return text;
  }

  it('shows the overview of an environment and of all of them, with node status counts', async () => {
    const overview = await shows('/', ['web1.example.com', 'db1.example.com']);
    // The failed node is listed among the nodes needing attention.
    expect(overview).toMatch(/failed/i);
    // All environments: the nodes needing attention, counted through the Jolokia metrics.
    const all = await shows('/*/', ['db1.example.com', 'web1.example.com']);
    expect(all).not.toContain('Internal Server Error');
  });

  it('lists nodes and shows a node with its facts and reports', async () => {
    await shows('/nodes', ['web1.example.com', 'db1.example.com', 'failed', 'changed']);
    await shows('/node/web1.example.com', ['web1.example.com']);
    await shows('/node/web1.example.com/facts/json', ['kernel', 'Linux', 'processorcount']);
    await shows('/reports/web1.example.com/json', [await latestReport('web1.example.com')]);
  });

  /** The node's latest report hash, as the service knows it. */
  async function latestReport(certname: string): Promise<string> {
    const node = await h.app.inject({ url: `/pdb/query/v4/nodes/${certname}` });
    return node.json<{ latest_report_hash: string }>().latest_report_hash;
  }

  it('lists reports and shows one with its events', async () => {
    await shows('/reports', ['Reports']);
    await shows('/reports/json', ['web1.example.com', 'db1.example.com']);
    const hash = await latestReport('web1.example.com');
    await shows(`/report/web1.example.com/${hash}`, [hash, '/etc/motd', 'content']);
  });

  it('shows the radiator, the failures and the daily chart', async () => {
    await shows('/radiator', ['failed']);
    await shows('/failures', ['db1.example.com']);
    const chart = await shows('/daily_reports_chart.json', ['"result"']);
    const days = JSON.parse(chart).result as { failed: number; changed: number }[];
    const today = days.at(-1)!;
    // web1 reported twice today: the example fleet's report and this test's.
    expect([today.failed, today.changed]).toEqual([1, 2]);
  });

  it('lists facts and shows one fact with its values', async () => {
    await shows('/facts', ['kernel', 'processorcount', 'os']);
    await shows('/fact/kernel', ['kernel']);
    await shows('/fact/kernel/json', ['Linux', 'web1.example.com']);
    await shows('/fact/os/json', ['Debian']);
  });

  it('shows the inventory', async () => {
    await shows('/inventory', ['Inventory']);
    await shows('/inventory/json', [
      'web1.example.com',
      '10.0.0.3',
      'Debian',
      'amd64',
      '6.1.0-18-amd64',
      '7.23.0',
    ]);
  });

  it('lists catalogs and shows one', async () => {
    await shows('/catalogs', ['Catalogs']);
    await shows('/catalogs/json', ['web1.example.com', 'db1.example.com']);
    await shows('/catalog/web1.example.com', ['web1.example.com', 'Class[Nginx::Service]']);
  });

  // puppetboard finds classes in the events of the nodes' latest reports.
  it("lists classes from the latest reports' events", async () => {
    await shows('/classes', ['Classes']);
    await shows('/classes/json', ['Motd']);
  });

  it('lists the metrics and shows one', async () => {
    await shows('/metrics', ['puppetlabs.puppetdb.population:name=num-nodes']);
    await shows('/metric/puppetlabs.puppetdb.population:name=num-nodes', ['Value']);
  });

  const QUERIES: readonly [endpoint: string, query: string, expected: string][] = [
    ['pql', 'inventory[certname] { facts.os.family = "Debian" }', 'web1.example.com'],
    ['nodes', '["=", "certname", "web1.example.com"]', 'web1.example.com'],
    ['resources', '["=", "type", "Service"]', 'Service'],
    ['facts', '["=", "name", "kernel"]', 'Linux'],
    ['factsets', '["=", "certname", "db1.example.com"]', 'processorcount'],
    ['fact-paths', '["=", "type", "integer"]', 'uptime_seconds'],
    ['fact-contents', '["=", "path", ["os", "family"]]', 'Debian'],
    ['catalogs', '["=", "certname", "web1.example.com"]', 'web1.example.com'],
    ['edges', '["=", "relationship", "contains"]', 'contains'],
    ['environments', '["=", "name", "staging"]', 'staging'],
    ['reports', '["=", "certname", "db1.example.com"]', 'failed'],
    ['events', '["=", "resource_type", "File"]', '/etc/motd'],
  ];

  it.each(QUERIES)('answers the query page for %s', async (endpoint, query, expected) => {
    const form = await shows('/query', ['csrf_token']);
    const token = /id="csrf_token" name="csrf_token" type="hidden" value="([^"]+)"/.exec(form)?.[1];
    expect(token).toBeDefined();
    const { status, text } = await board.page('/query', { csrf_token: token!, endpoints: endpoint, query });
    expect(status, text.slice(0, 500)).toBe(200);
    expect(text).not.toContain('id="invalid_query"');
    expect(text).toContain(expected);
  });
});
