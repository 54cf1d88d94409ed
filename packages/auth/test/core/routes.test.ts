/** The auth routes: list, user, status, logout, provider dispatch, errors and security headers. */
import { describe, expect, it } from 'vitest';
import type { HttpRequest, Opts, Provider, ProviderContext } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { login, makeService } from '../support/core/service.js';

const apps = appPerTest();

/** A user-written provider: logs anyone in as `guest` and records its logout calls. */
class GuestProvider implements Provider {
  readonly name = 'guest';
  logouts = 0;
  #ctx: ProviderContext | undefined;
  attach(ctx: ProviderContext) {
    this.#ctx = ctx;
  }
  async login(req: HttpRequest) {
    const from = new URL(req.url, 'http://x').searchParams.get('from') ?? undefined;
    return this.#ctx!.completeLogin(
      { id: 'guest_1', name: 'guest', picture: 'https://pics.example/g.png' },
      { aud: '', sessionOnly: false, provider: this.name, ...(from ? { from } : {}) },
    );
  }
  async logout() {
    this.logouts++;
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'bye' };
  }
}

async function setup(framework: Framework, opts: Partial<Opts> = {}) {
  const { service } = makeService(opts);
  const guest = new GuestProvider();
  service.addProvider(guest);
  return { url: await apps.serve(framework, service), guest };
}

describe.each<Framework>(['fastify', 'express'])('auth routes over %s', (framework) => {
  it('GET /auth/list names the providers in registration order', async () => {
    const { url } = await setup(framework);
    const res = await fetch(`${url}/auth/list`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('["local","guest"]\n');
  });

  it('every auth response carries the security headers', async () => {
    const { url } = await setup(framework);
    for (const path of ['/auth/list', '/auth/nope/login', '/auth/user', '/auth/local/login']) {
      const res = await fetch(`${url}${path}`);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('GET /auth/user: 401 JSON without a login, the user JSON with one (XSRF applies)', async () => {
    const { url } = await setup(framework);
    const anonymous = await fetch(`${url}/auth/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'not authorized' });
    const session = sessionOf(await login(url));
    const res = await fetch(`${url}/auth/user`, withSession(session));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'alice', id: 'local_522b276a356bdf39013dfabea2cd43e141ecc9e8' });
    expect((await fetch(`${url}/auth/user`, withSession(session, {}, false))).status).toBe(401);
  });

  it('GET /auth/status is always 200', async () => {
    const { url } = await setup(framework);
    expect(await (await fetch(`${url}/auth/status`)).json()).toEqual({ status: 'not logged in' });
    const session = sessionOf(await login(url));
    const res = await fetch(`${url}/auth/status`, withSession(session));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'logged in', user: 'alice' });
  });

  it('GET and POST /auth/logout clear both cookies with an empty 200', async () => {
    const { url } = await setup(framework);
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${url}/auth/logout`, { method });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      const cookies = setCookies(res);
      expect(cookies.JWT).toMatchObject({ value: '', attrs: { 'max-age': '0', httponly: true } });
      expect(cookies['XSRF-TOKEN']).toMatchObject({ value: '', attrs: { 'max-age': '0' } });
    }
  });

  it('/auth/<provider>/logout runs that provider (or the default clearing)', async () => {
    const { url, guest } = await setup(framework);
    const res = await fetch(`${url}/auth/guest/logout`);
    expect(await res.text()).toBe('bye');
    expect(guest.logouts).toBe(1);
    const local = await fetch(`${url}/auth/local/logout`);
    expect(local.status).toBe(200);
    expect(setCookies(local).JWT!.value).toBe('');
  });

  it('a user-written provider completes a login; a `from` on the service host gets 303', async () => {
    const { url } = await setup(framework);
    const res = await fetch(`${url}/auth/guest/login?from=${encodeURIComponent('/welcome')}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:8080/welcome');
    expect(setCookies(res).JWT!.value).not.toBe('');
    const foreign = await fetch(`${url}/auth/guest/login?from=https://evil.example/`, { redirect: 'manual' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.json()).toHaveProperty('picture', 'https://pics.example/g.png');
  });

  it('unknown provider 404, unknown action 404, no callback 404, bad method 405, all JSON', async () => {
    const { url } = await setup(framework);
    const cases: [string, RequestInit, number, string][] = [
      ['/auth/nope/login', {}, 404, 'provider not supported'],
      ['/auth/nope', {}, 404, 'provider not supported'],
      ['/auth', {}, 404, 'not found'],
      ['/auth/local/frobnicate', {}, 404, 'not found'],
      ['/auth/local/callback', {}, 404, 'not found'],
      ['/auth/a/b/c', {}, 404, 'not found'],
      ['/auth/list', { method: 'DELETE' }, 405, 'method not allowed'],
      ['/auth/local/login', { method: 'PUT' }, 405, 'method not allowed'],
    ];
    for (const [path, init, status, error] of cases) {
      const res = await fetch(`${url}${path}`, init);
      expect([path, res.status]).toEqual([path, status]);
      expect(await res.json()).toEqual({ error });
      expect([path, res.headers.get('allow')]).toEqual([path, status === 405 ? 'GET, POST, HEAD' : null]);
    }
  });

  it('errorHandler answers refusals its own way, and cookies are still cleared', async () => {
    const { url } = await setup(framework, {
      validator: () => false,
      errorHandler: (error, req) => ({
        status: error.status,
        headers: { 'content-type': 'text/plain' },
        body: `custom ${error.code} ${req.method} ${req.url} ${req.ip}`,
      }),
    });
    const session = sessionOf(await login(url));
    const res = await fetch(`${url}/private`, withSession(session));
    expect(res.status).toBe(401);
    // The guard's request view reads the client address only when asked: here it is.
    expect(await res.text()).toBe('custom ERR_VALIDATOR_REJECTED GET /private 127.0.0.1');
    expect(setCookies(res).JWT!.value).toBe('');
  });

  it('routes mount elsewhere with mountPath', async () => {
    const { url } = await setup(framework, { mountPath: '/login-api' });
    expect(await (await fetch(`${url}/login-api/list`)).json()).toEqual(['local', 'guest']);
    expect((await fetch(`${url}/auth/list`)).status).toBe(404);
  });
});
