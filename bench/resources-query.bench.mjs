// Benchmark: the resource query routes over HTTP (autocannon) on a generated fleet
// (bench/fleet-gen.mjs, default 1,000 nodes x 500 resources), on SQLite and on PostgreSQL:
// latency and throughput for a matrix of typical queries, then the full dump streamed once with
// the server's peak RSS sampled every 20 ms. The server runs in a child process so load generator
// and server do not share an event loop. Needs the built package (`npx tsc -b packages/resources`);
// run through bench/resources-query.bench.sh.
// Environment: BENCH_DIALECTS (default "sqlite postgres"), BENCH_DURATION (seconds per query,
// default 10), BENCH_CONNECTIONS (default 8), BENCH_NODES (1000), BENCH_RESOURCES (500),
// BENCH_QUERIES (regex on query names, e.g. "tag", "^entities" for factsets, inventory, fact contents
// and paths, edges and producers over the fleet's facts, bench/resources-facts.mjs), PG_TEST_URL (from .data/test-env) for PostgreSQL. The fleet is loaded once per dialect and kept
// (.data/bench/fleet-<n>x<r>.db, PostgreSQL schema bench_fleet_<n>x<r>).
// BENCH_PUPPETDB (a base URL such as http://127.0.0.1:18080, from /work/shared/tools/puppetdb-peer.sh):
// the same fleet is loaded into that PuppetDB (bench/puppetdb-fleet.mjs) and every query and the
// dump are measured there too, in the same run, printed beside Gatehouse's figures with the ratio
// and each Gatehouse process's CPU milliseconds per request (its event loop and read workers, not
// PostgreSQL's), which the machine's load moves far less than a latency.
// BENCH_BASELINE (a checkout of an earlier build, `npx tsc -b packages/resources` run there): that
// build serves its own copy of the fleet (.data/bench/fleet-<n>x<r>-baseline.db, schema
// bench_fleet_baseline_<n>x<r>: indexes added since then do not serve it), asked each query in
// turn with this build, so one run compares the two under the same load; ratios are to it when
// no PuppetDB is given.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const nodes = Number(process.env.BENCH_NODES ?? 1000);
const resourcesPerNode = Number(process.env.BENCH_RESOURCES ?? 500);
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite postgres').split(/\s+/).filter(Boolean);
// BENCH_QUERIES: a regex on the query names to run only those (and skip the full dump).
const only = process.env.BENCH_QUERIES ? new RegExp(process.env.BENCH_QUERIES, 'i') : undefined;
const pkg = '../packages/resources/dist/index.js';
const baseline = process.env.BENCH_BASELINE;
const baselinePkg = baseline && `${baseline.replace(/\/$/, '')}/packages/resources/dist/index.js`;

