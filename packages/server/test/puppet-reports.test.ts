/**
 * Puppet's own report processor (`reports = puppetdb`, Debian `puppet-terminus-puppetdb`) sends
 * `puppet apply`'s report to the service over TLS with a client certificate: the report is stored
 * with its events, logs and metrics, readable from /reports, /reports/<hash>/events, /events and
 * /event-counts, and the node shows it as its latest. Needs PUPPET_BIN.
 */
import { join } from 'node:path';
import '@gatehouse/resources'; // app.gatehouseResources
import { describe, expect, it, vi } from 'vitest';
import { useApps } from './support/app.js';
import { createCA, httpsCall } from './support/pki.js';
import { puppetApply, puppetErrors } from './support/puppet.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

type Obj = Record<string, unknown>;

describe('Puppet reports stored through the PuppetDB report processor', () => {
  it('stores a puppet apply report with its events, logs and metrics, and shows it on the node', async () => {
    const dir = tempDir();
    const ca = createCA(dir);
    const server = ca.server();
    const certname = 'reporter.example.com';
    const { url } = await start({
      tls: { cert: server.cert, key: server.key, ca: ca.caFile, clientCerts: 'optional' },
      access: { commands: { certificates: [certname] }, queries: ['loopback'] },
    });
    const target = join(dir, 'motd');
    const manifest = `file { '${target}': content => "hello\\n" }\nnotify { 'reported run': }\n`;
    const run = await puppetApply(dir, ca, certname, ca.client(certname), url, manifest, { reports: true });
    expect(puppetErrors(run.output)).toEqual([]);
    expect(run.code).toBe(0);

    const query = async (path: string, params: Record<string, unknown> = {}) => {
      const search = new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      );
      const answer = await httpsCall(`${url}/pdb/query/v4${path}?${search}`, { ca: ca.caFile });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body) as Obj[];
    };
    // The report is acknowledged once queued: wait for it to be applied, bounded.
    const reports = await vi.waitFor(
      async () => {
        const found = await query('/reports', { query: ['=', 'certname', certname] });
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 20_000, interval: 200 },
    );
    const report = reports[0]!;
    expect(report).toMatchObject({ certname, status: 'changed', noop: false, type: 'agent' });
    expect(String(report.puppet_version)).toMatch(/^7\./);
    const hash = String(report.hash);
    const events = await query(`/reports/${hash}/events`);
    expect(events.map((e) => [e.resource_type, e.resource_title, e.status]).sort()).toEqual([
      ['File', target, 'success'],
      ['Notify', 'reported run', 'success'],
    ]);
    const metrics = (report.metrics as { data: Obj[] }).data;
    expect(metrics).toContainEqual(
      expect.objectContaining({ category: 'events', name: 'success', value: 2 }),
    );
    const logs = (report.logs as { data: Obj[] }).data;
    expect(logs.some((l) => l.message === 'reported run')).toBe(true);
    const [node] = await query('/nodes', { query: ['=', 'certname', certname] });
    expect(node).toMatchObject({ latest_report_status: 'changed', latest_report_hash: hash });
    const counts = await query('/event-counts', {
      query: ['=', 'latest_report?', true],
      summarize_by: 'certname',
    });
    expect(counts).toEqual([
      {
        failures: 0,
        skips: 0,
        successes: 2,
        noops: 0,
        subject_type: 'certname',
        subject: { title: certname },
      },
    ]);
  });
});
