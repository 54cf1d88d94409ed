/** The direct provider over real HTTP: form, JSON and query input, and every bad input. */
import { describe, expect, it } from 'vitest';
import { type CredChecker, type Logger, type Opts, Service, type User } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { login } from '../support/core/service.js';

const apps = appPerTest();

async function setup(framework: Framework, opts: Partial<Opts> = {}) {
  return (await apps.setup(framework, opts)).url;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe.each<Framework>(['fastify', 'express'])('direct provider over %s', (framework) => {
  it('accepts a form body, a JSON body and a GET query', async () => {
    const url = await setup(framework);
    const viaForm = await fetch(
      `${url}/auth/local/login`,
      form({ user: 'alice', passwd: 'wonderland', aud: 'site1' }),
    );
    expect(viaForm.status).toBe(200);
    expect(await viaForm.json()).toMatchObject({ name: 'alice', aud: 'site1' });
    expect((await login(url, 'bob', 'builder')).status).toBe(200);
    const viaQuery = await fetch(`${url}/auth/local/login?user=alice&passwd=wonderland`);
    expect(viaQuery.status).toBe(200);
  });

  it('session=1 gives session-only cookies; session=0 does not', async () => {
    const url = await setup(framework);
    const on = setCookies(
      await fetch(`${url}/auth/local/login?session=1`, form({ user: 'alice', passwd: 'wonderland' })),
    );
    expect(on.JWT!.attrs['max-age']).toBeUndefined();
    const off = setCookies(
      await fetch(`${url}/auth/local/login?session=0`, form({ user: 'alice', passwd: 'wonderland' })),
    );
    expect(off.JWT!.attrs['max-age']).toBe('2678400');
  });

  it('wrong user or wrong password: the same 403, nothing says which, no cookie', async () => {
    const url = await setup(framework);
    for (const [user, passwd] of [
      ['alice', 'nope'],
      ['mallory', 'wonderland'],
    ]) {
      const res = await login(url, user, passwd);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'incorrect user or password' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('malformed input is 400, an unknown content type 415, an oversized body 413', async () => {
    const url = await setup(framework, { bodyLimit: 1024 });
    const post = (type: string, body: string) =>
      fetch(`${url}/auth/local/login`, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [Response, number, string][] = [
      [await post('application/json', '{"user": "alice", '), 400, 'failed to parse credentials'],
      [await post('application/json', '["alice"]'), 400, 'failed to parse credentials'],
      [
        await post('application/json', '{"user": {"x": 1}, "passwd": "a"}'),
        400,
        'failed to parse credentials',
      ],
      [await post('application/json', '{"user": "alice"}'), 400, 'failed to parse credentials'],
      [await fetch(`${url}/auth/local/login`), 400, 'failed to parse credentials'],
      [await post('text/plain', 'user=alice'), 415, 'unsupported media type'],
      [
        await post('application/json', JSON.stringify({ user: 'alice', passwd: 'x'.repeat(2000) })),
        413,
        'request body too large',
      ],
    ];
    for (const [res, status, error] of cases) {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
  });

  it('a 2 MB body, with or without Content-Length, is answered 413 (not a reset connection)', async () => {
    const url = await setup(framework);
    const big = 'x'.repeat(2_000_000);
    const headers = { 'content-type': 'application/json' };
    const sized = await fetch(`${url}/auth/local/login`, { method: 'POST', headers, body: big });
    expect(sized.status).toBe(413);
    const streamed = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers,
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: 'request body too large' });
  });

  it('a foreign `from` is refused with 400 before the credentials are checked; an allowed one is 303', async () => {
    const url = await setup(framework, { allowedRedirectHosts: ['app.example.org'] });
    const bad = await fetch(
      `${url}/auth/local/login?from=${encodeURIComponent('https://evil.example/x')}`,
      form({ user: 'alice', passwd: 'wonderland' }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'redirect target not allowed' });
    expect(bad.headers.getSetCookie()).toEqual([]);
    const good = await fetch(
      `${url}/auth/local/login?from=${encodeURIComponent('https://app.example.org/home')}`,
      {
        ...form({ user: 'alice', passwd: 'wonderland' }),
        redirect: 'manual',
      },
    );
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe('https://app.example.org/home');
  });

  it('a checker that fails (throws or returns an error) is 500 with a fixed message, logged, not leaked', async () => {
    const lines: string[] = [];
    const logger: Logger = { logf: (format, ...args) => lines.push(`${format} ${args.join(' ')}`) };
    const service = new Service({ secretReader: () => 'secret', logger });
    const failing: CredChecker = (user) => {
      if (user === 'throw') throw new Error('database down at 10.0.0.5');
      return { ok: false, error: new Error('ldap timeout') };
    };
    service.addDirectProvider('local', failing);
    const url = await apps.serve(framework, service);
    for (const user of ['throw', 'error']) {
      const res = await login(url, user, 'x');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'failed to check user credentials' });
    }
    expect(lines.some((line) => line.includes('database down'))).toBe(true);
    expect(lines.some((line) => line.includes('ldap timeout'))).toBe(true);
  });

  it('logs never carry the password or the token', async () => {
    const lines: string[] = [];
    const logger: Logger = { logf: (format, ...args) => lines.push(`${format} ${args.join(' ')}`) };
    const { url } = await apps.setup(framework, { logger });
    const ok = await login(url);
    const { jwt } = sessionOf(ok);
    await login(url, 'alice', 'not-wonderland');
    await fetch(`${url}/private`, { headers: { 'x-jwt': `${jwt}x` } });
    await fetch(`${url}/private`, withSession({ jwt, xsrf: 'wrong' }));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain('wonderland');
      expect(line).not.toContain(jwt.split('.')[2]);
    }
  });

  it('ids are <name>_sha1(user), or of userIdFunc', async () => {
    const service = new Service({ secretReader: () => 'secret' });
    service.addDirectProvider(
      'staff',
      () => true,
      (user) => user.toLowerCase(),
    );
    const url = await apps.serve(framework, service);
    const staff = (user: string) => fetch(`${url}/auth/staff/login`, form({ user, passwd: 'x' }));
    const a = (await (await staff('Alice')).json()) as User;
    const b = (await (await staff('alice')).json()) as User;
    expect(a.id).toMatch(/^staff_[0-9a-f]{40}$/);
    expect(a.id).toBe(b.id);
  });

  it('refuses an aud (site) over 256 characters or with control characters: 400, no cookie', async () => {
    const url = await setup(framework);
    for (const aud of ['s'.repeat(257), 's'.repeat(5000), 'site\u0001', 'site\nx']) {
      const res = await fetch(`${url}/auth/local/login`, form({ user: 'alice', passwd: 'wonderland', aud }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'aud (site) must be at most 256 printable characters, without control characters',
      });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const longest = await fetch(
      `${url}/auth/local/login`,
      form({ user: 'alice', passwd: 'wonderland', aud: 's'.repeat(256) }),
    );
    expect(longest.status).toBe(200);
  });

  it('refuses to send a session cookie over 4096 bytes, which browsers drop silently', async () => {
    const url = await setup(framework, {
      claimsUpdater: (claims) => ({ ...claims, user: { ...claims.user!, attrs: { bio: 'x'.repeat(5000) } } }),
    });
    const res = await fetch(`${url}/auth/local/login`, form({ user: 'alice', passwd: 'wonderland' }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 'token too large for a cookie (over 4096 bytes); browsers would drop it',
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
