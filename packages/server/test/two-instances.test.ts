/**
 * Two `gatehouse serve` processes on two ports sharing one PostgreSQL (state and resources) and one
 * signing secret, as two instances behind a load balancer: a dev-provider login started on A
 * completes on B and the session works on both; a verify link sent by A logs in once on B; revoking
 * the user on A ends the session on B; the login throttle and the webhooks rate limit count the
 * attempts made on both.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail, type SmtpPeer, startSmtpPeer } from '../../../test-support/smtp.js';
import { type ServingProcess, useServe } from './support/cli.js';
import { useTestSchemas } from './support/pg-schema.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const schema = useTestSchemas();
/** Two service starts on a shared machine. */
const SLOW = { timeout: 120_000 };
/** The address users reach both instances by (a load balancer's); never called by these tests. */
const PUBLIC_URL = 'http://127.0.0.1:9';
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});
const HELLO = "export default class { handleHello(p: { name: string }) { return 'hi ' + p.name; } }";

/** Instances A and B with one secret and one database; each has its own data folder and dev server. */
async function pair(config: Record<string, unknown> = {}): Promise<[ServingProcess, ServingProcess]> {
  const { url } = await schema();
  const env = {
    GATEHOUSE_SECRET: randomBytes(32).toString('base64url'),
    GATEHOUSE_STATE_DATABASE: url,
    GATEHOUSE_RESOURCES_DATABASE: url,
    GATEHOUSE_URL: PUBLIC_URL,
  };
  const start = () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'hooks'));
    writeFileSync(join(cwd, 'hooks', 'hello.ts'), HELLO);
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ webhooks: { modulesDir: 'hooks', isolation: 'none' }, ...config }),
    );
    return serve(cwd, ['--dev-provider', '--dev-port', '0'], env);
  };
  // One after the other: the first applies the migrations, the second finds them done.
  const a = await start();
  return [a, await start()];
}

/** `url` as instance `at` serves it (the path and query of a link to the public address). */
function on(at: ServingProcess, url: string): string {
  const link = new URL(url);
  return `${at.url}${link.pathname}${link.search}`;
}

/** `name=value` of each cookie a response sets, for the next request's Cookie header. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
}

interface Session {
  id: string;
  /** What a page sends to a guarded route: both cookies and the XSRF header. */
  headers: Record<string, string>;
  /** The dev server's redirect to the callback, and the handshake cookie that went with it. */
  callback: { url: string; cookie: string };
}

/** Starts a dev-provider login on `start`, logs in as `name` at its dev server, finishes on `finish`. */
async function devLogin(start: ServingProcess, finish: ServingProcess, name: string): Promise<Session> {
  const begun = await fetch(`${start.url}/auth/dev/login`, { redirect: 'manual' });
  expect(begun.status).toBe(302);
  const handshake = cookiesOf(begun).join('; ');
  const authorize = begun.headers.get('location')!;
  const login = await fetch(authorize, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: name }),
    redirect: 'manual',
  });
  expect(login.status).toBe(302);
  const callback = login.headers.get('location')!;
  expect(callback.startsWith(`${PUBLIC_URL}/auth/dev/callback?`)).toBe(true);
  const done = await fetch(on(finish, callback), { headers: { cookie: handshake }, redirect: 'manual' });
  expect(done.status).toBe(200);
  const user = (await done.json()) as { id: string; name: string };
  expect(user.name).toBe(name);
  const cookies = cookiesOf(done);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return {
    id: user.id,
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
    callback: { url: callback, cookie: handshake },
  };
}

