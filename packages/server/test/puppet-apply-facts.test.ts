/**
 * `puppet apply --storeconfigs` with no routes.yaml (Puppet's defaults): the PuppetDB terminus asks
 * the service for the node's facts (`GET /pdb/query/v4/nodes/<certname>/facts`, gzip accepted)
 * before running Facter, and compiles with what it gets. The first run of an unknown node gets
 * PuppetDB's 404 and falls back to Facter; once the service holds facts for the node, the catalog
 * is compiled with those. Needs PUPPET_BIN (scripts/setup/50-puppet.sh).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import '@gatehouse/resources'; // app.gatehouseResources
import { describe, expect, it, vi } from 'vitest';
import { useApps } from './support/app.js';
import { createCA, httpsCall } from './support/pki.js';
import { puppetApply, puppetErrors } from './support/puppet.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

describe('puppet apply reads its facts from the service', () => {
  it('falls back to Facter for an unknown node, then compiles with the facts the service holds', async () => {
    const dir = tempDir();
    const ca = createCA(dir);
    const server = ca.server();
    const certname = 'node3.example.com';
    const { url } = await start({
      tls: { cert: server.cert, key: server.key, ca: ca.caFile, clientCerts: 'optional' },
      access: { commands: { certificates: [certname] }, queries: ['loopback', { certificates: [certname] }] },
    });
    const seen = join(dir, 'seen');
    const manifest = `file { '${seen}': content => "seeded=\${facts['gatehouse_seeded']} fqdn=\${facts['networking']['fqdn']}\\n" }\n`;
    const pair = ca.client(certname);

    // First run: the service knows nothing of node3 (404), Facter's facts are used and stored.
    const first = await puppetApply(dir, ca, certname, pair, url, manifest, { routes: false });
    expect(puppetErrors(first.output)).toEqual([]);
    expect(first.code).toBe(0);
    expect(readFileSync(seen, 'utf8')).toMatch(/^seeded= fqdn=/);
    // the run's facts are acknowledged once queued: wait (bounded) until they are applied
    const stored = await vi.waitFor(
      async () => {
        const facts = await httpsCall(`${url}/pdb/query/v4/nodes/${certname}/facts`, { ca: ca.caFile });
        expect(facts.status, facts.body).toBe(200);
        const list = JSON.parse(facts.body) as { name: string; value: unknown }[];
        expect(list.some((f) => f.name === 'networking')).toBe(true);
        return list;
      },
      { timeout: 20_000, interval: 200 },
    );
    const fqdn = stored.find((f) => f.name === 'networking')?.value as { fqdn: string } | undefined;
    expect(fqdn?.fqdn).toBeTruthy();

    // The service now holds facts with one Facter never reports: the next run compiles with them.
    const replace = await httpsCall(
      `${url}/pdb/cmd/v1?command=replace_facts&version=5&certname=${certname}&secondsToWaitForCompletion=30`,
      {
        ca: ca.caFile,
        method: 'POST',
        client: pair,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          certname,
          environment: 'production',
          producer_timestamp: new Date().toISOString(),
          producer: 'puppet.example.com',
          values: {
            ...Object.fromEntries(stored.map((f) => [f.name, f.value])),
            gatehouse_seeded: 'from-gatehouse',
          },
        }),
      },
    );
    expect(replace.status, replace.body).toBe(200);
    const second = await puppetApply(dir, ca, certname, pair, url, manifest, { routes: false });
    expect(puppetErrors(second.output)).toEqual([]);
    expect(second.code).toBe(0);
    expect(readFileSync(seen, 'utf8')).toBe(`seeded=from-gatehouse fqdn=${fqdn!.fqdn}\n`);
  }, 240_000);
});