const q = (value) => encodeURIComponent(JSON.stringify(value));
/** name -> path (+ query string) under /pdb/query/v4. A real fleet's typical questions. */
const MATRIX = [
  ['by type (Nagios_host)', '/resources/Nagios_host'],
  ['type + title (Service/chrony)', '/resources/Service/chrony'],
  ['node + type (pypuppetdb node.resources)', '/nodes/web00000.prod.example.com/resources/Package'],
  ['tag (chrony)', `/resources?query=${q(['=', 'tag', 'chrony'])}`],
  // Same rows through the resource_tags join, which `=` on tag used before migration 2 (PostgreSQL).
  ['tag via resource_tags (in [chrony])', `/resources?query=${q(['in', 'tag', ['array', ['chrony']]])}`],
  [
    'parameter (hostgroups = db-servers)',
    `/resources?query=${q(['=', ['parameter', 'hostgroups'], 'db-servers'])}`,
  ],
  ['dotted parameter + type', `/resources/User?query=${q(['=', 'parameters.shell', '/bin/bash'])}&limit=100`],
  [
    'exported collection (Nagios_host, exported)',
    `/resources?query=${q(['and', ['=', 'exported', true], ['=', 'type', 'Nagios_host']])}`,
  ],
  ['regex on title within a type', `/resources/File?query=${q(['~', 'title', '^/etc/db/conf\\.d/00[0-4]'])}`],
  [
    'regex on title, whole table, limit 100',
    `/resources?query=${q(['~', 'title', '^/etc/cache/conf\\.d/001'])}&limit=100`,
  ],
  ['regex on title, whole table, unanchored', `/resources?query=${q(['~', 'title', 'conf\\.d/00[0-4]'])}`],
  ['regex on title conf1[0-9]\\.d (no match)', `/resources?query=${q(['~', 'title', 'conf1[0-9]\\.d'])}`],
  ['regex on title ^(a+)+$ (catastrophic)', `/resources?query=${q(['~', 'title', '^(a+)+$'])}`],
  ['regex on tag (hron)', `/resources?query=${q(['~', 'tag', 'hron'])}`],
  ['regex on tag (pache, no match)', `/resources?query=${q(['~', 'tag', 'pache'])}`],
  ['regex on type (^Nagios)', `/resources?query=${q(['~', 'type', '^Nagios'])}`],
  ['regex on certname (^db0001)', `/resources?query=${q(['~', 'certname', '^db0001'])}`],
  [
    'regex on parameter (hostgroups ~ db-ser)',
    `/resources?query=${q(['~', ['parameter', 'hostgroups'], 'db-ser'])}`,
  ],
  [
    'regex on dotted parameter (ensure ~ ^1\\.)',
    `/resources/Package?query=${q(['~', 'parameters.ensure', '^1\\.'])}`,
  ],
  ['line inequality + type (File, line > 95)', `/resources/File?query=${q(['>', 'line', 95])}`],
  ['line inequality, whole table (line < 11)', `/resources?query=${q(['<', 'line', 11])}`],
  [
    'count by type (extract + group_by)',
    `/resources?query=${q(['extract', [['function', 'count'], 'type'], ['group_by', 'type']])}`,
  ],
  [
    'paging: order_by title,certname limit 50 offset 1000',
    `/resources/Package?order_by=${q([{ field: 'title' }, { field: 'certname' }])}&limit=50&offset=1000`,
  ],
  [
    'same page + include_total (X-Records)',
    `/resources/Package?order_by=${q([{ field: 'title' }, { field: 'certname' }])}&limit=50&offset=1000&include_total=true`,
  ],
  [
    'count by type (PQL, group by)',
    `?query=${encodeURIComponent('resources[type, count()] { group by type }')}`,
  ],
  ['= null (file of a Class)', `/resources/Class?query=${q(['=', 'file', null])}`],
  ['= null (line, whole table)', `/resources?query=${q(['=', 'line', null])}`],
  // The root endpoint (`from`, PQL) with paging: the same page as above, and a page of nodes.
  [
    'root: from resources, order_by title,certname limit 50 offset 1000',
    `?query=${q(['from', 'resources', ['=', 'type', 'Package'], ['order_by', ['title', 'certname']], ['limit', 50], ['offset', 1000]])}`,
  ],
  [
    'root: PQL resources order by title, certname limit 50 offset 1000',
    `?query=${encodeURIComponent('resources[certname, title] { type = "Package" order by title, certname limit 50 offset 1000 }')}`,
  ],
  [
    'root: PQL nodes order by certname limit 20 offset 100',
    `?query=${encodeURIComponent('nodes[certname, report_timestamp] { order by certname limit 20 offset 100 }')}`,
  ],
  // The entities over facts and catalogs (facts from bench/resources-facts.mjs); BENCH_QUERIES=^entities.
  ['entities: factset of one node', `/factsets?query=${q(['=', 'certname', 'web00000.prod.example.com'])}`],
  ['entities: factsets, first 50 by certname', `/factsets?order_by=${q([{ field: 'certname' }])}&limit=50`],
  [
    'entities: inventory of one node',
    `/inventory?query=${q(['=', 'certname', 'web00000.prod.example.com'])}`,
  ],
  [
    'entities: inventory by facts.os.release.minor',
    `/inventory?query=${q(['=', 'facts.os.release.minor', '3'])}`,
  ],
  [
    'entities: inventory by trusted.extensions.pp_role',
    `/inventory?query=${q(['=', 'trusted.extensions.pp_role', 'db'])}`,
  ],
  [
    'entities: inventory, facts.processors.count >= 8 (PQL)',
    `?query=${encodeURIComponent('inventory[certname] { facts.processors.count >= 8 }')}`,
  ],
  [
    'entities: fact-contents by path',
    `/fact-contents?query=${q(['=', 'path', ['networking', 'interfaces', 'eth0', 'ip']])}`,
  ],
  [
    'entities: fact-contents ~> mountpoints.*.capacity',
    `/fact-contents?query=${q(['~>', 'path', ['mountpoints', '.*', 'capacity']])}`,
  ],
  [
    'entities: fact-contents path + value >= 8',
    `/fact-contents?query=${q(['and', ['=', 'path', ['processors', 'count']], ['>=', 'value', 8]])}`,
  ],
  ['entities: fact-paths, all', '/fact-paths'],
  ['entities: fact-paths of type integer', `/fact-paths?query=${q(['=', 'type', 'integer'])}`],
  ['entities: edges of one node', `/edges?query=${q(['=', 'certname', 'web00000.prod.example.com'])}`],
  ['entities: edges notifies, limit 100', `/edges?query=${q(['=', 'relationship', 'notifies'])}&limit=100`],
  ['entities: producers', '/producers'],
];