describe('two instances sharing one PostgreSQL and one secret', () => {
  it('a dev-provider login started on A completes on B; the session works on both', SLOW, async () => {
    const [a, b] = await pair();
    const session = await devLogin(a, b, 'alice');
    for (const at of [a, b]) {
      const res = await fetch(`${at.url}/auth/user`, { headers: session.headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: session.id, name: 'alice' });
    }
    // Its state and code were used on B: the same callback again is refused on A and on B.
    for (const at of [a, b]) {
      const again = await fetch(on(at, session.callback.url), {
        headers: { cookie: session.callback.cookie },
        redirect: 'manual',
      });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(cookiesOf(again).some((c) => c.startsWith('JWT=') && c.length > 'JWT='.length)).toBe(false);
    }
  });

  it('a verify link sent by A logs in once on B; the replay is refused on both', SLOW, async () => {
    smtp = await startSmtpPeer();
    const [a, b] = await pair({
      auth: {
        providers: [
          {
            kind: 'verify',
            name: 'email',
            smtp: { host: '127.0.0.1', port: smtp.port, from: 'gate@example.test' },
          },
        ],
      },
    });
    const send = (at: ServingProcess, user: string) =>
      fetch(`${at.url}/auth/email/login?user=${user}&address=${user}@example.test`).then((res) => res.status);
    const confirm = (at: ServingProcess, link: string) => fetch(on(at, link), { redirect: 'manual' });
    const linkIn = (mail: number) =>
      /http\S+\/auth\/email\/login\?token=\S+/.exec(parseMail(smtp!.received[mail]!.raw).body.toString())![0];

    expect(await send(a, 'dana')).toBe(200);
    const link = linkIn(0);
    expect(link.startsWith(PUBLIC_URL)).toBe(true);
    const login = await confirm(b, link);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'dana' });
    for (const at of [a, b]) {
      const replay = await confirm(at, link);
      expect([replay.status, await replay.json()]).toEqual([
        403,
        { error: 'confirmation token already consumed' },
      ]);
      expect(replay.headers.getSetCookie().some((c) => c.startsWith('JWT='))).toBe(false);
    }
    // One link confirmed on both at once: exactly one login.
    expect(await send(b, 'erin')).toBe(200);
    const raced = linkIn(1);
    const statuses = (await Promise.all([confirm(a, raced), confirm(b, raced)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 403]);
  });

  it(
    'revoking a user on A ends the session on B (at once, or within auth.revocationCheckInterval when B checked it just before)',
    SLOW,
    async () => {
      const [a, b] = await pair({ auth: { revocationCheckInterval: '1s' } });
      const fresh = await devLogin(a, a, 'carol');
      const used = await devLogin(b, b, 'carol');
      expect((await fetch(`${b.url}/auth/user`, { headers: used.headers })).status).toBe(200);
      const revoked = await fetch(`${a.url}/admin/sessions/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: fresh.id }),
      });
      expect(await revoked.json()).toEqual({ revoked: fresh.id, ids: [fresh.id] });
      // B never saw this token: it reads the revocation A wrote.
      const unseen = await fetch(`${b.url}/auth/user`, { headers: fresh.headers });
      expect(unseen.status).toBe(401);
      // B verified this one a moment ago and rechecks it within auth.revocationCheckInterval (1 s here).
      let status = 200;
      for (let i = 0; i < 30 && status === 200; i += 1) {
        status = (await fetch(`${b.url}/auth/user`, { headers: used.headers })).status;
        if (status === 200) await sleep(200);
      }
      // At most ~6 s of tries: with the default 10 s the session would still be open here.
      expect(status).toBe(401);
      // A login after the revocation is not caught by it, on either instance.
      const later = await devLogin(b, a, 'carol');
      expect((await fetch(`${b.url}/auth/user`, { headers: later.headers })).status).toBe(200);
    },
  );

  it('the login throttle counts failures on both instances', SLOW, async () => {
    const [a, b] = await pair();
    const attempt = (at: ServingProcess) =>
      fetch(`${at.url}/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=admin&passwd=wrong-password',
      }).then((res) => res.status);
    // Five free failures per account, split 3 (A) + 2 (B).
    const failures = new Map([
      [a, 0],
      [b, 0],
    ]);
    const free = [];
    for (let i = 0; i < 5; i += 1) {
      const at = i % 2 ? b : a;
      free.push(await attempt(at));
      failures.set(at, failures.get(at)! + 1);
    }
    expect(free).toEqual([403, 403, 403, 403, 403]);
    // From the sixth failure on, each blocks the account for a doubling delay (1 s, 2 s ...) on both
    // instances: each refuses (429) having seen fewer failures itself than a block needs (six).
    const ownFailuresAtFirst429 = new Map<ServingProcess, number>();
    for (let i = 0; i < 20 && ownFailuresAtFirst429.size < 2; i += 1) {
      const at = i % 2 ? a : b;
      const status = await attempt(at);
      if (status === 403) failures.set(at, failures.get(at)! + 1);
      else if (!ownFailuresAtFirst429.has(at)) ownFailuresAtFirst429.set(at, failures.get(at)!);
      expect([403, 429]).toContain(status);
    }
    expect(ownFailuresAtFirst429.size).toBe(2);
    for (const own of ownFailuresAtFirst429.values()) expect(own).toBeLessThan(6);
  });

  it('the webhooks rate limit counts calls on both instances', SLOW, async () => {
    // A day's window: windows are aligned to the clock, so a short one could end between two calls.
    const [a, b] = await pair({
      webhooks: { modulesDir: 'hooks', isolation: 'none', rateLimit: { max: 4, window: '24h' } },
    });
    const call = (at: ServingProcess) =>
      fetch(`${at.url}/webhook/hello/handleHello`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Ada"}',
      });
    const statuses = [];
    for (const at of [a, b, a, b, a, b]) statuses.push((await call(at)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await call(a);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
