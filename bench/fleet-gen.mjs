#!/usr/bin/env node
// Generates a realistic, deterministic fleet of Puppet catalogs (PuppetDB `replace catalog` v9 wire
// format) for the resources benchmarks.
//
// What makes it realistic: nodes have roles (web, app, db, cache, lb, monitoring) and environments
// (70% production, 20% staging, 10% development); every node carries the same base profile
// (packages, users, sysctl, ntp...) so many resources are identical across nodes and share their
// resource hash, as in a real fleet; role resources follow (vhosts, config files, services);
// about 2% of resources are exported (Nagios_host/service, Sshkey, Haproxy::Balancermember);
// tags are the type, the containing classes and the role; parameters mix strings, numbers,
// booleans, arrays and nested hashes; edges are `contains` from classes plus before/notifies.
//
// As a library:  import { catalogFor, generateFleet, loadFleet } from './fleet-gen.mjs'
// As a command:  node bench/fleet-gen.mjs --nodes 1000 --resources 500 --out .data/fleet
//                node bench/fleet-gen.mjs --nodes 1000 --resources 500 --database .data/fleet.db
//                (--database takes an SQLite file or a postgres:// URL; needs `npm run build`)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  baseResources,
  cap,
  classTags,
  ENVIRONMENTS,
  MOD,
  ROLES,
  resource,
  rng,
  roleResources,
} from './fleet-resources.mjs';

/** The catalog of node `index` with about `resources` resources; `generation` changes content. */
export function catalogFor(index, { resources = 500, seed = 42, generation = 0, timestamp } = {}) {
  const random = rng(seed * 1_000_003 + index);
  const role = ROLES[index % ROLES.length];
  const environment = ENVIRONMENTS[Math.floor(random() * ENVIRONMENTS.length)];
  const certname = `${role}${String(index).padStart(5, '0')}.${environment === 'production' ? 'prod' : environment}.example.com`;
  const classes = [
    'Settings',
    'Profile::Base',
    'Accounts',
    'Chrony',
    'Ssh::Server',
    `Profile::${cap(role)}`,
    'Profile::Firewall',
    'Cron::Jobs',
    'Monitoring',
    'Hosts',
  ];
  const body = [
    { type: 'Stage', title: 'main', exported: false, tags: ['stage'], parameters: { name: 'main' } },
    { type: 'Class', title: 'main', exported: false, tags: ['class'], parameters: { name: 'main' } },
    ...classes.map((c) => ({ type: 'Class', title: c, exported: false, tags: classTags(c), parameters: {} })),
    resource(
      'Nagios_host',
      certname,
      {
        ensure: 'present',
        address: `10.${index % 250}.${(index >> 8) % 250}.10`,
        use: 'generic-host',
        hostgroups: `${role}-servers`,
      },
      'Monitoring',
      `${MOD}/monitoring/manifests/host.pp`,
      8,
      true,
    ),
    resource(
      'Sshkey',
      certname,
      {
        ensure: 'present',
        type: 'ssh-ed25519',
        key: `AAAAC3NzaC1lZDI1NTE5AAAA${index.toString(36)}`,
        host_aliases: [certname.split('.')[0]],
      },
      'Ssh::Server',
      `${MOD}/ssh/manifests/knownhosts.pp`,
      5,
      true,
    ),
    ...baseResources(role),
    resource(
      'Service',
      role,
      { ensure: 'running', enable: true, hasrestart: true },
      `Profile::${cap(role)}`,
      `${MOD}/profile/manifests/${role}.pp`,
      5,
    ),
  ];
  const rest = roleResources(role, certname, environment, Math.max(0, resources - body.length), random);
  if (generation > 0) {
    // A later run of the agent: a few resources change their parameters.
    for (let i = generation % 7; i < rest.length; i += 25)
      rest[i].parameters = { ...rest[i].parameters, generation };
  }
  const all = [...body, ...rest];
  const edges = [
    {
      source: { type: 'Stage', title: 'main' },
      target: { type: 'Class', title: 'main' },
      relationship: 'contains',
    },
    ...classes.map((c) => ({
      source: { type: 'Stage', title: 'main' },
      target: { type: 'Class', title: c },
      relationship: 'contains',
    })),
  ];
  for (const r of all) {
    const cls =
      r.type === 'Class' || r.type === 'Stage' ? null : classes.find((c) => r.tags.includes(c.toLowerCase()));
    if (cls)
      edges.push({
        source: { type: 'Class', title: cls },
        target: { type: r.type, title: r.title },
        relationship: 'contains',
      });
    if (r.type === 'File' && r.parameters.notify === `Service[${role}]`) {
      edges.push({
        source: { type: 'File', title: r.title },
        target: { type: 'Service', title: role },
        relationship: 'notifies',
      });
    }
  }
  edges.push({
    source: { type: 'File', title: '/etc/ssh/sshd_config' },
    target: { type: 'Service', title: 'ssh' },
    relationship: 'notifies',
  });
  edges.push({
    source: { type: 'Package', title: 'chrony' },
    target: { type: 'File', title: '/etc/chrony/chrony.conf' },
    relationship: 'before',
  });
  const ts =
    timestamp ??
    new Date(Date.UTC(2026, 10, 20, 8, 0, 0) + index * 1000 + generation * 1_800_000).toISOString();
  return {
    certname,
    version: String(1763625600 + generation * 1800),
    environment,
    transaction_uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    catalog_uuid: `00000000-0000-4000-9000-${String(index * 10 + generation).padStart(12, '0')}`,
    code_id: null,
    job_id: null,
    producer: 'puppet.example.com',
    producer_timestamp: ts,
    resources: all,
    edges,
  };
}

