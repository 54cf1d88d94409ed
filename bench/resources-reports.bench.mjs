#!/usr/bin/env node
// Report ingestion and report queries of @gatehouse/resources beside a live PuppetDB 7.12.1.
//   1. ingestion  the same `store report` v8 commands (Puppet-shaped: changed files, a noop, a
//                 failure or a skip, metrics, logs) POSTed with BENCH_CLIENTS parallel clients to
//                 Gatehouse on SQLite, on PostgreSQL and to PuppetDB; timed from the first POST
//                 until every report is stored (Gatehouse: its queue idle; PuppetDB: its queue empty
//                 and every report queryable): reports per second.
//   2. queries    p50/p99 of the report endpoints puppetboard and pypuppetdb call, asked of the
//                 three servers in turn per query (bench/lib/side-by-side.mjs), each within the
//                 run's environment (as puppetboard filters by environment), so other data PuppetDB
//                 holds does not count; on PostgreSQL once autovacuum has passed over the loaded
//                 tables (a PuppetDB fed earlier is long past that; bench/lib/fresh-database.mjs).
// The reports are the same for a given BENCH_ENV within one UTC day (timestamps from midnight,
// uuids from node and run), so BENCH_PUPPETDB_FED=1 reuses what an earlier run fed PuppetDB.
// Env: BENCH_PUPPETDB (http://127.0.0.1:18080, required), BENCH_ENV (bench), BENCH_PUPPETDB_FED, BENCH_NODES (200), BENCH_RUNS (10 reports
//      per node), BENCH_EVENTS (20 changed files per report), BENCH_CLIENTS (8), BENCH_DURATION (3 s
//      per query and server), PG_TEST_URL for PostgreSQL. Run through bench/resources-reports.bench.sh.
import * as R from '@gatehouse/resources';
import Fastify from 'fastify';
import { agentReport, uuidOf } from './lib/agent-report.mjs';
import { freshDatabase } from './lib/fresh-database.mjs';
import { latency, load1, rowsOf } from './lib/side-by-side.mjs';

