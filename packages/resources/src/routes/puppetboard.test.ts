/**
 * puppetboard 8.1.0, the dashboard Puppet users open, as a real child process against the service
 * over real HTTP, with the example fleet's catalogs and facts fed through the command API: every
 * page of its menu answers 200 and shows the stored data (overview, nodes, a node, facts, inventory,
 * catalogs, classes, metrics, and the query page with each entity). Needs PUPPETBOARD_PYTHON
 * (scripts/setup/17-puppetboard.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../commands/test-support/fixtures.js';
import { agentFacts, EXAMPLE_NODES, feedExampleFleet, sendCommand } from './test-support/example-fleet.js';
import { type Puppetboard, startPuppetboard } from './test-support/puppetboard.js';

/** The pages that read reports or events stay off until the service stores reports. */
const FLAGS = {
  ENABLE_QUERY: true,
  ENABLE_CATALOG: true,
  ENABLE_CLASS: true,
  WITH_EVENT_NUMBERS: false,
  DAILY_REPORTS_CHART_ENABLED: false,
  LOCALISE_TIMESTAMP: false,
  OFFLINE_MODE: true,
};

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

  it('shows the overview of an environment and of all of them', async () => {
    await shows('/', ['web1.example.com', 'db1.example.com']);
    const all = await shows('/*/', ['web2.example.com']);
    // The all-environments overview reads num-nodes and num-resources from the Jolokia metrics.
    expect(all).not.toContain('Internal Server Error');
  });

  it('lists nodes and shows a node with its facts', async () => {
    await shows('/nodes', ['web1.example.com', 'db1.example.com']);
    await shows('/node/web1.example.com', ['web1.example.com']);
    await shows('/node/web1.example.com/facts/json', ['kernel', 'Linux', 'processorcount']);
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

  // puppetboard finds classes in the events of the latest reports; without reports the list is empty.
  it('answers the classes page', async () => {
    await shows('/classes', ['Classes']);
    await shows('/classes/json', ['"recordsTotal"']);
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
