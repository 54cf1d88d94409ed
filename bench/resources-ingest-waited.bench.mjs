#!/usr/bin/env node
// A client that submits and waits: commands sent one at a time with secondsToWaitForCompletion,
// each answered once it is applied (scripts, provisioning, tests work so), to @gatehouse/resources
// on SQLite and on PostgreSQL and, with the same commands in the same run, to a live PuppetDB:
// each command goes to every target in turn, so a busy machine's load falls on all alike.
// Three kinds: replace_facts (a small fact set), store_report (an agent run's report with 10
// events, metrics and a log) and replace_catalog (bench/fleet-gen.mjs, 500 resources). Certnames
// start `ingest-waited-`, so a shared PuppetDB's other nodes are never replaced, and are deactivated
// there at the end (lib/puppetdb-deactivate.mjs). Prints a Markdown
// table: commands/s of a client sending one after another (commands over the sum of their round
// trips), p50 and p99 of one round trip, and each store's rate against PuppetDB's.
// Env: BENCH_WAITED_FACTS (200), BENCH_WAITED_REPORTS (100), BENCH_WAITED_CATALOGS (50),
//      BENCH_DIALECTS (sqlite,postgres), BENCH_PUPPETDB (http://127.0.0.1:18080; `none` to leave
//      it out), BENCH_PUPPETDB_FIRST (1: each command to PuppetDB first), PG_TEST_URL
//      (.data/test-env). A count of 0 leaves that kind out.
// Needs the built package; run through bench/resources-ingest.bench.sh (BENCH_WAITED=1).
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import * as R from '@gatehouse/resources';
import Fastify from 'fastify';
import { catalogFor } from './fleet-gen.mjs';
import { agentReport, uuidOf } from './lib/agent-report.mjs';
import { freshDatabase } from './lib/fresh-database.mjs';
import { activeNodes, deactivateInPuppetdb } from './lib/puppetdb-deactivate.mjs';

const FACTS = Number(process.env.BENCH_WAITED_FACTS ?? 200);
const REPORTS = Number(process.env.BENCH_WAITED_REPORTS ?? 100);
const CATALOGS = Number(process.env.BENCH_WAITED_CATALOGS ?? 50);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const PUPPETDB = process.env.BENCH_PUPPETDB ?? 'http://127.0.0.1:18080';
const RUN = Date.now().toString(36);

/** The commands of one kind for `phase`, as [query string, body] pairs; fresh certnames and timestamps each run. */
function commands(kind, count, phase) {
  return Array.from({ length: count }, (_, i) => {
    const certname = `ingest-waited-${RUN}-${phase}-${i}.example.com`;
    const timestamp = new Date().toISOString();
    if (kind === 'facts') {
      const body = {
        certname,
        environment: 'production',
        values: {
          role: 'web',
          index: i,
          kernel: 'Linux',
          os: { family: 'Debian', release: { major: '12' } },
        },
        producer_timestamp: timestamp,
        producer: 'puppet.example.com',
      };
      return [`command=replace_facts&version=5&certname=${certname}`, JSON.stringify(body)];
    }
    if (kind === 'report') {
      return [
        `command=store_report&version=8&certname=${certname}&producer-timestamp=${timestamp}`,
        JSON.stringify(report(certname, timestamp, i)),
      ];
    }
    const catalog = { ...catalogFor(i, { resources: 500, timestamp }), certname };
    return [
      `command=replace_catalog&version=9&certname=${certname}&producer-timestamp=${timestamp}`,
      JSON.stringify(catalog),
    ];
  });
}