// ── server side (child process) ─────────────────────────────────────────────────────────────────
async function serve(build, database, schema) {
  const { default: Fastify } = await import('fastify');
  const mod = await import(build);
  const store = schema ? await mod.openPostgresStore(database, { schema }) : await mod.openStore(database);
  const app = Fastify();
  await app.register(mod.resourcesPlugin, { database: store, gcIntervalMs: 0 });
  let peak = 0;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20).unref();
  // CPU time of the whole process (the event loop and the SQLite read workers), per request asked.
  app.get('/bench/cpu', async () => process.cpuUsage());
  app.get('/bench/rss', async (request) => {
    const rss = process.memoryUsage().rss;
    const result = { rss, peak: Math.max(peak, rss) };
    if (request.query.reset) peak = rss;
    return result;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: app.server.address().port });
}

// ── load side ───────────────────────────────────────────────────────────────────────────────────
/** The fleet's database for `dialect`, loaded (and migrated) by `build` if it is not yet. */
async function prepareDatabase(dialect, build = pkg) {
  const mod = await import(build);
  const { loadFleet } = await import('./fleet-gen.mjs');
  const copy = build === pkg ? '' : 'baseline';
  let database;
  let schema;
  if (dialect === 'sqlite') {
    mkdirSync('.data/bench', { recursive: true });
    database = `.data/bench/fleet-${nodes}x${resourcesPerNode}${copy && `-${copy}`}.db`;
  } else {
    database = process.env.PG_TEST_URL;
    if (!database)
      throw new Error('PG_TEST_URL is not set: run `make test-setup`, then `set -a; . .data/test-env`');
    schema = `bench_fleet_${copy && `${copy}_`}${nodes}x${resourcesPerNode}`;
  }
  const store = schema ? await mod.openPostgresStore(database, { schema }) : await mod.openStore(database);
  try {
    const [row] = await store.all('SELECT count(*) AS n FROM catalogs');
    if (Number(row.n) < nodes) {
      process.stderr.write(`${dialect}: loading ${nodes} x ${resourcesPerNode} fleet...\n`);
      const result = await loadFleet(mod, store, { nodes, resources: resourcesPerNode });
      process.stderr.write(
        `${dialect}: loaded ${result.resources} resources in ${(result.ms / 1000).toFixed(1)} s\n`,
      );
    }
    const [withFacts] = await store.all(
      'SELECT count(*) AS n FROM certnames WHERE facts_timestamp IS NOT NULL',
    );
    if (Number(withFacts.n) < nodes) {
      const { loadFleetFacts } = await import('./resources-facts.mjs');
      const result = await loadFleetFacts(mod, store, { nodes });
      process.stderr.write(
        `${dialect}: loaded ${result.factsets} factsets in ${(result.ms / 1000).toFixed(1)} s\n`,
      );
    }
    if (dialect === 'postgres') await store.run('ANALYZE');
    const [count] = await store.all('SELECT count(*) AS n FROM resources');
    return { database, schema, resources: Number(count.n) };
  } finally {
    await store.close();
  }
}

