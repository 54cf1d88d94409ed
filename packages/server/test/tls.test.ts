/** Native HTTPS with client certificates and the certificate allowlist, over real TLS on 127.0.0.1. */
import { copyFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { describe, expect, it, vi } from 'vitest';
import { deactivateCommand, fromRemote, useApps } from './support/app.js';
import { runCli, useServe } from './support/cli.js';
import { createCA, httpsCall, type TestCA } from './support/pki.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

function tlsConfig(ca: TestCA, clientCerts: 'none' | 'optional' | 'required') {
  const server = ca.server();
  return { cert: server.cert, key: server.key, ca: ca.caFile, clientCerts };
}

describe('HTTPS', () => {
  it('serves over TLS and names https in its URL', async () => {
    const ca = createCA(tempDir());
    const { url } = await start({ tls: tlsConfig(ca, 'none') });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await httpsCall(`${url}/ping`, { ca: ca.caFile });
    expect([answer.status, answer.body]).toEqual([200, 'pong']);
    await expect(fetch(url.replace('https:', 'http:'))).rejects.toThrow();
  });

  it('refuses a handshake without a client certificate when they are required', async () => {
    const ca = createCA(tempDir());
    const { url } = await start({ tls: tlsConfig(ca, 'required') });
    await expect(httpsCall(`${url}/ping`, { ca: ca.caFile })).rejects.toThrow();
    const answer = await httpsCall(`${url}/ping`, { ca: ca.caFile, client: ca.client('anyone') });
    expect(answer.status).toBe(200);
  });

  it('reloads the key pair on SIGHUP without dropping an open connection', async () => {
    const ca = createCA(tempDir());
    const tls = tlsConfig(ca, 'none');
    const { url } = await start({ tls });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await httpsCall(`${url}/ping`, { ca: ca.caFile, agent });
      const renewed = ca.server('renewed');
      copyFileSync(renewed.cert, tls.cert);
      copyFileSync(renewed.key, tls.key);
      process.emit('SIGHUP', 'SIGHUP');
      const sameConnection = await httpsCall(`${url}/ping`, { ca: ca.caFile, agent });
      expect(sameConnection.status).toBe(200);
      expect(sameConnection.localPort).toBe(before.localPort);
      expect(sameConnection.serverFingerprint).toBe(before.serverFingerprint);
      const fresh = await httpsCall(`${url}/ping`, { ca: ca.caFile });
      expect(fresh.serverFingerprint).not.toBe(before.serverFingerprint);
    } finally {
      agent.destroy();
    }
  });

  it('reloads the key pair when its files change', async () => {
    const ca = createCA(tempDir());
    const tls = tlsConfig(ca, 'none');
    const { url } = await start({ tls });
    const first = await httpsCall(`${url}/ping`, { ca: ca.caFile });
    const renewed = ca.server('renewed');
    copyFileSync(renewed.key, tls.key);
    copyFileSync(renewed.cert, tls.cert);
    await vi.waitFor(
      async () => {
        const now = await httpsCall(`${url}/ping`, { ca: ca.caFile });
        expect(now.serverFingerprint).not.toBe(first.serverFingerprint);
      },
      { timeout: 10_000, interval: 250 },
    );
  });
});

describe('certificate allowlist', () => {
  async function withAllowlist(rule: Record<string, unknown>) {
    const ca = createCA(tempDir());
    const started = await start({ tls: tlsConfig(ca, 'optional'), access: { commands: rule } });
    const post = (client?: ReturnType<TestCA['client']>) =>
      httpsCall(`${started.url}/pdb/cmd/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fromRemote },
        body: deactivateCommand,
        ca: ca.caFile,
        ...(client ? { client } : {}),
      });
    return { ca, post, ...started };
  }

  it('admits a listed CN, refuses an unlisted one (403) and a missing certificate (401), in PuppetDB text', async () => {
    const { ca, post } = await withAllowlist({ certificates: ['Puppet.Example.com'] });
    expect((await post(ca.client('puppet.example.com'))).status).toBe(200);
    const unlisted = await post(ca.client('intruder.example.com'));
    expect([unlisted.status, unlisted.body]).toEqual([
      403,
      'access denied: certificate intruder.example.com is not in the allowlist',
    ]);
    expect(unlisted.headers['content-type']).toMatch(/^text\/plain/);
    const none = await post();
    expect([none.status, none.body]).toEqual([401, 'not authorized: no client certificate']);
  });

  it('matches a DNS name when the CN is not listed', async () => {
    const { ca, post } = await withAllowlist({ certificates: ['puppet.example.com'] });
    expect((await post(ca.client('node-42', ['other.example.com', 'puppet.example.com']))).status).toBe(200);
  });

  it('refuses a certificate from another authority even with a listed name', async () => {
    const { post } = await withAllowlist({ certificates: ['puppet.example.com'] });
    const stranger = createCA(tempDir(), 'Stranger CA');
    const answer = await post(stranger.client('puppet.example.com'));
    expect([answer.status, answer.body]).toEqual([
      403,
      'access denied: the client certificate is not trusted',
    ]);
  });

  it('reads an allowlist file and re-reads it on SIGHUP', async () => {
    const file = `${tempDir()}/allowlist`;
    writeFileSync(file, '# PuppetDB certificate-allowlist\npuppet.example.com\n');
    const { ca, post } = await withAllowlist({ certificateFile: file });
    const newcomer = ca.client('newcomer.example.com');
    expect((await post(ca.client('puppet.example.com'))).status).toBe(200);
    expect((await post(newcomer)).status).toBe(403);
    writeFileSync(file, 'puppet.example.com\nnewcomer.example.com\n');
    process.emit('SIGHUP', 'SIGHUP');
    expect((await post(newcomer)).status).toBe(200);
  });
});

describe('gatehouse users revoke over HTTPS', () => {
  const serve = useServe();

  it('reaches the running service with its certificate pinned to tls.cert', async () => {
    const cwd = tempDir();
    const ca = createCA(tempDir());
    writeFileSync(`${cwd}/gatehouse.config.json`, JSON.stringify({ tls: tlsConfig(ca, 'none') }));
    const add = await runCli(['users', 'add', 'alice', '--password-stdin'], {
      cwd,
      input: 'alice-password\n',
    });
    expect(add.code).toBe(0);
    const service = await serve(cwd);
    expect(service.url).toMatch(/^https:/);
    const login = await httpsCall(`${service.url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'alice', passwd: 'alice-password' }),
      ca: ca.caFile,
    });
    const jwt = /JWT=([^;]+)/.exec([login.headers['set-cookie'] ?? []].flat().join('\n'))![1]!;
    const user = () => httpsCall(`${service.url}/auth/user`, { headers: { 'x-jwt': jwt }, ca: ca.caFile });
    expect((await user()).status).toBe(200);
    const port = new URL(service.url).port;
    const revoke = await runCli(['users', 'revoke', 'alice', '--port', port], { cwd });
    expect([revoke.code, revoke.stderr.trim()]).toEqual([0, 'revoked every session of alice']);
    expect((await user()).status).toBe(401);
    // another certificate in tls.cert than the one served: the CLI refuses to talk
    writeFileSync(
      `${cwd}/gatehouse.config.json`,
      JSON.stringify({ tls: { ...tlsConfig(ca, 'none'), cert: ca.server('other').cert } }),
    );
    const pinned = await runCli(['users', 'revoke', 'alice', '--port', port], { cwd });
    expect(pinned.code).toBe(1);
    expect(pinned.stderr).toMatch(/is not the one in tls\.cert/);
  });
});
