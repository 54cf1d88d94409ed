/** Puppet's own PuppetDB terminus driven by `puppet apply` (Debian packages from scripts/setup/50-puppet.sh). */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyPair, TestCA } from './pki.js';

export function puppetBin(): string {
  const bin = process.env.PUPPET_BIN;
  if (!bin) throw new Error('PUPPET_BIN is not set: run `make test-setup` (scripts/setup/50-puppet.sh)');
  return bin;
}

export interface PuppetRun {
  code: number;
  output: string;
}

/**
 * `puppet apply` of `manifest` as `certname`, with its own confdir, certificate and puppetdb.conf.
 * With `routes` (the default) a routes.yaml sends facts to PuppetDB without reading them back
 * (`puppetdb_apply`); without it Puppet's storeconfigs defaults apply, which read the node's
 * facts from `/pdb/query/v4/nodes/<certname>/facts` before running Facter. With `reports` the run's
 * report goes to PuppetDB too (`reports = puppetdb`, a `store report` v8 command).
 */
export function puppetApply(
  dir: string,
  ca: TestCA,
  certname: string,
  pair: KeyPair,
  url: string,
  manifest: string,
  options: { readonly routes?: boolean; readonly reports?: boolean } = {},
) {
  const base = join(dir, certname);
  mkdirSync(base, { recursive: true });
  writeFileSync(join(base, 'puppetdb.conf'), `[main]\nserver_urls = ${url}\nsoft_write_failure = false\n`);
  const routes = options.routes ?? true;
  if (routes) {
    writeFileSync(
      join(base, 'routes.yaml'),
      '---\napply:\n  catalog:\n    terminus: compiler\n    cache: puppetdb\n  facts:\n    terminus: facter\n    cache: puppetdb_apply\n',
    );
  }
  writeFileSync(join(base, 'site.pp'), manifest);
  const args = [
    'apply',
    `--confdir=${base}`,
    `--vardir=${join(base, 'var')}`,
    `--codedir=${join(base, 'code')}`,
    `--logdir=${join(base, 'log')}`,
    `--rundir=${join(base, 'run')}`,
    `--certname=${certname}`,
    `--hostcert=${pair.cert}`,
    `--hostprivkey=${pair.key}`,
    `--localcacert=${ca.caFile}`,
    '--certificate_revocation=false',
    '--storeconfigs',
    '--storeconfigs_backend=puppetdb',
    ...(routes ? [`--route_file=${join(base, 'routes.yaml')}`] : []),
    ...(options.reports ? ['--report', '--reports=puppetdb'] : ['--no-report']),
    '--color=false',
    join(base, 'site.pp'),
  ];
  return new Promise<PuppetRun>((resolve) => {
    execFile(
      puppetBin(),
      args,
      { env: { ...process.env, HOME: base, FACTER_gatehouse_probe: certname }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Puppet's error lines, less Facter's complaints about what a sandbox hides (`/proc/1/environ`). */
export function puppetErrors(output: string): string[] {
  return output.split('\n').filter((line) => /^Error:/.test(line) && !/^Error: Facter:/.test(line));
}