async function probe(base, path) {
  const res = await fetch(base + path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const rows = (await res.json()).length;
  return rows;
}

async function load(url) {
  const { default: autocannon } = await import('autocannon');
  // A 30 s timeout: a slow answer is a latency to report, not a failure.
  await autocannon({ url, connections, duration: 2, timeout: 30 }); // warm-up: JIT, caches
  const result = await autocannon({ url, connections, duration, timeout: 30 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Streams the full dump once, counting bytes without keeping them; returns time and peak RSS. */
async function fullDump(base, path) {
  const before = await (await fetch(`${base}/bench/rss?reset=1`)).json();
  const started = performance.now();
  const res = await fetch(base + path);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  const after = await (await fetch(`${base}/bench/rss`)).json();
  return { seconds, bytes, rssBefore: before.rss, rssPeak: after.peak };
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function benchDialect(dialect) {
  const db = await prepareDatabase(dialect);
  const args = ['--server', pkg, db.database, ...(db.schema ? [db.schema] : [])];
  const child = fork(fileURLToPath(import.meta.url), args, { stdio: 'inherit' });
  try {
    const { port } = await new Promise((resolve) => child.once('message', resolve));
    const base = `http://127.0.0.1:${port}`;
    const root = `${base}/pdb/query/v4`;
    console.log(`\n### ${dialect} (${db.resources} resources)\n`);
    console.log('| query | rows | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
    for (const [name, path] of MATRIX) {
      if (only && !only.test(name)) continue;
      const rows = await probe(root, path);
      const r = await load(root + path);
      console.log(`| ${name} | ${rows} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
    }
    if (only) return;
    const small = await fullDump(base, '/pdb/query/v4/resources?limit=10000');
    const full = await fullDump(base, '/pdb/query/v4/resources');
    console.log(
      `\nFull dump: ${mb(full.bytes)} JSON in ${full.seconds.toFixed(1)} s (${(db.resources / full.seconds).toFixed(0)} rows/s);`,
    );
    console.log(`server RSS ${mb(full.rssBefore)} before, peak ${mb(full.rssPeak)} during the dump;`);
    console.log(
      `a 10,000-row dump peaks at ${mb(small.rssPeak)} (flat memory: the peak does not grow with the rows).`,
    );
  } finally {
    child.kill();
  }
}

/** Milliseconds of CPU the Gatehouse child at `base` spent on each of the requests `measure` asks. */
async function cpuPerRequest(base, measure) {
  const cpu = async () => {
    const { user, system } = await (await fetch(`${base}/bench/cpu`)).json();
    return (user + system) / 1000;
  };
  const before = await cpu();
  const figures = await measure();
  return { ...figures, cpu: ((await cpu()) - before) / figures.requests };
}

/** A Gatehouse child process of `build` serving the fleet of `dialect`; resolves to its base URL. */
async function startChild(dialect, build = pkg) {
  const db = await prepareDatabase(dialect, build);
  const args = ['--server', build, db.database, ...(db.schema ? [db.schema] : [])];
  const child = fork(fileURLToPath(import.meta.url), args, { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return {
    name: `${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${build === pkg ? '' : ' (baseline)'}`,
    base: `http://127.0.0.1:${port}`,
    child,
    db,
  };
}

const ms = (n) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

/**
 * Gatehouse (each dialect; with BENCH_BASELINE also the earlier build) and PuppetDB (when given)
 * side by side on the same fleet, one query at a time: each query is asked of every server in
 * turn, so the machine's load falls on all alike. Ratios are to PuppetDB, or to the baseline of
 * the same dialect without one. Then the full dump, plain and gzip, on each.
 */
async function compare(puppetdb) {
  const { dump, latency, load1, rowsOf } = await import('./lib/side-by-side.mjs');
  if (puppetdb) {
    const { loadPuppetdbFleet } = await import('./puppetdb-fleet.mjs');
    const loaded = await loadPuppetdbFleet(puppetdb, {
      nodes,
      resources: resourcesPerNode,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    if (loaded.loaded) process.stderr.write(`puppetdb: fleet loaded in ${loaded.seconds.toFixed(0)} s\n`);
    const { loadPuppetdbFacts } = await import('./resources-facts.mjs');
    const sets = await (
      await fetch(`${puppetdb}/pdb/query/v4/factsets?query=${q(['extract', [['function', 'count']]])}`)
    ).json();
    if (sets[0].count < nodes) await loadPuppetdbFacts(puppetdb, { nodes });
  }
  const servers = [];
  try {
    for (const dialect of dialects) {
      const current = await startChild(dialect);
      servers.push(current);
      if (baselinePkg) servers.push({ ...(await startChild(dialect, baselinePkg)), baselineOf: current });
    }
    const all = [...servers, ...(puppetdb ? [{ name: 'PuppetDB', base: puppetdb }] : [])];
    // Each ratio: [server, reference] by their positions in `all`.
    const pairs = puppetdb
      ? servers.map((s) => [s, all.at(-1)])
      : servers.filter((s) => s.baselineOf).map((s) => [s.baselineOf, s]);
    console.log(
      `\nLoad average (1 min) at start: ${load1()}. p50 / p99 in ms at one connection, ${duration} s per query and server.\n`,
    );
    const head = all.map((s) => `${s.name} p50 / p99`).join(' | ');
    const ratios = pairs.map(([a, b]) => `${a.name}/${b.name}`).join(' | ');
    // The server's own CPU per request (not PostgreSQL's): robust where the p50 is the load's.
    const cpuHead = servers.map((s) => `${s.name} CPU ms/req`).join(' | ');
    console.log(`| query | rows | ${head} | ${ratios} | ${cpuHead} |`);
    const columns = all.length + pairs.length + servers.length;
    console.log(`|---|---:|${Array.from({ length: columns }, () => '---:').join('|')}|`);
    for (const [name, path] of MATRIX) {
      if (only && !only.test(name)) continue;
      const rows = [];
      const figures = new Map();
      for (const server of all) {
        const url = `${server.base}/pdb/query/v4${path}`;
        const answer = await rowsOf(url);
        rows.push(answer.error ?? answer.rows);
        // A query the server refuses (PuppetDB's 400 for `in` on tag) is shown, not timed.
        const measure = () => latency(url, duration);
        if (!answer.error)
          figures.set(server, server.child ? await cpuPerRequest(server.base, measure) : await measure());
      }
      const shownRows = new Set(rows).size === 1 ? String(rows[0]) : rows.join(' / ');
      const cells = all
        .map((s) => figures.get(s))
        .map((f) => (f ? `${ms(f.p50)} / ${ms(f.p99)}` : '—'))
        .join(' | ');
      const ratio = pairs
        .map(([a, b]) => {
          const [fa, fb] = [figures.get(a), figures.get(b)];
          return fa && fb ? (fa.p50 / fb.p50).toFixed(2) : '—';
        })
        .join(' | ');
      const cpu = servers.map((s) => (figures.get(s) ? figures.get(s).cpu.toFixed(2) : '—')).join(' | ');
      console.log(`| ${name} | ${shownRows} | ${cells} | ${ratio} | ${cpu} |`);
    }
    console.log(`\nLoad average (1 min) after the queries: ${load1()}.\n`);
    if (only) return;
    console.log(
      '| full dump | bytes (plain) | time (plain) | bytes (gzip) | time (gzip) |\n|---|---:|---:|---:|---:|',
    );
    for (const server of all) {
      const url = `${server.base}/pdb/query/v4/resources`;
      const plain = await dump(url, 'identity');
      const gzip = await dump(url, 'gzip');
      if (gzip.encoding !== 'gzip') throw new Error(`${server.name} did not gzip the dump`);
      console.log(
        `| ${server.name} | ${mb(plain.bytes)} | ${plain.seconds.toFixed(2)} s | ${mb(gzip.bytes)} | ${gzip.seconds.toFixed(2)} s |`,
      );
    }
    console.log(`\nLoad average (1 min) at the end: ${load1()}.`);
  } finally {
    for (const server of servers) server.child.kill();
  }
}

async function main() {
  console.log(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${mb(os.totalmem())} RAM, Node ${process.version};`,
  );
  if (process.env.BENCH_PUPPETDB || baseline) {
    const others = [process.env.BENCH_PUPPETDB, baseline && `the build in ${baseline}`].filter(Boolean);
    console.log(`Side by side with ${others.join(' and ')}; fleet ${nodes} x ${resourcesPerNode}.`);
    await compare(process.env.BENCH_PUPPETDB);
    return;
  }
  console.log(
    `autocannon ${connections} connections, ${duration} s per query after 2 s warm-up; fleet ${nodes} x ${resourcesPerNode}.`,
  );
  for (const dialect of dialects) await benchDialect(dialect);
}

if (process.argv[2] === '--server') await serve(process.argv[3], process.argv[4], process.argv[5]);
else await main();
