/** Middleware modes (auth, admin, trace, rbac, updateUser) and basic auth, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { type Opts, type Service, setAdmin } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, withSession } from '../support/core/servers.js';
import { login } from '../support/core/service.js';

const apps = appPerTest();
const setup = apps.setup;

const basic = (user: string, passwd: string) => ({
  headers: { authorization: `Basic ${Buffer.from(`${user}:${passwd}`).toString('base64')}` },
});

/** Marks alice as admin with role Editor, bob as a plain user. */
const roles: Partial<Opts> = {
  claimsUpdater: (claims) => {
    if (claims.user?.name === 'alice') {
      setAdmin(claims.user);
      claims.user.role = 'EDITOR';
    }
    return claims;
  },
};

describe.each<Framework>(['fastify', 'express'])('middleware over %s', (framework) => {
  it('auth: 401 JSON without a user; the route sees the user', async () => {
    const { url } = await setup(framework);
    const res = await fetch(`${url}/private`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'not authorized' });
    expect((await fetch(`${url}/open`)).status).toBe(200);
  });

  it('admin: 401 without a user, 403 for a non-admin, 200 for an admin', async () => {
    const { url } = await setup(framework, roles);
    expect((await fetch(`${url}/admin`)).status).toBe(401);
    const bob = await fetch(`${url}/admin`, withSession(sessionOf(await login(url, 'bob', 'builder'))));
    expect(bob.status).toBe(403);
    expect(await bob.json()).toEqual({ error: 'access denied' });
    const alice = await fetch(`${url}/admin`, withSession(sessionOf(await login(url))));
    expect(alice.status).toBe(200);
    expect(await alice.json()).toHaveProperty('user.attrs', { admin: true });
  });

  it('a refusal by role still delivers the refreshed cookies of an expired session', async () => {
    const { url, clock } = await setup(framework, roles);
    const bob = sessionOf(await login(url, 'bob', 'builder'));
    clock.advance(20 * 60_000);
    const res = await fetch(`${url}/admin`, withSession(bob));
    expect(res.status).toBe(403);
    const renewed = sessionOf(res);
    expect(renewed.jwt).not.toBe(bob.jwt);
    expect(renewed.xsrf).toBe(bob.xsrf);
  });

  it('rbac: the role matches case-insensitively; others get 403', async () => {
    const { url } = await setup(framework, roles);
    expect((await fetch(`${url}/rbac`)).status).toBe(401);
    expect(
      (await fetch(`${url}/rbac`, withSession(sessionOf(await login(url, 'bob', 'builder'))))).status,
    ).toBe(403);
    const alice = await fetch(`${url}/rbac`, withSession(sessionOf(await login(url))));
    expect(alice.status).toBe(200);
    expect(await alice.json()).toHaveProperty('user.role', 'EDITOR');
  });

  it('trace: the user when logged in, null otherwise, never a refusal', async () => {
    const { url } = await setup(framework);
    expect(await (await fetch(`${url}/trace`)).json()).toEqual({ user: null });
    expect(await (await fetch(`${url}/trace`, { headers: { 'x-jwt': 'forged' } })).json()).toEqual({
      user: null,
    });
    const res = await fetch(`${url}/trace`, withSession(sessionOf(await login(url))));
    expect(await res.json()).toHaveProperty('user.name', 'alice');
  });

  it('updateUser: the updater (argument or userUpdater option) replaces the user', async () => {
    const { url } = await setup(framework, {}, (user) => ({ ...user, email: `${user.name}@example.com` }));
    const res = await fetch(`${url}/updated`, withSession(sessionOf(await login(url))));
    expect(await res.json()).toHaveProperty('user.email', 'alice@example.com');
    const second = await setup(framework, { userUpdater: async (user) => ({ ...user, role: 'reader' }) });
    const res2 = await fetch(`${second.url}/updated`, withSession(sessionOf(await login(second.url))));
    expect(await res2.json()).toHaveProperty('user.role', 'reader');
  });

  it('basic auth is off by default', async () => {
    const { url } = await setup(framework);
    expect((await fetch(`${url}/private`, basic('admin', ''))).status).toBe(401);
  });

  it('adminPasswd: admin gets in as an admin; wrong credentials fall through to the token', async () => {
    const { url } = await setup(framework, { adminPasswd: 's3cret' });
    const res = await fetch(`${url}/admin`, basic('admin', 's3cret'));
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('user', { id: 'admin', name: 'admin', attrs: { admin: true } });
    expect((await fetch(`${url}/private`, basic('admin', 'wrong'))).status).toBe(401);
    expect((await fetch(`${url}/private`, basic('root', 's3cret'))).status).toBe(401);
    const { jwt } = sessionOf(await login(url));
    const mixed = await fetch(`${url}/private`, {
      headers: { ...basic('admin', 'wrong').headers, 'x-jwt': jwt },
    });
    expect(mixed.status).toBe(200);
  });

  it('basicAuthChecker wins over adminPasswd, may supply the user, and its refusal is final', async () => {
    const { url } = await setup(framework, {
      adminPasswd: 's3cret',
      basicAuthChecker: (user, passwd) =>
        user === 'ci' && passwd === 'token'
          ? { ok: true, user: { id: 'ci_1', name: 'CI bot', role: 'editor' } }
          : user === 'plain' && passwd === 'pw',
    });
    const ci = await fetch(`${url}/rbac`, basic('ci', 'token'));
    expect(ci.status).toBe(200);
    expect(await ci.json()).toHaveProperty('user', { id: 'ci_1', name: 'CI bot', role: 'editor' });
    const plain = await fetch(`${url}/private`, basic('plain', 'pw'));
    expect(await plain.json()).toHaveProperty('user', { id: 'plain', name: 'plain' });
    expect((await fetch(`${url}/private`, basic('admin', 's3cret'))).status).toBe(401);
    const { jwt } = sessionOf(await login(url));
    const refused = await fetch(`${url}/private`, {
      headers: { ...basic('ci', 'bad').headers, 'x-jwt': jwt },
    });
    expect(refused.status).toBe(401);
  });

  it('the user a route sees is a copy: changing it does not leak into the next request', async () => {
    const { url, service } = await setup(framework, {}, (user) => {
      user.attrs = { ...user.attrs, touched: true };
      user.name = 'changed';
      return user;
    });
    const session = sessionOf(await login(url));
    await fetch(`${url}/updated`, withSession(session));
    const res = await fetch(`${url}/private`, withSession(session));
    expect(await res.json()).toHaveProperty('user', {
      name: 'alice',
      id: 'local_522b276a356bdf39013dfabea2cd43e141ecc9e8',
    });
    void (service as Service);
  });
});
