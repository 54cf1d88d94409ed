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

/** Small fast seeded PRNG (mulberry32): the same seed gives the same fleet. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROLES = ['web', 'web', 'web', 'app', 'app', 'db', 'cache', 'lb', 'monitoring'];
const ENVIRONMENTS = [
  'production',
  'production',
  'production',
  'production',
  'production',
  'production',
  'production',
  'staging',
  'staging',
  'development',
];
const BASE_PACKAGES = [
  'curl',
  'vim',
  'htop',
  'rsync',
  'git',
  'sudo',
  'openssh-server',
  'ca-certificates',
  'chrony',
  'logrotate',
  'unattended-upgrades',
  'jq',
];
const USERS = ['alice', 'bob', 'carol', 'deploy', 'backup', 'monitor', 'dave', 'erin'];
const MOD = '/etc/puppetlabs/code/environments/production/modules';

function classTags(name) {
  const parts = name.toLowerCase().split('::');
  const tags = ['class'];
  for (let i = 0; i < parts.length; i++) tags.push(parts.slice(0, i + 1).join('::'), parts[i]);
  return tags;
}

function resource(type, title, parameters, cls, file, line, exported = false) {
  const tags = [...new Set([type.toLowerCase(), ...type.toLowerCase().split('::'), ...classTags(cls)])];
  return { type, title, exported, file, line, tags, parameters };
}

/** The base profile every node gets (identical parameters on every node: shared hashes). */
function baseResources(role) {
  const out = [];
  for (const [i, name] of BASE_PACKAGES.entries()) {
    out.push(
      resource(
        'Package',
        name,
        { ensure: 'installed' },
        'Profile::Base',
        `${MOD}/profile/manifests/base.pp`,
        10 + i,
      ),
    );
  }
  for (const [i, name] of USERS.entries()) {
    out.push(
      resource(
        'User',
        name,
        {
          ensure: 'present',
          uid: 2000 + i,
          gid: name,
          shell: '/bin/bash',
          home: `/home/${name}`,
          managehome: true,
          groups: i % 2 ? ['sudo', 'adm'] : ['adm'],
        },
        'Accounts',
        `${MOD}/accounts/manifests/user.pp`,
        31,
      ),
      resource(
        'Group',
        name,
        { ensure: 'present', gid: 2000 + i },
        'Accounts',
        `${MOD}/accounts/manifests/user.pp`,
        25,
      ),
    );
  }
  out.push(
    resource(
      'File',
      '/etc/chrony/chrony.conf',
      {
        ensure: 'file',
        owner: 'root',
        group: 'root',
        mode: '0644',
        content: 'pool 2.debian.pool.ntp.org iburst\n',
      },
      'Chrony',
      `${MOD}/chrony/manifests/config.pp`,
      12,
    ),
    resource(
      'Service',
      'chrony',
      { ensure: 'running', enable: true },
      'Chrony',
      `${MOD}/chrony/manifests/service.pp`,
      4,
    ),
    resource(
      'Sysctl::Value',
      'net.core.somaxconn',
      { value: role === 'db' ? '1024' : '4096' },
      'Profile::Base',
      `${MOD}/profile/manifests/base.pp`,
      40,
    ),
    resource(
      'Sysctl::Value',
      'vm.swappiness',
      { value: role === 'db' ? '1' : '10' },
      'Profile::Base',
      `${MOD}/profile/manifests/base.pp`,
      41,
    ),
    resource(
      'File',
      '/etc/ssh/sshd_config',
      {
        ensure: 'file',
        owner: 'root',
        mode: '0600',
        notify: 'Service[ssh]',
        settings: { PermitRootLogin: 'no', PasswordAuthentication: false, AllowGroups: ['adm', 'sudo'] },
      },
      'Ssh::Server',
      `${MOD}/ssh/manifests/server.pp`,
      20,
    ),
    resource(
      'Service',
      'ssh',
      { ensure: 'running', enable: true, hasrestart: true },
      'Ssh::Server',
      `${MOD}/ssh/manifests/server.pp`,
      33,
    ),
  );
  return out;
}

