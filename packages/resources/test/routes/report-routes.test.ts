/**
 * Reports and events over real HTTP, fed through the command API on both databases: /reports with
 * its nested lists, /reports/<hash>/events|metrics|logs, /events, /event-counts and
 * /aggregate-event-counts, `latest_report?`, the default agent type, subqueries, PQL and paging.
 */
import { describe, expect, it } from 'vitest';
import { fedServer, type Obj } from '../support/routes/example-server.js';
import { feedReports } from '../support/routes/report-fleet.js';
import { DIALECTS } from '../support/store/test-stores.js';

describe.each(DIALECTS)('report routes on %s', (dialect) => {
  const now = Date.now();
  const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();
  const { get, rows } = fedServer(dialect, (app) =>
    feedReports(app, [
      { certname: 'web1.example.com', at: at(-3600), status: 'failed' },
      { certname: 'web1.example.com', at: at(-600), status: 'changed' },
      { certname: 'web2.example.com', at: at(-500), status: 'failed', environment: 'staging' },
      { certname: 'db1.example.com', at: at(-400), status: 'unchanged', noop: true },
      { certname: 'db1.example.com', at: at(-300), type: 'plan' },
    ]),
  );
  const byTime = { order_by: [{ field: 'producer_timestamp' }] };

  it('lists agent reports with nested events, metrics and logs', async () => {
    const reports = await rows('/reports', byTime);
    expect(reports.map((r) => [r.certname, r.status])).toEqual([
      ['web1.example.com', 'failed'],
      ['web1.example.com', 'changed'],
      ['web2.example.com', 'failed'],
      ['db1.example.com', 'unchanged'],
    ]);
    const report = reports[1]!;
    expect(Object.keys(report).join(' ')).toBe(
      'catalog_uuid receive_time producer hash transaction_uuid puppet_version noop corrective_change logs ' +
        'report_format start_time producer_timestamp type cached_catalog_status end_time resource_events status ' +
        'configuration_version environment code_id noop_pending certname metrics job_id',
    );
    expect(report).toMatchObject({ puppet_version: '7.23.0', report_format: 12, noop: false, type: 'agent' });
    expect(report.hash).toMatch(/^[0-9a-f]{40}$/);
    const events = report.resource_events as { data: Obj[]; href: string };
    expect(events.href).toBe(`/pdb/query/v4/reports/${report.hash}/events`);
    expect(events.data.map((e) => e.status)).toEqual(['success', 'noop', 'skipped']);
    expect(events.data[0]).toMatchObject({
      new_value: '{md5}4c7f0a1e2b3d',
      line: 3,
      containing_class: 'Motd',
    });
    expect(events.data[0]!.containment_path).toEqual(['Stage[main]', 'Motd', 'File[/etc/motd]']);
    const metrics = report.metrics as { data: Obj[]; href: string };
    expect(metrics.data).toContainEqual({ category: 'time', name: 'total', value: 7.52 });
    expect(metrics.href).toBe(`/pdb/query/v4/reports/${report.hash}/metrics`);
    expect((report.logs as { data: Obj[] }).data[1]).toMatchObject({ level: 'notice', line: 3 });
    expect(await rows('/reports', { query: ['=', 'type', 'plan'] })).toHaveLength(1);
  });

  it('answers a report’s events, metrics and logs by hash, 404 for an unknown hash', async () => {
    const [latest] = await rows('/reports', { query: ['=', 'certname', 'web2.example.com'] });
    const hash = latest!.hash as string;
    const events = await rows(`/reports/${hash}/events`, { order_by: [{ field: 'status' }] });
    expect(events.map((e) => e.status)).toEqual(['failure', 'noop', 'success']);
    expect(events[0]).toMatchObject({ report: hash, certname: 'web2.example.com', environment: 'staging' });
    // PuppetDB 7.12.1's keys, in its order.
    expect(Object.keys(events[0]!).join(' ')).toBe(
      'new_value report corrective_change run_start_time property name file old_value containing_class line ' +
        'resource_type status configuration_version resource_title environment timestamp run_end_time ' +
        'report_receive_time containment_path certname message',
    );
    expect(await rows(`/reports/${hash}/metrics`)).toHaveLength(4);
    expect((await rows(`/reports/${hash}/logs`))[0]).toMatchObject({ level: 'info', source: 'Puppet' });
    const missing = await get(`/reports/${'0'.repeat(40)}/metrics`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: `No information is known about report ${'0'.repeat(40)}` });
  });

  it('selects latest reports and events, and the nodes show their latest report', async () => {
    const latest = await rows('/reports', { query: ['=', 'latest_report?', true], ...byTime });
    expect(latest.map((r) => r.status)).toEqual(['changed', 'failed', 'unchanged']);
    const failures = await rows('/events', { query: ['=', 'status', 'failure'] });
    expect(failures.map((e) => e.certname).sort()).toEqual(['web1.example.com', 'web2.example.com']);
    const latestFailures = await rows('/events', {
      query: ['and', ['=', 'status', 'failure'], ['=', 'latest_report?', true]],
    });
    expect(latestFailures.map((e) => e.certname)).toEqual(['web2.example.com']);
    expect(await rows('/events', { query: ['=', 'new_value', 'running'] })).toHaveLength(2);
    expect(await rows('/events', { query: ['~', 'new_value', 'runn'] })).toHaveLength(2);
    expect((await get('/events', { query: ['=', 'new_value', 5] })).status).toBe(400);
    // The plan report's events count too: events know no report type, as in PuppetDB.
    expect(await rows('/events', { query: ['=', 'containment_path', 'Ntp::Service'] })).toHaveLength(5);
    const node = (await get('/nodes/web1.example.com')).json() as Obj;
    expect(node).toMatchObject({ latest_report_status: 'changed', latest_report_hash: latest[0]!.hash });
  });

  it('counts events per node with counts_filter, and aggregates them', async () => {
    const counts = await rows('/event-counts', {
      query: ['=', 'latest_report?', true],
      summarize_by: 'certname',
      order_by: [{ field: 'certname' }],
    });
    expect(counts).toEqual([
      {
        subject_type: 'certname',
        subject: { title: 'db1.example.com' },
        failures: 0,
        successes: 1,
        noops: 1,
        skips: 1,
      },
      {
        subject_type: 'certname',
        subject: { title: 'web1.example.com' },
        failures: 0,
        successes: 1,
        noops: 1,
        skips: 1,
      },
      {
        subject_type: 'certname',
        subject: { title: 'web2.example.com' },
        failures: 1,
        successes: 1,
        noops: 1,
        skips: 0,
      },
    ]);
    const failing = await rows('/event-counts', {
      summarize_by: 'resource',
      counts_filter: ['>', 'failures', 0],
      include_total: true,
    });
    expect(failing).toEqual([
      {
        subject_type: 'resource',
        subject: { type: 'Service', title: 'ntp' },
        failures: 2,
        successes: 0,
        noops: 0,
        skips: 3,
      },
    ]);
    const aggregate = await rows('/aggregate-event-counts', {
      query: ['=', 'latest_report?', true],
      summarize_by: 'certname,containing_class',
    });
    expect(aggregate).toEqual([
      { summarize_by: 'certname', failures: 1, successes: 3, noops: 3, skips: 2, total: 3 },
      { summarize_by: 'containing_class', failures: 1, successes: 1, noops: 1, skips: 1, total: 3 },
    ]);
    const missing = await get('/event-counts');
    expect([missing.status, missing.text]).toEqual([400, "Missing required query parameter 'summarize_by'"]);
  });

  it('keeps only each resource’s latest event with distinct_resources', async () => {
    const all = await rows('/events', { query: ['=', 'resource_title', 'ntp'] });
    const distinct = await rows('/events', {
      query: ['=', 'resource_title', 'ntp'],
      distinct_resources: 'true',
      distinct_start_time: at(-7200),
      distinct_end_time: at(0),
    });
    // web1's failure (property ensure) and later skip (no property) are different resources' keys.
    expect([all.length, distinct.length]).toEqual([5, 4]);
    const bad = await get('/events', { distinct_resources: 'true' });
    expect(bad.status).toBe(400);
  });

  it('reaches reports and events from the root endpoint, PQL and subqueries', async () => {
    const pql = await rows('', {
      query: 'reports[certname] { latest_report? = true and status = "failed" }',
    });
    expect(pql).toEqual([{ certname: 'web2.example.com' }]);
    const from = await rows('', { query: ['from', 'events', ['=', 'status', 'failure'], ['limit', 1]] });
    expect(from).toHaveLength(1);
    const daily = await rows('/reports', {
      query: [
        'extract',
        [['function', 'count'], 'status'],
        ['>=', 'producer_timestamp', at(-7200)],
        ['group_by', 'status'],
      ],
      order_by: [{ field: 'status' }],
    });
    expect(daily).toEqual([
      { status: 'changed', count: 1 },
      { status: 'failed', count: 2 },
      { status: 'unchanged', count: 1 },
    ]);
    const viaEvents = await rows('/reports', {
      query: ['in', 'hash', ['extract', 'report', ['select_events', ['=', 'status', 'failure']]]],
    });
    expect(viaEvents).toHaveLength(2);
    const paged = await get('/reports', { ...byTime, limit: 1, offset: 1, include_total: true });
    expect(paged.headers.get('x-records')).toBe('4');
    expect((paged.json() as Obj[])[0]!.status).toBe('changed');
  });
});
