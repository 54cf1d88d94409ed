#!/usr/bin/env node
// Ingestion throughput of @gatehouse/resources on SQLite and PostgreSQL, with the fleet of
// bench/fleet-gen.mjs (default 1,000 nodes x 500 resources):
//   1. first load      every catalog checked (readCatalog) and stored (applyCatalog), one by one
//   2. unchanged       the same catalogs again, newer timestamps: content hash equal, metadata only
//   3. changed         a later agent run, a few parameters changed per node: full replace
//   4. HTTP            POST /pdb/cmd/v1 (terminus form) through Fastify with N parallel clients,
//                      timed until the queue is empty: parse + validate + durable enqueue (the 200)
//                      + apply; p50/p99 from each 200 to its command's `applied` time; on
//                      PostgreSQL also with two plugin instances (two consumers) on one database
// Prints a Markdown table; peak RSS and database size at the end.
// Env: BENCH_NODES (1000), BENCH_RESOURCES (500), BENCH_HTTP_CATALOGS (200), BENCH_CLIENTS (8),
//      BENCH_DIALECTS (sqlite,postgres), BENCH_PHASES (load,unchanged,changed,http: `load` is needed
//      once per store), PG_TEST_URL (from .data/test-env) for PostgreSQL.
// Needs the built package (npm run build); run through bench/resources-ingest.bench.sh.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as R from '@gatehouse/resources';
import Fastify from 'fastify';
import pg from 'pg';
import { catalogFor, generateFleet, loadFleet } from './fleet-gen.mjs';

const NODES = Number(process.env.BENCH_NODES ?? 1000);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 500);
const HTTP_CATALOGS = Math.min(NODES, Number(process.env.BENCH_HTTP_CATALOGS ?? 200));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const PHASES = new Set((process.env.BENCH_PHASES ?? 'load,unchanged,changed,http').split(','));

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
sampler.unref();

function rate(count, ms) {
  return (count / (ms / 1000)).toFixed(0);
}