/** Every catalog of the fleet, one at a time (never the whole fleet in memory). */
export function* generateFleet({ nodes = 1000, resources = 500, seed = 42, generation = 0, timestamp } = {}) {
  for (let i = 0; i < nodes; i++) yield catalogFor(i, { resources, seed, generation, timestamp });
}

/**
 * Loads a fleet into a store through the same checks and atomic apply as the command API.
 * `resourcesModule` is `@gatehouse/resources` (built). Returns { catalogs, resources, ms }.
 */
export async function loadFleet(resourcesModule, store, options = {}) {
  const { applyCatalog, readCatalog } = resourcesModule;
  const started = performance.now();
  let catalogs = 0;
  let resources = 0;
  for (const wire of generateFleet(options)) {
    const catalog = readCatalog(wire, 9);
    await applyCatalog(store, catalog, new Date().toISOString());
    catalogs++;
    resources += catalog.resources.length;
    options.onProgress?.(catalogs);
  }
  return { catalogs, resources, ms: performance.now() - started };
}

async function main() {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '1000' },
      resources: { type: 'string', default: '500' },
      seed: { type: 'string', default: '42' },
      out: { type: 'string' },
      database: { type: 'string' },
      now: { type: 'boolean', default: false },
    },
  });
  const options = {
    nodes: Number(values.nodes),
    resources: Number(values.resources),
    seed: Number(values.seed),
    ...(values.now ? { timestamp: new Date().toISOString() } : {}),
  };
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    let n = 0;
    for (const catalog of generateFleet(options)) {
      writeFileSync(join(values.out, `${catalog.certname}.json`), JSON.stringify(catalog));
      n++;
    }
    process.stderr.write(`wrote ${n} catalogs to ${values.out}\n`);
  }
  if (values.database) {
    const resourcesModule = await import('@gatehouse/resources');
    const store = await resourcesModule.openStore(values.database);
    try {
      const result = await loadFleet(resourcesModule, store, options);
      process.stderr.write(
        `loaded ${result.catalogs} catalogs, ${result.resources} resources in ${(result.ms / 1000).toFixed(1)} s\n`,
      );
    } finally {
      await store.close();
    }
  }
  if (!values.out && !values.database) {
    process.stdout.write(`${JSON.stringify(catalogFor(0, options), null, 2)}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
