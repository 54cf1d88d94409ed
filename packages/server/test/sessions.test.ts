/** Sessions and logins in the service, over real HTTP: logout and admin revocation, throttling, bounded password work. */
import { describe, expect, it } from 'vitest';
import { fromRemote, logIn, useApps } from './support/app.js';
import { runCli, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();

function wrongLogin(url: string, user: string) {
  return fetch(`${url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd: 'not the password' }),
  });
}

describe('sessions', () => {
  it('logout ends the session: the old cookie and X-JWT answer 401 on every guarded group', async () => {
    const { url, password } = await start();
    const { jwt, cookie, xsrf } = await logIn(url, 'admin', password);
    const query = `${url}/pdb/query/v4/resources`;
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': jwt } })).status).toBe(200);
    expect((await fetch(`${url}/auth/logout`, { headers: { cookie } })).status).toBe(200);
    const byHeader = await fetch(query, { headers: { ...fromRemote, 'x-jwt': jwt } });
    expect([byHeader.status, await byHeader.text()]).toEqual([401, 'session ended, log in again']);
    const byCookie = await fetch(`${url}/auth/user`, { headers: { cookie, 'x-xsrf-token': xsrf } });
    expect(byCookie.status).toBe(401);
  });

  it('an admin ends every session of a user with POST /admin/sessions/revoke', async () => {
    const { url, password, data } = await start();
    await data.credentials!.set('alice', 'alice-password', { replace: false });
    const alice = await logIn(url, 'alice', 'alice-password');
    const admin = await logIn(url, 'admin', password);
    const revoke = (body: unknown, headers: Record<string, string>) =>
      fetch(`${url}/admin/sessions/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await revoke({ user: 'alice' }, { ...fromRemote, 'x-jwt': alice.jwt })).status).toBe(403);
    const done = await revoke({ user: 'alice' }, { ...fromRemote, 'x-jwt': admin.jwt });
    expect(done.status).toBe(200);
    const { revoked, ids } = (await done.json()) as { revoked: string; ids: string[] };
    expect(revoked).toMatch(/^local_[0-9a-f]{40}$/);
    expect(ids).toEqual([revoked]); // no kind: local provider here: the direct provider's id alone
    const query = `${url}/pdb/query/v4/resources`;
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': alice.jwt } })).status).toBe(401);
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': admin.jwt } })).status).toBe(200);
    expect((await revoke({ nobody: 1 }, {})).status).toBe(400);
  });
});

describe('logins', () => {
  it('throttles the basic rule like a login: 429 with Retry-After once an account is blocked', async () => {
    const { url, data } = await start({ access: { queries: 'basic' } });
    await data.credentials!.set('puppet', 'puppet-password', { replace: false });
    const basic = (pw: string) => ({
      authorization: `Basic ${Buffer.from(`puppet:${pw}`).toString('base64')}`,
    });
    const query = `${url}/pdb/query/v4/resources`;
    for (let i = 0; i < 6; i++) expect((await fetch(query, { headers: basic('wrong') })).status).toBe(401);
    const blocked = await fetch(query, { headers: basic('puppet-password') });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await blocked.text()).toBe('too many attempts, retry later');
  });

  it('bounds the password work of a login flood: beyond two checks and 32 waiting, 503 with Retry-After', async () => {
    const { url } = await start();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => wrongLogin(url, `user${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => [403, 429, 503].includes(status))).toBe(true);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy?.headers.get('retry-after')).toBe('1');
    expect(await busy?.json()).toEqual({ error: 'too many logins in progress, retry shortly' });
  });
});

describe('gatehouse users revoke', () => {
  const serve = useServe();
  const tempDir = useTempDirs();

  it('ends every session of a user in the running service, over loopback', async () => {
    const cwd = tempDir();
    const service = await serve(cwd);
    const port = new URL(service.url).port;
    const add = await runCli(['users', 'add', 'alice', '--password-stdin'], {
      cwd,
      input: 'alice-password\n',
    });
    expect(add.code).toBe(0);
    const alice = await logIn(service.url, 'alice', 'alice-password');
    const query = `${service.url}/pdb/query/v4/resources`;
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': alice.jwt } })).status).toBe(200);
    const revoke = await runCli(['users', 'revoke', 'alice', '--port', port], { cwd });
    expect([revoke.code, revoke.stderr.trim()]).toEqual([0, 'revoked every session of alice']);
    expect((await fetch(query, { headers: { ...fromRemote, 'x-jwt': alice.jwt } })).status).toBe(401);
    const nobody = await runCli(['users', 'revoke', 'alice', '--port', '1'], { cwd });
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(
      /the service at http:\/\/127\.0\.0\.1:1\/admin\/sessions\/revoke did not answer/,
    );
  });
});