async function openBenchStore(dialect) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ingest-'));
    const file = join(dir, 'resources.db');
    const store = await R.openSqliteStore(file);
    // Measured after close: the last connection checkpoints the WAL into the file and removes it.
    const size = async () => statSync(file).size;
    return { store, size, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.PG_TEST_URL;
  if (!url)
    throw new Error('PG_TEST_URL is not set: run `make test-setup` or `bash scripts/setup/10-postgres.sh`');
  const schema = `bench_${process.pid}`;
  const store = await R.openPostgresStore(url, { schema });
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const size = async () =>
    Number(
      (
        await admin(
          `SELECT sum(pg_total_relation_size(c.oid)) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = '${schema}' AND c.relkind = 'r'`,
        )
      )[0].n,
    );
  return { store, size, dispose: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

async function timed(label, fn) {
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  process.stderr.write(`  ${label}: ${(ms / 1000).toFixed(1)} s\n`);
  return { ms, result };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** POSTs HTTP_CATALOGS changed catalogs to `instances` plugin instances on one store. */
async function overHttp(store, instances, generation) {
  const apps = [];
  const bases = [];
  for (let i = 0; i < instances; i++) {
    const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
    await app.register(R.resourcesPlugin, { database: store, gcIntervalMs: 0 });
    bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    apps.push(app);
  }
  // A later agent run with fresh timestamps, so every command is a real replace.
  const bodies = [];
  for (let i = 0; i < HTTP_CATALOGS; i++) {
    const c = catalogFor(i, { resources: RESOURCES, generation, timestamp: new Date().toISOString() });
    bodies.push({ certname: c.certname, ts: c.producer_timestamp, body: JSON.stringify(c) });
  }
  const acked = new Map();
  let next = 0;
  const client = async (k) => {
    while (next < bodies.length) {
      const { certname, ts, body } = bodies[next++];
      const url = `${bases[k % bases.length]}/pdb/cmd/v1?command=replace_catalog&version=9&certname=${certname}&producer-timestamp=${ts}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      acked.set((await res.json()).uuid, Date.now());
    }
  };
  const run = await timed(
    `HTTP ${HTTP_CATALOGS} catalogs, ${CLIENTS} clients, ${instances} instance(s)`,
    async () => {
      await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
      await apps[0].gatehouseResources.processor.idle();
    },
  );
  const rows = await store.all("SELECT uuid, applied FROM command_queue WHERE state = 'done'");
  const lags = rows
    .filter((r) => acked.has(r.uuid))
    .map((r) => Date.parse(r.applied) - acked.get(r.uuid))
    .sort((x, y) => x - y);
  if (lags.length !== HTTP_CATALOGS) throw new Error(`${lags.length} of ${HTTP_CATALOGS} commands applied`);
  for (const app of apps) await app.close();
  return { ms: run.ms, p50: percentile(lags, 50), p99: percentile(lags, 99) };
}

async function benchDialect(dialect) {
  process.stderr.write(`${dialect}: ${NODES} nodes x ${RESOURCES} resources\n`);
  const { store, size, dispose } = await openBenchStore(dialect);
  try {
    const skip = async () => ({ ms: 0, result: { resources: 0 } });
    const first = PHASES.has('load')
      ? await timed('first load', () => loadFleet(R, store, { nodes: NODES, resources: RESOURCES }))
      : await skip();
    const later = new Date(Date.UTC(2026, 10, 21)).toISOString();
    const unchanged = await (PHASES.has('unchanged') ? timed : skip)('unchanged', async () => {
      for (const wire of generateFleet({ nodes: NODES, resources: RESOURCES, timestamp: later })) {
        await R.applyCatalog(store, R.readCatalog(wire, 9), later);
      }
    });
    const changed = await (PHASES.has('changed') ? timed : skip)('changed', () =>
      loadFleet(R, store, { nodes: NODES, resources: RESOURCES, generation: 1 }),
    );
    const http = [];
    if (PHASES.has('http')) {
      http.push([1, await overHttp(store, 1, 2)]);
      if (dialect === 'postgres') http.push([2, await overHttp(store, 2, 3)]);
    }
    const [{ n }] = await store.all('SELECT count(*) AS n FROM resources');
    if (dialect === 'sqlite') await store.close();
    const bytes = await size();
    const resources = first.result.resources;
    return [
      `| ${dialect} | first load | ${NODES} | ${resources} | ${(first.ms / 1000).toFixed(1)} s | ${rate(NODES, first.ms)} | ${rate(resources, first.ms)} |`,
      `| ${dialect} | unchanged (hash equal) | ${NODES} | ${resources} | ${(unchanged.ms / 1000).toFixed(1)} s | ${rate(NODES, unchanged.ms)} | ${rate(resources, unchanged.ms)} |`,
      `| ${dialect} | changed (a later run: ~4% of resources differ) | ${NODES} | ${resources} | ${(changed.ms / 1000).toFixed(1)} s | ${rate(NODES, changed.ms)} | ${rate(resources, changed.ms)} |`,
      ...http.map(
        ([n, h]) =>
          `| ${dialect} | HTTP /pdb/cmd/v1, durable queue, ${CLIENTS} clients, ${n} instance(s); 200 to applied p50 ${h.p50} ms, p99 ${h.p99} ms | ${HTTP_CATALOGS} | ${HTTP_CATALOGS * RESOURCES} | ${(h.ms / 1000).toFixed(1)} s | ${rate(HTTP_CATALOGS, h.ms)} | ${rate(HTTP_CATALOGS * RESOURCES, h.ms)} |`,
      ),
      `| ${dialect} | stored: ${n} resources, ${(bytes / 1024 / 1024).toFixed(0)} MiB on disk | | | | | |`,
    ];
  } finally {
    await store.close(); // idempotent: SQLite may be closed already
    await dispose();
  }
}

const rows = [];
for (const dialect of DIALECTS) rows.push(...(await benchDialect(dialect)));
console.log('| store | phase | catalogs | resources | time | catalogs/s | resources/s |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\npeak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
