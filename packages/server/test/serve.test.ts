/** `gatehouse serve` as a real process: health check, data folder, first credential, graceful shutdown. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPassword, logMessages, runCli, useServe } from './support/cli.js';
import { holdPost } from './support/raw-http.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const serve = useServe();

/** Holds a port on 127.0.0.1 so that a start on it fails with EADDRINUSE. */
async function occupyPort(): Promise<{ port: string; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as { port: number }).port);
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

function login(url: string, user: string, passwd: string): Promise<Response> {
  return fetch(`${url}/auth/local/login`, { method: 'POST', body: new URLSearchParams({ user, passwd }) });
}

/** Waits for a condition the child process reports (its stderr), checking on each event-loop turn. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('gatehouse serve', () => {
  it('answers GET /ping with pong as text/plain', async () => {
    const service = await serve(tempDir());
    const response = await fetch(`${service.url}/ping`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('pong');
  });

  it('answers an unknown route with a JSON error', async () => {
    const service = await serve(tempDir());
    const response = await fetch(`${service.url}/nowhere?x=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: 'not found: GET /nowhere' });
  });

  it('listens on 127.0.0.1 by default and prints where everything lives', async () => {
    const cwd = tempDir();
    const service = await serve(cwd);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const dataDir = join(cwd, '.data', 'gatehouse');
    expect(service.log()).toContain(`data folder ${dataDir}`);
    expect(service.log()).toContain(`signing secret ${join(dataDir, 'secret')} (generated now)`);
    expect(service.log()).toContain(`credentials file ${join(dataDir, 'users.passwd')}`);
  });

  it('generates the signing secret once (mode 0600) and reuses it on restart', async () => {
    const cwd = tempDir();
    const secretFile = join(cwd, 'data', 'secret');
    const first = await serve(cwd, ['--data-dir', 'data']);
    expect(await first.stop()).toBe(0);
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(cwd, 'data')).mode & 0o777).toBe(0o700);

    const second = await serve(cwd, ['--data-dir', 'data']);
    expect(second.log()).toContain(`signing secret ${secretFile}\n`);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(secret);
  });

  it('prints the generated first credential on the first start only', async () => {
    const cwd = tempDir();
    const first = await serve(cwd);
    const match = /first credential created, shown only this once: user "admin" password "([\w-]{24})"/.exec(
      first.log(),
    );
    expect(match).not.toBeNull();
    expect(await first.stop()).toBe(0);
    const credentials = readFileSync(join(cwd, '.data', 'gatehouse', 'users.passwd'), 'utf8');
    expect(credentials).toMatch(/^admin:scrypt\$16384\$8\$1\$/m);
    expect(credentials).not.toContain(match![1]);

    const second = await serve(cwd);
    expect(second.log()).not.toContain('first credential');
    expect(second.log()).not.toContain(match![1]);
  });

  it('lets the first credential log in through /auth/local/login, and refuses a wrong password', async () => {
    const service = await serve(tempDir());
    const password = firstPassword(service);
    const refused = await login(service.url, 'admin', `${password}x`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'incorrect user or password' });

    const response = await login(service.url, 'admin', password);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'admin',
      id: expect.stringMatching(/^local_[0-9a-f]{40}$/),
    });
    const cookies = response.headers.getSetCookie();
    const jwt = cookies.find((c) => c.startsWith('JWT='))!.split(';')[0]!;
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
    const me = await fetch(`${service.url}/auth/user`, {
      headers: { cookie: `${jwt}; ${xsrf}`, 'x-xsrf-token': xsrf.slice('XSRF-TOKEN='.length) },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'admin' });
  });

  it('lets a user added by `gatehouse users add` log in without a restart', async () => {
    const cwd = tempDir();
    const service = await serve(cwd);
    const added = await runCli(['users', 'add', 'alice', '--password-stdin'], {
      cwd,
      input: 'correct horse battery\n',
    });
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('added alice in');
    expect((await login(service.url, 'alice', 'correct horse battery')).status).toBe(200);
    expect((await login(service.url, 'alice', 'correct horse')).status).toBe(403);
  });

  it('takes the secret from GATEHOUSE_SECRET and then writes no secret file', async () => {
    const cwd = tempDir();
    const service = await serve(cwd, [], { GATEHOUSE_SECRET: 'x'.repeat(40) });
    expect(service.log()).toContain('signing secret from GATEHOUSE_SECRET / auth.secret');
    expect(() => statSync(join(cwd, '.data', 'gatehouse', 'secret'))).toThrow(/ENOENT/);
  });

  it('logs each request to stderr with --verbose and is silent about requests without it', async () => {
    const verbose = await serve(tempDir(), ['--verbose']);
    await fetch(`${verbose.url}/ping`);
    await until(() => verbose.stderr().includes('"url":"/ping"'));
    const quiet = await serve(tempDir());
    await fetch(`${quiet.url}/ping`);
    expect(await quiet.stop()).toBe(0);
    expect(quiet.log()).not.toContain('/ping');
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const cwd = tempDir();
    const service = await serve(cwd);
    const port = new URL(service.url).port;
    const result = await runCli(['serve', '--port', port], { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('EADDRINUSE');
  });

  it('shows the first credential even when the first start fails, so the next start can log in', async () => {
    const cwd = tempDir();
    const taken = await occupyPort();
    try {
      const failed = await runCli(['serve', '--port', taken.port], { cwd });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('EADDRINUSE');
      const match =
        /first credential created, shown only this once: user "admin" password "([\w-]{24})"/.exec(
          logMessages(failed.stderr),
        );
      expect(match).not.toBeNull();
      const service = await serve(cwd);
      expect(service.log()).not.toContain('first credential');
      expect((await login(service.url, 'admin', match![1]!)).status).toBe(200);
    } finally {
      await taken.release();
    }
  });

  it('says the dev provider port is the one taken when --dev-port is in use', async () => {
    const taken = await occupyPort();
    try {
      const result = await runCli(['serve', '--port', '0', '--dev-provider', '--dev-port', taken.port], {
        cwd: tempDir(),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `dev OAuth 2.0 server (--dev-port / auth.dev.port): port ${taken.port} on 127.0.0.1 is already in use (EADDRINUSE)`,
      );
    } finally {
      await taken.release();
    }
  });
});

describe('shutdown', () => {
  const form = 'application/x-www-form-urlencoded';

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const service = await serve(tempDir());
    const held = await holdPost(
      service.url,
      '/auth/local/login',
      form,
      `user=admin&passwd=${firstPassword(service)}`,
    );
    const exited = service.stop('SIGTERM');
    await until(() => service.log().includes('SIGTERM received'));
    const response = await held.finish();
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('set-cookie: JWT=');
    expect(await exited).toBe(0);
  });

  it('cuts a request still unfinished after server.shutdownTimeout and exits 1', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ server: { shutdownTimeout: '200ms' } }),
    );
    const service = await serve(cwd);
    const held = await holdPost(service.url, '/auth/local/login', form, 'user=admin&passwd=never-sent');
    expect(await service.stop('SIGTERM')).toBe(1);
    expect(service.log()).toContain('stopped after cutting unfinished requests');
    expect(await held.closed()).toBe('');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s with exit code 0 and releases the port',
    async (signal) => {
      const service = await serve(tempDir());
      expect(await service.stop(signal)).toBe(0);
      expect(service.log()).toContain(`${signal} received, finishing in-flight requests`);
      expect(service.log()).toContain('\nstopped\n');
      await expect(fetch(`${service.url}/ping`)).rejects.toThrow();
    },
  );
});