const PUPPETDB = process.env.BENCH_PUPPETDB;
const NODES = Number(process.env.BENCH_NODES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ENV = process.env.BENCH_ENV ?? 'bench';
const PREFIX = `rb-${ENV}`;
const T0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - RUNS * 1800_000;

/** One agent run's report: EVENTS changed files, a noop package, and the ntp service failing or skipped. */
function report(node, run) {
  const certname = `${PREFIX}-node${String(node).padStart(4, '0')}.example.com`;
  const at = new Date(T0 + run * 1800_000 + node * 1000).toISOString();
  const failed = (node + run) % 7 === 0;
  const resource = (type, title, events, skipped = false) => ({
    resource_type: type,
    resource_title: title,
    timestamp: at,
    skipped,
    file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
    line: 10,
    containment_path: ['Stage[main]', 'Profile::Base', `${type}[${title}]`],
    corrective_change: false,
    events,
  });
  const event = (status, property, from, to) => ({
    status,
    timestamp: at,
    property,
    name: null,
    new_value: to,
    old_value: from,
    message: `${property} changed '${from}' to '${to}'`,
    corrective_change: false,
  });
  const files = Array.from({ length: EVENTS }, (_, i) =>
    resource('File', `/srv/app/conf.d/${i}.conf`, [
      event('success', 'content', `{md5}${run}`, `{md5}${run + 1}`),
    ]),
  );
  return agentReport({
    certname,
    environment: ENV,
    at,
    run,
    uuid: uuidOf(node * 100_000 + run),
    resources: [
      ...files,
      resource('Package', 'vim', [event('noop', 'ensure', 'absent', 'present')]),
      resource('Service', 'ntp', failed ? [event('failure', 'ensure', 'stopped', 'running')] : [], !failed),
    ],
    metrics: [
      { category: 'resources', name: 'total', value: EVENTS + 2 },
      { category: 'time', name: 'total', value: 8.25 },
      { category: 'events', name: 'success', value: EVENTS },
    ],
    status: failed ? 'failed' : 'changed',
    noopPending: true,
  });
}

const reports = [];
for (let run = 0; run < RUNS; run++) for (let node = 0; node < NODES; node++) reports.push(report(node, run));
const bodies = reports.map((r) => ({
  certname: r.certname,
  ts: r.producer_timestamp,
  body: JSON.stringify(r),
}));

/** POSTs every report to `base` with CLIENTS clients; resolves when `done()` says all are stored. */
async function ingest(base, done) {
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < bodies.length) {
      const { certname, ts, body } = bodies[next++];
      const url = `${base}/pdb/cmd/v1?command=store_report&version=8&certname=${certname}&producer-timestamp=${ts}`;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (res.status !== 200) throw new Error(`${base}: HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  await done();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rate: bodies.length / seconds };
}

async function puppetdbDone() {
  const query = encodeURIComponent(JSON.stringify(['=', 'environment', ENV]));
  for (;;) {
    const res = await fetch(`${PUPPETDB}/pdb/query/v4/reports?query=${query}&limit=1&include_total=true`);
    await res.arrayBuffer();
    if (Number(res.headers.get('x-records')) >= bodies.length) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function gatehouse(dialect) {
  const { database, dispose, settled } = await freshDatabase(dialect, 'reports');
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  await app.register(R.resourcesPlugin, { database, gcIntervalMs: 0, compression: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    done: () => app.gatehouseResources.processor.idle(),
    settled: () => settled(['reports', 'resource_events', 'certnames']),
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

function queries(hash, certname) {
  const inEnv = (query) => ['and', ['=', 'environment', ENV], query];
  const env = ['=', 'environment', ENV];
  const q = (path, params = {}) =>
    `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;
  const day = new Date(T0 + (RUNS - 2) * 1800_000).toISOString();
  const latest = inEnv(['=', 'latest_report?', true]);
  const counts = '/pdb/query/v4/event-counts';
  return [
    [
      'nodes overview: event-counts by certname, latest_report?',
      q(counts, { query: latest, summarize_by: 'certname' }),
    ],
    [
      'event-counts by resource, counts_filter failures > 0',
      q(counts, { query: env, summarize_by: 'resource', counts_filter: ['>', 'failures', 0] }),
    ],
    [
      'aggregate-event-counts by containing_class, latest',
      q('/pdb/query/v4/aggregate-event-counts', { query: latest, summarize_by: 'containing_class' }),
    ],
    [
      'reports list page (order end_time desc, limit 20, total)',
      q('/pdb/query/v4/reports', {
        query: env,
        order_by: [{ field: 'end_time', order: 'desc' }],
        limit: 20,
        include_total: true,
      }),
    ],
    [
      'one node’s reports (pypuppetdb node.reports)',
      q('/pdb/query/v4/reports', { query: ['=', 'certname', certname] }),
    ],
    ['report by hash', q('/pdb/query/v4/reports', { query: ['=', 'hash', hash] })],
    ['report events by hash', q(`/pdb/query/v4/reports/${hash}/events`)],
    [
      'events of one report (puppetboard report page)',
      q('/pdb/query/v4/events', { query: ['=', 'report', hash] }),
    ],
    [
      'latest failures (events status failure, latest_report?)',
      q('/pdb/query/v4/events', {
        query: inEnv(['and', ['=', 'status', 'failure'], ['=', 'latest_report?', true]]),
      }),
    ],
    [
      'daily chart: count by status since a time',
      q('/pdb/query/v4/reports', {
        query: [
          'extract',
          [['function', 'count'], 'status'],
          inEnv(['>=', 'producer_timestamp', day]),
          ['group_by', 'status'],
        ],
      }),
    ],
    ['report metrics by hash', q(`/pdb/query/v4/reports/${hash}/metrics`)],
  ];
}

async function main() {
  if (!PUPPETDB) throw new Error('BENCH_PUPPETDB is not set (bash /work/shared/tools/puppetdb-peer.sh)');
  const events = EVENTS + 2;
  console.log(
    `## Reports: ${bodies.length} reports (${NODES} nodes x ${RUNS} runs, ${events} events each), ${CLIENTS} clients\n`,
  );
  console.log(`load average before: ${load1()}\n`);
  const targets = [];
  for (const dialect of ['sqlite', 'postgres'])
    targets.push({ name: `Gatehouse ${dialect}`, ...(await gatehouse(dialect)) });
  const fed = process.env.BENCH_PUPPETDB_FED === '1';
  targets.push({ name: 'PuppetDB 7.12.1', base: PUPPETDB, done: puppetdbDone, close: async () => {}, fed });
  console.log('| target | reports | seconds | reports/s | load |\n|---|---:|---:|---:|---:|');
  const rates = {};
  for (const t of targets) {
    if (t.fed) continue;
    const { seconds, rate } = await ingest(t.base, t.done);
    rates[t.name] = rate;
    console.log(`| ${t.name} | ${bodies.length} | ${seconds.toFixed(1)} | ${rate.toFixed(1)} | ${load1()} |`);
  }
  const pdb = rates['PuppetDB 7.12.1'];
  if (pdb)
    console.log(
      `\nratio to PuppetDB: SQLite ${(rates['Gatehouse sqlite'] / pdb).toFixed(2)}x, PostgreSQL ${(rates['Gatehouse postgres'] / pdb).toFixed(2)}x\n`,
    );

  for (const t of targets.filter((target) => target.settled)) {
    const seconds = await t.settled();
    console.log(
      seconds === undefined
        ? `${t.name}: autovacuum had not passed over the loaded tables after 180 s; queried as they are\n`
        : `${t.name}: queried after autovacuum passed over the loaded tables (${seconds.toFixed(0)} s after the load)\n`,
    );
  }
  const sample = reports[reports.length - 1];
  const [{ hash }] = await (
    await fetch(
      `${PUPPETDB}/pdb/query/v4/reports?query=${encodeURIComponent(JSON.stringify(['=', 'certname', sample.certname]))}&order_by=${encodeURIComponent('[{"field":"producer_timestamp","order":"desc"}]')}&limit=1`,
    )
  ).json();
  console.log(
    '| query | rows | SQLite p50 / p99 | PostgreSQL p50 / p99 | PuppetDB p50 / p99 | SQLite/PuppetDB | PostgreSQL/PuppetDB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, path] of queries(hash, sample.certname)) {
    const rows = [];
    const times = [];
    for (const t of targets) {
      const counted = await rowsOf(t.base + path);
      rows.push(counted.error ?? counted.rows);
      times.push(counted.error ? undefined : await latency(t.base + path, DURATION));
    }
    const fmt = (m) => (m ? `${m.p50.toFixed(1)} / ${m.p99.toFixed(1)}` : '—');
    const ratio = (m) => (m && times[2] ? (m.p50 / times[2].p50).toFixed(2) : '—');
    const shown = rows.every((r) => r === rows[0]) ? rows[0] : rows.join(' / ');
    console.log(
      `| ${label} | ${shown} | ${fmt(times[0])} | ${fmt(times[1])} | ${fmt(times[2])} | ${ratio(times[0])} | ${ratio(times[1])} |`,
    );
  }
  console.log(`\nload average after: ${load1()}`);
  for (const t of targets) await t.close();
}

await main();
