/** The webhooks area in the built service, over real HTTP: modules folder, secret, config and flag. */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/load.js';
import { openDataFolder } from '../src/data/folder.js';
import { runCli, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const serve = useServe();
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const HELLO = "export default class { handleHello(p: { name: string }) { return 'hi ' + p.name; } }";

async function start(file: Record<string, unknown>, env: NodeJS.ProcessEnv = {}, modulesDir = 'modules') {
  const cwd = tempDir();
  mkdirSync(`${cwd}/${modulesDir}`, { recursive: true });
  writeFileSync(`${cwd}/${modulesDir}/hello.ts`, HELLO);
  writeFileSync(`${cwd}/gatehouse.config.json`, JSON.stringify(file));
  const { config } = loadConfig({ cwd, env });
  const data = await openDataFolder(config);
  const announced: string[] = [];
  const logged: string[] = [];
  const app = await buildApp(config, {
    data,
    logger: { logf: (f, ...a) => logged.push(`${f} ${a.join(' ')}`) },
    announce: (l) => announced.push(l),
  });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, announced, logged, cwd };
}

const call = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/webhook/hello/handleHello`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"name":"Ada"}',
  });

describe('webhooks area', () => {
  it('serves the named folder and says that no secret is set', async () => {
    const { url, announced, cwd } = await start({ webhooks: { modulesDir: 'modules' } });
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: 'hi Ada' });
    expect(announced).toContain(`webhooks: POST /webhook/{module}/{method}, 1 routes from ${cwd}/modules`);
    expect(announced.some((l) => l.includes('no SERVICE_WEBHOOK_SECRET set'))).toBe(true);
  });

  it('runs no code from a modules/ folder the operator did not name', async () => {
    const { url, announced } = await start({});
    expect((await call(url)).status).toBe(404);
    expect(announced).toContain(
      'webhooks: no modules folder named (webhooks.modulesDir, --modules DIR), no webhook routes',
    );
  });

  it('requires X-Webhook-Secret when SERVICE_WEBHOOK_SECRET is set', async () => {
    const { url, announced } = await start(
      { webhooks: { modulesDir: 'modules' } },
      { SERVICE_WEBHOOK_SECRET: 'hook-secret' },
    );
    expect((await call(url)).status).toBe(401);
    expect(await (await call(url, { 'x-webhook-secret': 'nope' })).json()).toEqual({
      error: 'Invalid webhook secret',
    });
    expect((await call(url, { 'x-webhook-secret': 'hook-secret' })).status).toBe(200);
    expect(announced.some((l) => l.includes('no SERVICE_WEBHOOK_SECRET set'))).toBe(false);
  });

  it('takes the folder and limits from the config file', async () => {
    const { url } = await start({ webhooks: { modulesDir: 'hooks', bodyLimit: 64 } }, {}, 'hooks');
    expect((await call(url)).status).toBe(200);
    const big = await fetch(`${url}/webhook/hello/handleHello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100) }),
    });
    expect(big.status).toBe(413);
  });

  it('applies the allowlist and the rate limit from the config file', async () => {
    const { url } = await start({ webhooks: { modulesDir: 'modules', allowedIps: ['10.0.0.0/8'] } });
    expect((await call(url)).status).toBe(403);
    const limited = await start({
      webhooks: { modulesDir: 'modules', rateLimit: { max: 1, window: '24h' } },
    });
    expect((await call(limited.url)).status).toBe(200);
    expect((await call(limited.url)).status).toBe(429);
  });

  it('reports a bad webhooks setting with its key', () => {
    const cwd = tempDir();
    writeFileSync(`${cwd}/gatehouse.config.json`, JSON.stringify({ webhooks: { concurrency: 0 } }));
    expect(() => loadConfig({ cwd, env: {} })).toThrow(/webhooks\.concurrency/);
  });
});

describe('gatehouse serve --modules DIR', () => {
  it('serves the named folder and checks SERVICE_WEBHOOK_SECRET', async () => {
    const cwd = tempDir();
    mkdirSync(`${cwd}/my-hooks`);
    writeFileSync(`${cwd}/my-hooks/hello.ts`, HELLO);
    const service = await serve(cwd, ['--modules', 'my-hooks'], { SERVICE_WEBHOOK_SECRET: 'cli-secret' });
    expect(service.log()).toContain(`1 routes from ${cwd}/my-hooks`);
    expect((await call(service.url)).status).toBe(401);
    const res = await call(service.url, { 'x-webhook-secret': 'cli-secret' });
    expect(await res.json()).toEqual({ success: true, data: 'hi Ada' });
  });
});

