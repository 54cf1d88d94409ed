/**
 * The example catalogs of `examples/catalogs` fed through the real command route, with facts for
 * each node, a report for web1 and mon1 deactivated: the data the entity tests (and the
 * pypuppetdb test) query. The same feed was sent to a real PuppetDB 7.12.1 to check the answers'
 * shapes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const DIR = new URL('../../../../../examples/catalogs/', import.meta.url);

export const EXAMPLE_NODES = ['db1.example.com', 'mon1.example.com', 'web1.example.com', 'web2.example.com'];

/** The facts sent for the `index`-th node (sorted by certname). */
export function exampleFacts(certname: string, index: number): Record<string, unknown> {
  return {
    kernel: 'Linux',
    os: { family: 'Debian', release: { major: '12', full: '12.5' } },
    processorcount: 2 + index,
    uptime_seconds: 1000 * (index + 1),
    is_virtual: index % 2 === 0,
    ipaddress: `10.0.0.${index + 1}`,
    fqdn: certname,
    'dotted.name': 'x',
    mountpoints: ['/', '/boot'],
    empty: '',
    nothing: null,
  };
}

/** Sends one command through the real command route and waits until it is applied. */
export async function sendCommand(
  app: FastifyInstance,
  name: string,
  version: number,
  certname: string,
  payload: unknown,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/pdb/cmd/v1?command=${name}&version=${version}&certname=${certname}&secondsToWaitForCompletion=30`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  if (res.statusCode !== 200) throw new Error(`${name} ${certname}: ${res.statusCode} ${res.body}`);
}

/**
 * The facts Facter 4 and Puppet 7 send for the `index`-th example node (sorted by certname): the
 * example facts with `trusted`, `networking`, a full `os` and the versions, as dashboards read them.
 */
export function agentFacts(certname: string, index: number): Record<string, unknown> {
  const [hostname, ...domain] = certname.split('.');
  const ip = `10.0.0.${index + 1}`;
  return {
    ...exampleFacts(certname, index),
    trusted: { authenticated: 'remote', certname, domain: domain.join('.'), extensions: {}, hostname },
    networking: { fqdn: certname, hostname, ip, interfaces: { eth0: { ip, mtu: 1500 } } },
    os: {
      name: 'Debian',
      family: 'Debian',
      architecture: 'amd64',
      release: { major: '12', full: '12.5' },
    },
    kernelrelease: '6.1.0-18-amd64',
    puppetversion: '7.23.0',
  };
}

/** Feeds the example fleet into an app with the resources plugin; timestamps are relative to `now`. */
export async function feedExampleFleet(app: FastifyInstance, now: number): Promise<void> {
  const ts = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const [index, file] of files.entries()) {
    const catalog = JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));
    catalog.producer_timestamp = ts(-600 + index);
    await sendCommand(app, 'replace_catalog', 9, catalog.certname, catalog);
    await sendCommand(app, 'replace_facts', 5, catalog.certname, {
      certname: catalog.certname,
      environment: catalog.environment,
      producer_timestamp: ts(-500 + index),
      producer: 'puppet.example.com',
      values: exampleFacts(catalog.certname, index),
    });
  }
  await sendCommand(app, 'store_report', 8, 'web1.example.com', {
    certname: 'web1.example.com',
    environment: 'production',
    puppet_version: '7.23.0',
    report_format: 12,
    configuration_version: '1',
    start_time: ts(-400),
    end_time: ts(-399),
    producer_timestamp: ts(-398),
    producer: 'puppet.example.com',
    resources: [],
    metrics: [],
    logs: [],
    transaction_uuid: '11111111-1111-4111-8111-111111111111',
    catalog_uuid: '22222222-2222-4222-8222-222222222222',
    code_id: null,
    job_id: null,
    cached_catalog_status: 'not_used',
    status: 'changed',
    noop: false,
    corrective_change: false,
    noop_pending: false,
    type: 'agent',
  });
  await sendCommand(app, 'deactivate_node', 3, 'mon1.example.com', {
    certname: 'mon1.example.com',
    producer_timestamp: ts(-100),
  });
}