/** Role resources up to `count`, numbered so titles stay unique on a node. */
function roleResources(role, certname, env, count, random) {
  const out = [];
  const vhostType = role === 'lb' ? 'Haproxy::Backend' : 'Nginx::Vhost';
  for (let n = 0; out.length < count; n++) {
    const pick = random();
    const site = `site${n % 40}.example.com`;
    if (pick < 0.45) {
      out.push(
        resource(
          'File',
          `/etc/${role}/conf.d/${String(n).padStart(4, '0')}.conf`,
          {
            ensure: 'file',
            owner: role === 'db' ? 'postgres' : 'root',
            group: 'root',
            mode: n % 3 ? '0644' : '0640',
            content: `# ${role} ${n}\nworkers=${1 + (n % 8)}\n`,
            notify: `Service[${role}]`,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          20 + (n % 80),
        ),
      );
    } else if (pick < 0.55) {
      out.push(
        resource(
          vhostType,
          `${site}-${n}`,
          {
            server_name: [site, `www.${site}`],
            listen_port: 443 + (n % 3),
            ssl: n % 4 !== 0,
            locations: {
              '/': { proxy: `http://127.0.0.1:${8000 + (n % 20)}`, timeout: '90s' },
              '/static': { root: `/srv/${site}/static`, expires: '7d' },
            },
            environment: env,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          60,
        ),
      );
    } else if (pick < 0.65) {
      out.push(
        resource(
          'Package',
          `${role}-plugin-${n}`,
          {
            ensure: n % 5 ? 'installed' : `1.${n % 10}.${n % 7}`,
            install_options: ['--no-install-recommends'],
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          12,
        ),
      );
    } else if (pick < 0.72) {
      out.push(
        resource(
          'Exec',
          `${role}-refresh-${n}`,
          {
            command: `/usr/local/bin/${role}-refresh --item ${n}`,
            refreshonly: true,
            path: ['/usr/bin', '/bin', '/usr/local/bin'],
            timeout: 300,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          90,
        ),
      );
    } else if (pick < 0.8) {
      out.push(
        resource(
          'Cron',
          `${role}-job-${n}`,
          {
            command: `/usr/local/bin/job-${n}`,
            user: 'root',
            hour: n % 24,
            minute: (n * 7) % 60,
            environment: ['PATH=/usr/bin:/bin', `MAILTO=ops+${role}@example.com`],
          },
          'Cron::Jobs',
          `${MOD}/cron/manifests/job.pp`,
          8,
        ),
      );
    } else if (pick < 0.87) {
      out.push(
        resource(
          'Concat::Fragment',
          `${role}-fragment-${n}`,
          {
            target: `/etc/${role}/${role}.conf`,
            order: String(10 + (n % 90)),
            content: `option_${n} = ${n % 2 === 0}\n`,
          },
          `Profile::${cap(role)}`,
          `${MOD}/concat/manifests/fragment.pp`,
          5,
        ),
      );
    } else if (pick < 0.93) {
      out.push(
        resource(
          'Firewall',
          `${100 + (n % 800)} allow ${role} ${n}`,
          { dport: [80 + (n % 10), 443], proto: 'tcp', action: 'accept', source: `10.${n % 16}.0.0/16` },
          'Profile::Firewall',
          `${MOD}/profile/manifests/firewall.pp`,
          30,
        ),
      );
    } else if (pick < 0.98) {
      out.push(
        resource(
          'Mount',
          `/srv/data${n}`,
          {
            ensure: 'mounted',
            device: `/dev/mapper/vg0-data${n}`,
            fstype: n % 2 ? 'xfs' : 'ext4',
            options: 'noatime',
            dump: 0,
            pass: 2,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          70,
        ),
      );
    } else {
      // Exported resources: the monitoring and load-balancer collection pattern.
      const kind = n % 3;
      if (kind === 0)
        out.push(
          resource(
            'Nagios_service',
            `${certname}-check-${n}`,
            {
              host_name: certname,
              check_command: `check_${role}!${n}`,
              service_description: `${role} ${n}`,
              notification_options: { warning: true, critical: true },
            },
            'Monitoring',
            `${MOD}/monitoring/manifests/service.pp`,
            14,
            true,
          ),
        );
      else if (kind === 1)
        out.push(
          resource(
            'Haproxy::Balancermember',
            `${certname}-${n}`,
            {
              listening_service: role,
              server_names: certname,
              ports: String(8000 + (n % 20)),
              options: 'check inter 2000',
            },
            `Profile::${cap(role)}`,
            `${MOD}/profile/manifests/${role}.pp`,
            99,
            true,
          ),
        );
      else
        out.push(
          resource(
            'Concat::Fragment',
            `exported-${certname}-${n}`,
            { target: '/etc/hosts.d/fleet', content: `10.0.0.1 ${certname}\n`, tag: 'fleet_hosts' },
            'Hosts',
            `${MOD}/hosts/manifests/export.pp`,
            3,
            true,
          ),
        );
    }
  }
  return out;
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

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
