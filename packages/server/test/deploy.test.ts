/**
 * The README's "In production" recipe, as far as this machine allows: the systemd unit of deploy/ is
 * verified and its sandbox rated by systemd-analyze (systemd itself is not started here), and the
 * service runs with deploy/'s configuration file and secrets file (the database URL pointed at a
 * test PostgreSQL schema, folders and port moved to the test's) behind the README's nginx site,
 * with a test certificate in place of the real one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/ports.js';
import { configSchema } from '../src/config/schema.js';
import { binPath, firstPassword, useServe } from './support/cli.js';
import { useTestSchemas } from './support/pg-schema.js';
import { createCA, httpsCall } from './support/pki.js';
import { readmeFiles, useProxies } from './support/proxies.js';
import { useTempDirs } from './support/temp.js';

const deploy = (file: string) => fileURLToPath(new URL(`../../../deploy/${file}`, import.meta.url));
const unit = readFileSync(deploy('gatehouse.service'), 'utf8');
const INSTALLED_BIN = '/opt/gatehouse/node_modules/.bin/gatehouse';
const SITE = '/etc/nginx/conf.d/gatehouse.conf';

const serve = useServe();
const tempDir = useTempDirs();
const schema = useTestSchemas();
const proxies = useProxies(tempDir);

function systemdAnalyze(): string {
  const path = process.env.SYSTEMD_ANALYZE_PATH;
  if (!path)
    throw new Error('SYSTEMD_ANALYZE_PATH is not set: run `make test-setup` (scripts/setup/70-systemd.sh)');
  return path;
}

/** The variables of an environment file as systemd reads it (VARIABLE=value lines, # comments). */
function environmentFile(text: string): Record<string, string> {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  return Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** `Key=value` settings of the unit, every value of a key in order. */
function unitSettings(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
}

describe('deploy/gatehouse.service', () => {
  // verify checks that the commands exist: the installed path is replaced by this repository's command.
  const unitHere = () => {
    const file = join(tempDir(), 'gatehouse.service');
    writeFileSync(file, unit.replaceAll(INSTALLED_BIN, binPath));
    return file;
  };

  it('passes systemd-analyze verify', () => {
    expect(execFileSync(systemdAnalyze(), ['verify', unitHere()], { encoding: 'utf8', stdio: 'pipe' })).toBe(
      '',
    );
  });

  it('is rated "OK" by systemd-analyze security (exposure at most 2.0 of 10)', () => {
    const report = execFileSync(
      systemdAnalyze(),
      ['security', '--offline=yes', '--threshold=20', '--no-pager', unitHere()],
      { encoding: 'utf8', stdio: 'pipe' },
    );
    expect(report).toMatch(/Overall exposure level for gatehouse\.service: [01]\.\d OK|: 2\.0 OK/);
  });

  it('runs as its own user, with the files and folders the README installs', () => {
    expect(unitSettings('User')).toEqual(['gatehouse']);
    expect(unitSettings('StateDirectory')).toEqual(['gatehouse']);
    expect(unitSettings('EnvironmentFile')).toEqual(['/etc/gatehouse/gatehouse.env']);
    expect(unitSettings('Environment')).toEqual(['GATEHOUSE_CONFIG=/etc/gatehouse/gatehouse.config.json']);
    expect(unitSettings('ExecStartPre')).toEqual([`${INSTALLED_BIN} config check`]);
    expect(unitSettings('ExecStart')).toEqual([`${INSTALLED_BIN} serve`]);
    const config = configSchema.parse(JSON.parse(readFileSync(deploy('gatehouse.config.json'), 'utf8')));
    expect(config.server.dataDir).toBe('/var/lib/gatehouse');
    // systemd's stop timeout leaves the service its whole shutdown time.
    expect(Number.parseInt(unitSettings('TimeoutStopSec')[0]!, 10) * 1000).toBeGreaterThan(
      config.server.shutdownTimeout,
    );
  });
});

describe('the recipe running: deploy/ configuration and secrets, PostgreSQL, nginx with TLS in front', () => {
  it('answers over HTTPS through nginx, logs in with a Secure cookie, and keeps the loopback-only routes closed to proxied requests', {
    timeout: 120_000,
  }, async () => {
    const { url: database } = await schema();
    const secrets = environmentFile(readFileSync(deploy('gatehouse.env'), 'utf8'));
    expect(Object.keys(secrets)).toEqual(['GATEHOUSE_RESOURCES_DATABASE', 'SERVICE_WEBHOOK_SECRET']);
    const cwd = tempDir();
    mkdirSync(join(cwd, 'modules'));
    const service = await serve(cwd, ['--data-dir', join(cwd, 'data'), '--modules', join(cwd, 'modules')], {
      ...secrets,
      GATEHOUSE_RESOURCES_DATABASE: database,
      GATEHOUSE_CONFIG: deploy('gatehouse.config.json'),
    });
    expect(service.stderr()).toContain('resources: /pdb/query/v4 and /pdb/cmd/v1 on PostgreSQL');
    expect(service.stderr()).toContain('state: PostgreSQL');

    const pki = createCA(tempDir());
    const certificate = pki.server();
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    expect(readmeFiles('nginx').has(SITE)).toBe(true);
    await proxies.nginxSite(
      SITE,
      {
        '127.0.0.1:8080': new URL(service.url).host,
        'listen 443 ssl http2;': `listen 127.0.0.1:${httpsPort} ssl http2;`,
        '/etc/letsencrypt/live/gate.example.com/fullchain.pem': certificate.cert,
        '/etc/letsencrypt/live/gate.example.com/privkey.pem': certificate.key,
      },
      httpPort,
    );
    const gate = `https://127.0.0.1:${httpsPort}`;

    const plain = await fetch(`http://127.0.0.1:${httpPort}/ping`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/ping');

    const ping = await httpsCall(`${gate}/ping`, { ca: pki.caFile });
    expect([ping.status, ping.body]).toEqual([200, 'pong']);
    expect(ping.headers['strict-transport-security']).toBe('max-age=31536000');

    const login = await httpsCall(`${gate}/auth/local/login`, {
      ca: pki.caFile,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `user=admin&passwd=${firstPassword(service)}`,
    });
    expect(login.status).toBe(200);
    const jwtCookie = (login.headers['set-cookie'] as string[]).find((cookie) => cookie.startsWith('JWT='));
    expect(jwtCookie).toMatch(/; Secure/i);

    // PuppetDB commands are for this machine only; through the proxy they are refused.
    const command = await httpsCall(`${gate}/pdb/cmd/v1?command=deactivate_node&version=3&certname=x`, {
      ca: pki.caFile,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"certname":"x","producer_timestamp":"2030-01-01T00:00:00Z"}',
    });
    expect(command.status).toBe(403);
  });
});
