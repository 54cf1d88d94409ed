/**
 * Puppet's own PuppetDB terminus (Debian `puppet-agent` + `puppet-terminus-puppetdb`, from
 * scripts/setup/50-puppet.sh) talks to the service directly over HTTPS with client certificates
 * from a throw-away CA: `puppet apply` with storeconfigs submits facts and a catalog, and collects
 * a resource another node exported; a node whose certificate is not in the allowlist gets 403 and
 * stores nothing. Needs PUPPET_BIN.
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

describe('Puppet PuppetDB terminus over direct TLS', () => {
  it('stores facts and catalogs, collects exported resources, and refuses a certificate outside the allowlist', async () => {
    const dir = tempDir();
    const ca = createCA(dir);
    const server = ca.server();
    const allowed = ['node1.example.com', 'node2.example.com'];
    const { url, app } = await start({
      tls: { cert: server.cert, key: server.key, ca: ca.caFile, clientCerts: 'optional' },
      access: { commands: { certificates: allowed }, queries: ['loopback', { certificates: allowed }] },
    });
    const collected = join(dir, 'collected-from-node2');

    // node2 exports a file; its catalog (and facts) go to the service
    const exporter = await puppetApply(
      dir,
      ca,
      'node2.example.com',
      ca.client('node2.example.com'),
      url,
      `@@file { '${collected}': content => "exported by node2\\n", tag => 'gatehouse_share' }\n`,
    );
    expect(puppetErrors(exporter.output)).toEqual([]);
    expect(exporter.code).toBe(0);

    // node1 collects what node2 exported: the file appears on node1's side
    const collector = await puppetApply(
      dir,
      ca,
      'node1.example.com',
      ca.client('node1.example.com'),
      url,
      `File <<| tag == 'gatehouse_share' |>>\nnotify { 'node1 ran': }\n`,
    );
    expect(puppetErrors(collector.output)).toEqual([]);
    expect(collector.code).toBe(0);
    expect(readFileSync(collected, 'utf8')).toBe('exported by node2\n');

    // both nodes' catalogs are queryable, and their facts (with the probe fact) are in the store
    const resourcesOf = async (certname: string) => {
      const query = encodeURIComponent(JSON.stringify(['=', 'certname', certname]));
      const answer = await httpsCall(`${url}/pdb/query/v4/resources?query=${query}`, { ca: ca.caFile });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body) as { type: string; title: string; exported: boolean }[];
    };
    // commands are acknowledged once queued (durable queue), so node1's catalog, submitted at the
    // end of its run, is applied a moment after `puppet apply` returns: wait for it, bounded
    const probe = (certname: string) =>
      app.gatehouseResources.store.all(
        "SELECT value FROM facts WHERE certname = ? AND name = 'gatehouse_probe'",
        [certname],
      );
    await vi.waitFor(
      async () => {
        expect((await resourcesOf('node2.example.com')).some((r) => r.type === 'File' && r.exported)).toBe(
          true,
        );
        expect((await resourcesOf('node1.example.com')).some((r) => r.title === 'node1 ran')).toBe(true);
        expect(await probe('node1.example.com')).toEqual([{ value: '"node1.example.com"' }]);
        expect(await probe('node2.example.com')).toEqual([{ value: '"node2.example.com"' }]);
      },
      { timeout: 20_000, interval: 200 },
    );

    // a certificate from the same CA but outside the allowlist: 403, nothing stored
    const outsider = await puppetApply(
      dir,
      ca,
      'intruder.example.com',
      ca.client('intruder.example.com'),
      url,
      `notify { 'intruder ran': }\n`,
    );
    expect(outsider.code).not.toBe(0);
    expect(outsider.output).toMatch(/403/);
    expect(await resourcesOf('intruder.example.com')).toEqual([]);
    expect(await probe('intruder.example.com')).toEqual([]);
  }, 240_000);
});
