// Facter-shaped facts for the nodes of the bench fleet (bench/fleet-gen.mjs: same certnames and
// environments), so the fact entities (factsets, inventory, fact-contents, fact-paths) can be
// measured beside PuppetDB on the same data. About 90 top-level facts and 300 leaves per node:
// os, networking with four interfaces, processors, memory, mountpoints, partitions, disks,
// ssh keys, uptime, trusted, and role facts; deterministic per node.
//
// As a library: import { factsFor, loadFleetFacts, loadPuppetdbFacts } from './resources-facts.mjs'
import { catalogFor } from './fleet-gen.mjs';
import { rng } from './fleet-resources.mjs';

/** The `replace facts` v5 payload of fleet node `index` (its certname and environment from the catalog). */
export function factsFor(index, { seed = 42, timestamp = new Date().toISOString() } = {}) {
  const { certname, environment } = catalogFor(index, { resources: 1, seed });
  const random = rng(seed * 7_919 + index);
  const [hostname, ...rest] = certname.split('.');
  const ip = `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`;
  const interfaces = Object.fromEntries(
    ['eth0', 'eth1', 'lo', 'docker0'].map((name, i) => [
      name,
      {
        ip: i === 2 ? '127.0.0.1' : `${ip.split('.').slice(0, 3).join('.')}.${i}`,
        mtu: 1500,
        mac: `02:00:00:00:${i}:${index & 255}`,
      },
    ]),
  );
  const mounts = Object.fromEntries(
    ['/', '/boot', '/var', '/home', '/srv'].map((path, i) => [
      path,
      {
        device: `/dev/sda${i + 1}`,
        filesystem: 'ext4',
        size_bytes: (i + 1) * 10_737_418_240,
        capacity: `${Math.floor(random() * 90)}%`,
        options: ['rw', 'relatime'],
      },
    ]),
  );
  const values = {
    trusted: {
      authenticated: 'remote',
      certname,
      domain: rest.join('.'),
      extensions: { pp_role: hostname.replace(/\d+$/, '') },
      hostname,
    },
    os: {
      name: 'Debian',
      family: 'Debian',
      architecture: 'amd64',
      release: { major: '12', minor: String(index % 6), full: `12.${index % 6}` },
      selinux: { enabled: false },
    },
    networking: { fqdn: certname, hostname, domain: rest.join('.'), ip, interfaces, primary: 'eth0' },
    processors: {
      count: 2 ** (1 + (index % 4)),
      physicalcount: 1,
      models: Array.from({ length: 4 }, () => 'Intel(R) Xeon(R) Gold 6230'),
    },
    memory: {
      system: {
        total_bytes: 8_589_934_592 * (1 + (index % 4)),
        used_bytes: Math.floor(random() * 8_000_000_000),
        capacity: `${Math.floor(random() * 100)}%`,
      },
    },
    mountpoints: mounts,
    partitions: Object.fromEntries(
      Object.values(mounts).map((m) => [m.device, { size_bytes: m.size_bytes, filesystem: 'ext4' }]),
    ),
    disks: { sda: { model: 'QEMU HARDDISK', size_bytes: 107_374_182_400, vendor: 'ATA' } },
    ssh: {
      ed25519: {
        fingerprints: { sha1: `SSHFP 4 1 ${index}`, sha256: `SSHFP 4 2 ${index}` },
        key: `AAAAC3Nza${index}`,
      },
    },
    system_uptime: {
      days: index % 90,
      hours: (index % 90) * 24,
      seconds: (index % 90) * 86_400,
      uptime: `${index % 90} days`,
    },
    kernel: 'Linux',
    kernelrelease: '6.1.0-18-amd64',
    kernelversion: '6.1.0',
    puppetversion: '7.23.0',
    facterversion: '4.5.1',
    is_virtual: index % 3 !== 0,
    virtual: index % 3 !== 0 ? 'kvm' : 'physical',
    timezone: 'UTC',
    load_averages: { '1m': random() * 4, '5m': random() * 4, '15m': random() * 4 },
    environment,
  };
  // Legacy flat facts, as Facter still adds for compatibility and real fleets keep sending.
  for (let i = 0; i < 70; i++)
    values[`custom_fact_${String(i).padStart(2, '0')}`] = i % 7 === 0 ? i * index : `value-${i % 11}`;
  return { certname, environment, producer_timestamp: timestamp, producer: 'puppet.example.com', values };
}

/** Stores the facts of nodes 0..nodes-1 through the package's own checks and apply; returns { factsets, ms }. */
export async function loadFleetFacts(resourcesModule, store, { nodes }) {
  const { applyCommand, readCommand } = resourcesModule;
  const started = performance.now();
  const now = new Date().toISOString();
  for (let i = 0; i < nodes; i++) {
    const payload = factsFor(i, { timestamp: now });
    const query = { command: 'replace_facts', version: '5', certname: payload.certname };
    await applyCommand(store, readCommand({ query, body: payload, now }), now);
  }
  return { factsets: nodes, ms: performance.now() - started };
}

/** Sends the same facts to a PuppetDB (its command API, 4 at a time) and waits for its queue. */
export async function loadPuppetdbFacts(base, { nodes }) {
  const now = new Date().toISOString();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < nodes; i = next++) {
      const payload = factsFor(i, { timestamp: now });
      const url = `${base}/pdb/cmd/v1?command=replace_facts&version=5&certname=${payload.certname}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (!res.ok) throw new Error(`${payload.certname}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  for (;;) {
    const status = await (await fetch(`${base}/status/v1/services/puppetdb-status`)).json();
    if ((status.status?.queue_depth ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