describe('a module that declares what cannot be honoured', () => {
  it('stops gatehouse serve with exit 2, naming the module, the method and the variable', async () => {
    const cwd = tempDir();
    mkdirSync(`${cwd}/hooks`);
    writeFileSync(
      `${cwd}/hooks/github.ts`,
      'export default class {\n  /** @signature github env:GH_HOOK_SECRET_UNSET */\n  handlePush() {}\n}\n',
    );
    const result = await runCli(['serve', '--port', '0', '--modules', 'hooks'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `config error: webhooks.modulesDir (${cwd}/hooks): 1 webhook module(s) declare what cannot be honoured:`,
    );
    expect(result.stderr).toContain(
      'github.handlePush: @signature github reads the environment variable GH_HOOK_SECRET_UNSET, which is not set',
    );
  });
});

describe('a service on a network address with public webhooks', () => {
  const exposed = (webhooks: Record<string, unknown> = {}) => ({
    server: { host: '0.0.0.0' },
    access: { webhooks: 'public', allowPublicWrites: ['webhooks'] },
    webhooks: { modulesDir: 'modules', ...webhooks },
  });

  it('refuses to start with a route that no signature and no secret guard, naming the module', async () => {
    await expect(start(exposed())).rejects.toThrow(
      /webhooks\.modulesDir \(.*\/modules\): .*hello\.handleHello: no signature and no shared secret, so anyone who reaches the service could call it.*opt a module in with webhooks\.allowUnauthenticated/s,
    );
  });

  it('starts when the config opts the module in by name, or a shared secret guards it', async () => {
    const optedIn = await start(exposed({ allowUnauthenticated: ['hello'] }));
    expect((await call(optedIn.url)).status).toBe(200);
    const guarded = await start(exposed(), { SERVICE_WEBHOOK_SECRET: 'network-secret' });
    expect((await call(guarded.url, { 'x-webhook-secret': 'network-secret' })).status).toBe(200);
  });
});

describe('gatehouse webhooks list|deliveries', () => {
  it('prints the running service’s routes and its recent deliveries, redacted and cut', async () => {
    const cwd = tempDir();
    mkdirSync(`${cwd}/hooks`);
    writeFileSync(`${cwd}/hooks/hello.ts`, HELLO);
    writeFileSync(
      `${cwd}/gatehouse.config.json`,
      JSON.stringify({ webhooks: { modulesDir: 'hooks', inbox: { deliveries: 5, bodyBytes: 8 } } }),
    );
    const service = await serve(cwd, [], { SERVICE_WEBHOOK_SECRET: 'inbox-cli-secret' });
    const port = new URL(service.url).port;
    await call(service.url, { 'x-webhook-secret': 'inbox-cli-secret' });
    await call(service.url, { 'x-webhook-secret': 'wrong' });
    const list = await runCli(['webhooks', 'list', '--port', port], { cwd });
    expect(list.code).toBe(0);
    expect(list.stdout.trim()).toBe(
      `hello\t/webhook/hello/handleHello\thandleHello\tsignature none\ttimeout 30000 ms, concurrency 16, queue 64\t${cwd}/hooks/hello.ts`,
    );
    const deliveries = await runCli(['webhooks', 'deliveries', 'hello', '--port', port], { cwd });
    expect(deliveries.code).toBe(0);
    // The refused call never reached the module (401 before the route), so one delivery is kept.
    expect(deliveries.stdout).toMatch(/^\S+Z\thello\/handleHello\t200\t\d+ ms\n/);
    expect(deliveries.stdout).toContain('  x-webhook-secret: [redacted]\n');
    expect(deliveries.stdout).toContain('  body (first bytes of 14): {"name":');
    expect(deliveries.stdout + deliveries.stderr).not.toContain('inbox-cli-secret');
    const json = await fetch(`${service.url}/admin/webhooks/deliveries?module=nosuch`);
    expect(await json.json()).toEqual({ deliveries: [] });
  });

  it('says when the inbox is off', async () => {
    const { url } = await start({ webhooks: { modulesDir: 'modules' } });
    const res = await fetch(`${url}/admin/webhooks/deliveries`);
    expect([res.status, await res.json()]).toEqual([
      404,
      { error: 'the delivery inbox is off (set webhooks.inbox to keep deliveries)' },
    ]);
    expect(
      ((await (await fetch(`${url}/admin/webhooks`)).json()) as { routes: unknown[] }).routes,
    ).toHaveLength(1);
  });
});
