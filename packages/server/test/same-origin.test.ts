/**
 * Loopback trust against browsers of other sites and DNS rebinding, on a real `gatehouse serve`:
 * cross-site command and webhook posts are refused 403, a foreign `Host` reads nothing (421), and
 * clients that send no `Origin` and their own `Host` (Puppet, curl, pypuppetdb) are unaffected.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deactivateCommand, fromRemote } from './support/app.js';
import { buildCli, type ServingProcess, startServe } from './support/cli.js';
import { httpCall } from './support/http-call.js';
import { makeTempDir } from './support/temp.js';

let cwd: string;
let service: ServingProcess;
let port: string;

const HELLO = "export default class { handleHello(p: { name?: string }) { return 'hi ' + p.name; } }";

beforeAll(async () => {
  buildCli();
  // One service for the whole file (not useTempDirs, which empties the folder after each test).
  cwd = makeTempDir('gatehouse-origin-');
  mkdirSync(`${cwd}/modules`);
  writeFileSync(`${cwd}/modules/hello.ts`, HELLO);
  writeFileSync(
    `${cwd}/gatehouse.config.json`,
    JSON.stringify({ server: { hosts: ['puppetdb.example.net'] }, webhooks: { modulesDir: 'modules' } }),
  );
  service = await startServe(['--port', '0'], { cwd });
  port = new URL(service.url).port;
}, 120_000);

afterAll(async () => {
  await service?.stop();
  rmSync(cwd, { recursive: true, force: true });
});

const command = (headers: Record<string, string>) =>
  httpCall(`${service.url}/pdb/cmd/v1`, {
    method: 'POST',
    headers: { host: `127.0.0.1:${port}`, ...headers },
    body: deactivateCommand,
  });

describe('an unsafe request on a loopback-trusted route', () => {
  it('refuses a command posted by a page of another site (text/plain, foreign Origin): 403 in JSON', async () => {
    const answer = await command({ 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'cross-site request refused: Origin "https://evil.example" is not this service',
    });
  });

  it('refuses Sec-Fetch-Site cross-site or same-site even without Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await command({ 'content-type': 'application/json', 'sec-fetch-site': site });
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        403,
        { error: `cross-site request refused: Sec-Fetch-Site "${site}"` },
      ]);
    }
  });

  it('refuses an Origin of "null" (a sandboxed frame, a data: page)', async () => {
    expect((await command({ 'content-type': 'text/plain', origin: 'null' })).status).toBe(403);
  });

  it('refuses a webhook run by a form post from another site, and runs it for curl', async () => {
    const url = `${service.url}/webhook/hello/handleHello`;
    const form = await httpCall(url, {
      method: 'POST',
      headers: {
        host: `127.0.0.1:${port}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'name=Mallory',
    });
    expect(form.status).toBe(403);
    const curl = await httpCall(url, {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect([curl.status, JSON.parse(curl.body)]).toEqual([200, { success: true, data: 'hi Ada' }]);
  });

  it("accepts commands from curl or Puppet (no Origin) and from the service's own pages", async () => {
    expect((await command({ 'content-type': 'application/json' })).status).toBe(200);
    const own = await command({
      'content-type': 'application/json',
      origin: `http://127.0.0.1:${port}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const typed = await command({ 'content-type': 'application/json', 'sec-fetch-site': 'none' });
    expect(typed.status).toBe(200);
  });
});

describe('the Host of a request on a loopback-trusted route', () => {
  const query = (host: string, headers: Record<string, string> = {}) =>
    httpCall(`${service.url}/pdb/query/v4/facts`, { headers: { host, ...headers } });

  it('refuses a foreign Host (DNS rebinding) with 421 before anything is read', async () => {
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`]) {
      const answer = await query(host);
      expect(answer.status, host).toBe(421);
      expect(JSON.parse(answer.body), host).toEqual({
        error: `misdirected request: Host "${host}" is not a name of this service (server.url, server.hosts) nor an address it listens on`,
      });
    }
    const metrics = await httpCall(`${service.url}/metrics`, { headers: { host: 'evil.example' } });
    expect(metrics.status).toBe(421);
    const admin = await httpCall(`${service.url}/admin/access`, { headers: { host: 'evil.example' } });
    expect(admin.status).toBe(421);
  });

  it('answers the listening address, localhost and the names in server.hosts', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST.:${port}`,
      `puppetdb.example.net:${port}`,
    ]) {
      expect((await query(host)).status, host).toBe(200);
    }
  });

  it('leaves public routes and requests not trusted because of loopback alone', async () => {
    expect((await httpCall(`${service.url}/ping`, { headers: { host: 'evil.example' } })).status).toBe(200);
    // Relayed by a proxy: not a loopback client, so the access rule decides (401), not the Host.
    expect((await query('evil.example', fromRemote)).status).toBe(401);
  });
});

describe('the service after every refusal', () => {
  it('is still up', async () => {
    expect((await httpCall(`${service.url}/ping`)).status).toBe(200);
    expect(service.child.exitCode).toBeNull();
  });
});
