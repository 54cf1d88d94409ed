#!/usr/bin/env node
// Isolation scenario (a): a client that loops heavy resource queries against the service: the full
// dump (`GET /pdb/query/v4/resources`, every resource of the fleet) and a tag regex
// (`["~","tag","pache"]`), one after the other, reading each body to the end without parsing it.
//
// As a scenario of bench/isolation.bench.mjs:   import { resourceQueries } from './isolation/resources-queries.mjs'
// As the load process it starts:                node bench/isolation/resources-queries.mjs <service URL>
//   (prints {"queries": n, "bytes": n, "errors": n} on SIGTERM)
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startLoadProcess } from './load-process.mjs';

const NODES = Number(process.env.BENCH_NODES ?? 1000);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 300);
const TAG_REGEX = encodeURIComponent(JSON.stringify(['~', 'tag', 'pache']));

/** The fleet database, loaded once and kept (.data/bench/fleet-<n>x<r>.db, as the query bench names it). */
async function fleetDatabase() {
  const R = await import('@gatehouse/resources');
  const { loadFleet } = await import('../fleet-gen.mjs');
  mkdirSync('.data/bench', { recursive: true });
  const database = `.data/bench/fleet-${NODES}x${RESOURCES}.db`;
  const store = await R.openStore(database, { readWorkers: 0 });
  try {
    const [row] = await store.all('SELECT count(*) AS n FROM catalogs');
    if (Number(row.n) < NODES) {
      process.stderr.write(
        `isolation: loading the ${NODES} x ${RESOURCES} fleet into ${database} (once)...\n`,
      );
      await loadFleet(R, store, { nodes: NODES, resources: RESOURCES });
    }
    const [count] = await store.all('SELECT count(*) AS n FROM resources');
    return { database, resources: Number(count.n) };
  } finally {
    await store.close();
  }
}

/** The scenario: service settings it needs, and the load it runs. */
export const resourceQueries = {
  name: '(a) a client loops heavy resource queries (full dump, tag regex)',
  async prepare({ config, env }) {
    const { database, resources } = await fleetDatabase();
    env.GATEHOUSE_RESOURCES_DATABASE = database;
    // The fleet's timestamps are fixed: never expire or purge it while the bench runs.
    config.resources = { ...config.resources, nodeTtl: '0s', purgeTtl: '0s', gcInterval: '0s' };
    return `fleet ${NODES} nodes x ${RESOURCES} resources (${resources} resources, SQLite ${database})`;
  },
  start({ url }) {
    return startLoadProcess(
      fileURLToPath(import.meta.url),
      url,
      ({ queries, bytes, errors }) =>
        `${queries} heavy queries (${(bytes / 1e6).toFixed(0)} MB) during the runs, ${errors} errors`,
    );
  },
};

async function loop(url) {
  const paths = ['/pdb/query/v4/resources', `/pdb/query/v4/resources?query=${TAG_REGEX}`];
  const totals = { queries: 0, bytes: 0, errors: 0 };
  let stopping = false;
  process.once('SIGTERM', () => {
    stopping = true;
  });
  for (let i = 0; !stopping; i += 1) {
    try {
      const res = await fetch(url + paths[i % paths.length]);
      for await (const chunk of res.body) totals.bytes += chunk.length;
      if (res.status === 200) totals.queries += 1;
      else totals.errors += 1;
    } catch {
      totals.errors += 1;
    }
  }
  process.stdout.write(JSON.stringify(totals));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await loop(process.argv[2]);
