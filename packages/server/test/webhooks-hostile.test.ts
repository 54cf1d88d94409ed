/**
 * A hostile webhook module loaded into the real `gatehouse serve` (default isolation, the
 * sandbox), attacking as module code would: it tries the service's port and another loopback
 * server, signals the service, forges messages on its worker channel and answers with what must not
 * be served. Each attempt fails or is answered 4xx/5xx, one log line names the module, and after
 * every one the service still answers `/ping` and the module serves again.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type ServingProcess, startServe } from './support/cli.js';
import { makeTempDir } from './support/temp.js';

const SECRET = 'hostile-test-webhook-secret';

const HOSTILE = `import { writeSync } from 'node:fs';
// The channel's descriptor, written to directly, past the worker's own code.
const forge = (text: string) => { const bytes = Buffer.from(text); for (let at = 0; at < bytes.length; ) at += writeSync(3, bytes, at); };
const tryIt = async (run: () => unknown) => {
  try { return { ok: await run() }; } catch (e) { return { error: String((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message) }; }
};
export default class Hostile {
  handleOk() { return 'ok'; }
  handleFetch(p: { url: string }) {
    return tryIt(async () => (await fetch(p.url, { signal: AbortSignal.timeout(3000) })).status);
  }
  handleKill(p: { pid: number }) {
    return { ppid: process.ppid, pid: process.pid, parent: tryIt(() => process.kill(process.ppid, 'SIGKILL')),
      service: tryIt(() => process.kill(p.pid, 'SIGKILL')) };
  }
  handleIds() { return { uid: process.getuid?.(), send: typeof process.send }; }
  handleForge(p: { text: string; repeat?: number }) {
    forge(p.repeat ? p.text.repeat(p.repeat) : p.text);
    return new Promise((resolve) => setTimeout(resolve, 3000, 'late'));
  }
  handleHuge() { return 'x'.repeat(3 * 1024 * 1024); }
  handleDeep() { let v: unknown = 1; for (let i = 0; i < 100000; i++) v = [v]; return v; }
  handleCookie() {
    return { [Symbol.for('@gatehouse/webhooks.answer')]: true, status: 200, body: 'x', headers: { 'Set-Cookie': 'JWT=evil; Path=/' } };
  }
  handleHtml() {
    return { [Symbol.for('@gatehouse/webhooks.answer')]: true, body: '<script>alert(document.cookie)</script>', headers: { 'content-type': 'text/html' } };
  }
}
`;

let dir: string;
let service: ServingProcess;
let bystander: Server;
let bystanderHits = 0;

const call = async (path: string, body: unknown = {}, module = 'hostile') => {
  const res = await fetch(`${service.url}/webhook/${module}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

async function stillServing(): Promise<void> {
  expect(await (await fetch(`${service.url}/ping`)).text()).toBe('pong');
  expect(await call('handleOk')).toMatchObject({ status: 200, body: '{"success":true,"data":"ok"}' });
}

beforeAll(async () => {
  buildCli();
  bystander = createServer((_req, res) => {
    bystanderHits++;
    res.end('secret');
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
  dir = makeTempDir('gatehouse-hostile-');
  mkdirSync(join(dir, 'hooks'));
  writeFileSync(join(dir, 'hooks', 'hostile.ts'), HOSTILE);
  writeFileSync(join(dir, 'hooks', 'online.ts'), HOSTILE); // the same code, granted outbound network
  writeFileSync(
    join(dir, 'gatehouse.config.json'),
    JSON.stringify({ webhooks: { folder: 'hooks', modules: { online: { network: true } } } }),
  );
  // One process: the test kills it with SIGKILL and removes its folder, which a second process of
  // server.workers, still draining, would be writing into.
  service = await startServe(['--port', '0'], {
    cwd: dir,
    env: { SERVICE_WEBHOOK_SECRET: SECRET, GATEHOUSE_WORKERS: '1' },
  });
}, 120_000);

afterAll(async () => {
  if (service?.child.exitCode === null) await service.stop('SIGKILL');
  bystander?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('module code has no more power than an anonymous remote caller', () => {
  it('says which isolation it runs under', () => {
    expect(service.log()).toMatch(
      /webhooks: isolation sandbox: own network \(no loopback\), PID and mount namespaces/,
    );
  });

  it('cannot connect to the service nor to another loopback server', async () => {
    for (const url of [
      `${service.url}/admin/webhooks`,
      `http://127.0.0.1:${(bystander.address() as AddressInfo).port}/`,
    ]) {
      const answer = await call('handleFetch', { url });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data).toHaveProperty('error');
    }
    expect(bystanderHits).toBe(0);
    await stillServing();
  });

  it('granted outbound network, reaches another host address but still not loopback', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const outside = createServer((_req, res) => res.end('outside'));
    await new Promise<void>((resolve) => outside.listen(0, external ?? '127.0.0.1', resolve));
    try {
      const port = (outside.address() as AddressInfo).port;
      if (external) {
        const reached = await call('handleFetch', { url: `http://${external}:${port}/` }, 'online');
        expect(JSON.parse(reached.body).data).toEqual({ ok: 200 });
      }
      for (const url of [
        `${service.url}/ping`,
        `http://127.0.0.1:${(bystander.address() as AddressInfo).port}/`,
      ]) {
        const refused = await call('handleFetch', { url }, 'online');
        expect(JSON.parse(refused.body).data).toHaveProperty('error');
      }
      expect(bystanderHits).toBe(0);
    } finally {
      outside.close();
    }
  });

  it('cannot signal the service: it sees no parent and not the service pid', async () => {
    const answer = await call('handleKill', { pid: service.child.pid });
    expect([200, 500]).toContain(answer.status); // its own process group may end with it
    await stillServing();
    expect(service.child.exitCode).toBeNull();
  });

  it('runs as a user of its own, without a Node IPC channel', async () => {
    const answer = JSON.parse((await call('handleIds')).body).data;
    expect(answer.send).toBe('undefined');
    if (process.getuid?.() === 0) expect(answer.uid).not.toBe(0);
  });
});

describe('what a worker sends is untrusted data', () => {
  const forged = (status: number, extra = '') =>
    `${JSON.stringify({ type: 'answers', answers: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, answer: { status, body: 'forged' } })) })}${extra}\n`;

  it.each([
    ['status 999', forged(999), undefined],
    ['a line that is not JSON', 'not json at all\n', undefined],
    ['a message of another type', '{"type":"ready","methods":[],"exportName":"x"}\n', undefined],
    ['a line without end', 'x', 40 * 1024 * 1024],
  ])('a forged channel message (%s) answers 502 and logs the module once', async (_name, text, repeat) => {
    const before = service.lines(/webhooks: hostile/).length;
    const answer = await call('handleForge', { text, repeat });
    expect(
      answer.status,
      service
        .lines(/webhooks: hostile/)
        .slice(before)
        .join('\n'),
    ).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'webhook handler sent an answer that cannot be served',
    });
    const logged = service.lines(/webhooks: hostile/).slice(before);
    expect(logged.filter((line) => /hostile/.test(line) && /50[02]/.test(line))).toHaveLength(1);
    await stillServing();
  });

  it('an oversized answer answers 502', async () => {
    expect((await call('handleHuge')).status).toBe(502);
    expect(service.lines(/webhooks: hostile\.handleHuge .*limit 1048576/)).toHaveLength(1);
    await stillServing();
  });

  it('an answer nested too deeply to serialise answers 500', async () => {
    expect((await call('handleDeep')).status).toBe(500);
    await stillServing();
  });

  it('a cookie for the service origin is never set', async () => {
    const answer = await call('handleCookie');
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('HTML with a script is served sandboxed, never as active content of the origin', async () => {
    const answer = await call('handleHtml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe('sandbox');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('no body ends the service', () => {
  it('a body nested 5,000 deep answers 400 naming the limit, before it reaches the worker', async () => {
    const body = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await fetch(`${service.url}/webhook/hostile/handleOk`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-webhook-secret': SECRET },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /deeper than \d+ levels .*server\.jsonDepthLimit/,
    );
    await stillServing();
  });

  it('a body over the size limit answers 413', async () => {
    const res = await fetch(`${service.url}/webhook/hostile/handleOk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    await stillServing();
  });
});
