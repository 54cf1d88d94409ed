#!/usr/bin/env node
// Ingestion throughput of @gatehouse/resources on SQLite and PostgreSQL, with the fleet of
// bench/fleet-gen.mjs (default 1,000 nodes x 500 resources):
//   1. first load      every catalog checked (readCatalog) and stored (applyCatalog), one by one
//   2. unchanged       the same catalogs again, newer timestamps: content hash equal, metadata only
//   3. changed         a later agent run, a few parameters changed per node: full replace
//   4. HTTP            POST /pdb/cmd/v1 (terminus form) through Fastify with N parallel clients,
//                      timed until the queue is empty: parse + validate + queue + apply
// Prints a Markdown table; peak RSS and database size at the end.
// Env: BENCH_NODES (1000), BENCH_RESOURCES (500), BENCH_HTTP_CATALOGS (200), BENCH_CLIENTS (8),
//      BENCH_DIALECTS (sqlite,postgres), PG_TEST_URL (from .data/test-env) for PostgreSQL.
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

async function overHttp(store) {
  const app = Fastify();
  await app.register(R.resourcesPlugin, { database: store, gcIntervalMs: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  // Generation 2 with fresh timestamps, so every command is a real replace.
  const bodies = [];
  for (let i = 0; i < HTTP_CATALOGS; i++) {
    const c = catalogFor(i, { resources: RESOURCES, generation: 2 });
    bodies.push({ certname: c.certname, ts: c.producer_timestamp, body: JSON.stringify(c) });
  }
  let next = 0;
  const client = async () => {
    while (next < bodies.length) {
      const { certname, ts, body } = bodies[next++];
      const url = `${base}/pdb/cmd/v1?command=replace_catalog&version=9&certname=${certname}&producer-timestamp=${ts}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  const run = await timed(`HTTP ${HTTP_CATALOGS} catalogs, ${CLIENTS} clients`, async () => {
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await app.gatehouseResources.processor.idle();
  });
  await app.close();
  return run.ms;
}

async function benchDialect(dialect) {
  process.stderr.write(`${dialect}: ${NODES} nodes x ${RESOURCES} resources\n`);
  const { store, size, dispose } = await openBenchStore(dialect);
  try {
    const first = await timed('first load', () =>
      loadFleet(R, store, { nodes: NODES, resources: RESOURCES }),
    );
    const later = new Date(Date.UTC(2026, 10, 21)).toISOString();
    const unchanged = await timed('unchanged', async () => {
      for (const wire of generateFleet({ nodes: NODES, resources: RESOURCES, timestamp: later })) {
        await R.applyCatalog(store, R.readCatalog(wire, 9), later);
      }
    });
    const changed = await timed('changed', () =>
      loadFleet(R, store, { nodes: NODES, resources: RESOURCES, generation: 1 }),
    );
    const httpMs = await overHttp(store);
    const [{ n }] = await store.all('SELECT count(*) AS n FROM resources');
    if (dialect === 'sqlite') await store.close();
    const bytes = await size();
    const resources = first.result.resources;
    return [
      `| ${dialect} | first load | ${NODES} | ${resources} | ${(first.ms / 1000).toFixed(1)} s | ${rate(NODES, first.ms)} | ${rate(resources, first.ms)} |`,
      `| ${dialect} | unchanged (hash equal) | ${NODES} | ${resources} | ${(unchanged.ms / 1000).toFixed(1)} s | ${rate(NODES, unchanged.ms)} | ${rate(resources, unchanged.ms)} |`,
      `| ${dialect} | changed (a later run: ~4% of resources differ) | ${NODES} | ${resources} | ${(changed.ms / 1000).toFixed(1)} s | ${rate(NODES, changed.ms)} | ${rate(resources, changed.ms)} |`,
      `| ${dialect} | HTTP /pdb/cmd/v1, ${CLIENTS} clients | ${HTTP_CATALOGS} | ${HTTP_CATALOGS * RESOURCES} | ${(httpMs / 1000).toFixed(1)} s | ${rate(HTTP_CATALOGS, httpMs)} | ${rate(HTTP_CATALOGS * RESOURCES, httpMs)} |`,
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