/** An agent run's `store report` v8 payload: 10 changed files, metrics and one log line. */
function report(certname, timestamp, i) {
  const resources = Array.from({ length: 10 }, (_, n) => ({
    resource_type: 'File',
    resource_title: `/srv/app/conf.d/${n}.conf`,
    timestamp,
    skipped: false,
    file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
    line: 10 + n,
    containment_path: ['Stage[main]', 'Profile::App', `File[/srv/app/conf.d/${n}.conf]`],
    corrective_change: false,
    events: [
      {
        status: 'success',
        timestamp,
        property: 'content',
        name: null,
        new_value: `{md5}${i + 1}`,
        old_value: `{md5}${i}`,
        message: 'content changed',
        corrective_change: false,
      },
    ],
  }));
  return agentReport({
    certname,
    environment: 'production',
    at: timestamp,
    run: i,
    uuid: uuidOf(Date.now() * 1000 + i),
    resources,
    metrics: [{ category: 'resources', name: 'total', value: 10 }],
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// node:http with one kept-alive connection per server: the lightest client Node has, so what a
// round trip measures is the server (fetch's web streams cost ~1.5 ms of client CPU per command
// in a profile of this bench, the same for every target, which narrowed the differences).
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` to `url` as JSON; resolves with the status and the answer's text. */
function post(url, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.end(body);
  });
}

/** Sends one command to `base` and waits for its answer (`processed`); its round trip in ms. */
async function sendWaited(base, [query, body]) {
  const started = performance.now();
  const { status, text } = await post(`${base}/pdb/cmd/v1?${query}&secondsToWaitForCompletion=30`, body);
  const answer = JSON.parse(text);
  if (status !== 200 || answer.processed !== true) throw new Error(`${base}: HTTP ${status} ${text}`);
  return performance.now() - started;
}

/**
 * Sends each command of `list` to every target in turn, each waited for, so the load of a busy
 * machine falls on all of them alike. Per target: the rate of a client sending its commands one
 * after another (commands over the sum of their round trips) and round-trip percentiles.
 */
async function interleaved(bases, list) {
  const times = bases.map(() => []);
  for (const command of list) {
    for (const [i, base] of bases.entries()) times[i].push(await sendWaited(base, command));
  }
  return times.map((own) => {
    const total = own.reduce((sum, ms) => sum + ms, 0);
    const sorted = [...own].sort((x, y) => x - y);
    return { rate: own.length / (total / 1000), p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
}

/** The service's resources plugin on a fresh store of `dialect`, listening; and how to end it. */
async function gatehouse(dialect) {
  const { database, dispose } = await freshDatabase(dialect, 'waited');
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  await app.register(R.resourcesPlugin, { database, gcIntervalMs: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

const targets = DIALECTS.map((dialect) => [`Gatehouse, ${dialect}`, () => gatehouse(dialect)]);
// BENCH_PUPPETDB_FIRST=1 sends each command to PuppetDB before the stores.
const puppetdbTarget = ['PuppetDB 7.12.1', async () => ({ base: PUPPETDB, close: async () => {} })];
if (PUPPETDB !== 'none') {
  if (process.env.BENCH_PUPPETDB_FIRST === '1') targets.unshift(puppetdbTarget);
  else targets.push(puppetdbTarget);
}

const LABELS = {
  facts: 'replace_facts',
  report: 'store_report (10 events)',
  catalog: 'replace_catalog (500 resources)',
};
const rows = [];
const loadAtStart = loadavg()[0].toFixed(1);
const kinds = [
  ['facts', FACTS],
  ['report', REPORTS],
  ['catalog', CATALOGS],
].filter(([, count]) => count > 0);
const opened = [];
try {
  for (const [name, open] of targets) opened.push({ name, ...(await open()) });
  const bases = opened.map((target) => target.base);
  for (const [kind, count] of kinds) {
    // Warm-up (connections, JIT, prepared plans) on nodes of its own: a measured command on a node
    // the warm-up wrote would replace data, not store new data as every other one does.
    await interleaved(bases, commands(kind, 3, 'warm'));
    const results = await interleaved(bases, commands(kind, count, 'run'));
    const puppetdb = results.find((_, i) => opened[i].name.startsWith('PuppetDB'));
    for (const [i, r] of results.entries()) {
      const { name } = opened[i];
      process.stderr.write(`${kind} ${name}: ${r.rate.toFixed(1)}/s\n`);
      const ratio = puppetdb && !name.startsWith('PuppetDB') ? `${(r.rate / puppetdb.rate).toFixed(1)}x` : '';
      rows.push(
        `| ${LABELS[kind]} | ${name} | ${count} | ${r.rate.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${ratio} |`,
      );
    }
  }
} finally {
  for (const target of opened) await target.close();
  // This run's nodes and any an interrupted run left: PuppetDB's later query runs must not see them.
  if (PUPPETDB !== 'none')
    await deactivateInPuppetdb(PUPPETDB, await activeNodes(PUPPETDB, '^ingest-waited-'));
}
console.log(`Load average (1 min): ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end.\n`);
console.log('| command | target | commands | commands/s | p50 ms | p99 ms | rate vs PuppetDB |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
