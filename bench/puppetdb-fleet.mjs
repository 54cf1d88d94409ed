// Loads the benchmark fleet (bench/fleet-gen.mjs) into a PuppetDB through its command API, so the
// query bench can ask PuppetDB and Gatehouse the same questions over the same data. Catalogs are
// stamped with the current time (PuppetDB's node-ttl would otherwise expire the fleet's fixed
// dates) and sent 4 at a time; the load ends when PuppetDB's queue is empty and it holds
// every node. Skips the load when PuppetDB already holds the fleet.
// As a library: import { loadPuppetdbFleet } from './puppetdb-fleet.mjs'
// As a command: node bench/puppetdb-fleet.mjs http://127.0.0.1:18080 [nodes] [resources]
import { generateFleet } from './fleet-gen.mjs';

async function count(base, query) {
  const url = `${base}/pdb/query/v4/${query}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json())[0].count;
}

async function queueDepth(base) {
  const res = await fetch(`${base}/status/v1/services/puppetdb-status`);
  return (await res.json()).status?.queue_depth ?? 0;
}

/** Sends every catalog of the fleet to `base` (a PuppetDB); returns { loaded, seconds }. */
export async function loadPuppetdbFleet(base, { nodes = 1000, resources = 500, log = () => {} } = {}) {
  const extract = encodeURIComponent(JSON.stringify(['extract', [['function', 'count']]]));
  const settled = async () => {
    while ((await queueDepth(base)) > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
  };
  // A load still in PuppetDB's queue counts: wait for it before deciding to send the fleet again.
  await settled();
  const held = await count(base, `catalogs?query=${extract}`);
  if (held >= nodes) return { loaded: false, seconds: 0 };
  const started = performance.now();
  const timestamp = new Date().toISOString();
  const fleet = generateFleet({ nodes, resources, timestamp });
  let sent = 0;
  const worker = async () => {
    for (let next = fleet.next(); !next.done; next = fleet.next()) {
      const catalog = next.value;
      const url = `${base}/pdb/cmd/v1?command=replace_catalog&version=9&certname=${catalog.certname}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(catalog),
      });
      if (!res.ok) throw new Error(`${catalog.certname}: ${res.status} ${await res.text()}`);
      sent += 1;
      if (sent % 100 === 0) log(`puppetdb: sent ${sent} catalogs`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await settled();
  return { loaded: true, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, nodes, resources] = process.argv.slice(2);
  const result = await loadPuppetdbFleet(base, {
    nodes: Number(nodes ?? 1000),
    resources: Number(resources ?? 500),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stderr.write(`${JSON.stringify(result)}\n`);
}
