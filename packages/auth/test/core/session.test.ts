/** Refresh, single flight, maximum session age, Validator and ClaimsUpdater, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { type Claims, getBoolAttr, setAttr } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { login } from '../support/core/service.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const apps = appPerTest();
const setup = apps.setup;

const payloadOf = (jwt: string): Claims =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe.each<Framework>(['fastify', 'express'])('sessions over %s', (framework) => {
  it('an expired token in a live cookie is re-issued: same jti, new exp, ClaimsUpdater run again', async () => {
    let updates = 0;
    const { url, clock } = await setup(framework, {
      claimsUpdater: (claims) => {
        updates++;
        if (claims.user) setAttr(claims.user, 'updates', updates);
        return claims;
      },
    });
    const session = sessionOf(await login(url));
    expect(updates).toBe(1);
    clock.advance(20 * MIN);
    const res = await fetch(`${url}/private`, withSession(session));
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('user.attrs', { updates: 2 });
    const renewed = sessionOf(res);
    expect(renewed.jwt).not.toBe(session.jwt);
    expect(renewed.xsrf).toBe(session.xsrf);
    const before = payloadOf(session.jwt);
    const after = payloadOf(renewed.jwt);
    expect(after.exp).toBe(clock.ms / 1000 + 15 * 60);
    expect(after.auth_time).toBe(before.auth_time);
    expect(updates).toBe(2);
  });

  it('concurrent requests with the same expired cookie refresh once', async () => {
    const { url, clock, service } = await setup(framework);
    const session = sessionOf(await login(url));
    clock.advance(20 * MIN);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${url}/private`, withSession(session))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const tokens = new Set(responses.map((r) => sessionOf(r).jwt));
    expect(tokens.size).toBe(1);
    expect(service.tokens.refresher.issued).toBe(1);
  });

  it('the maximum session age forces a new login, and the refused response clears the cookies', async () => {
    const { url, clock } = await setup(framework, { maxSessionAge: 60 * MIN });
    let session = sessionOf(await login(url));
    for (let i = 0; i < 3; i++) {
      clock.advance(16 * MIN); // 48 min after login: still refreshable
      const res = await fetch(`${url}/private`, withSession(session));
      expect(res.status).toBe(200);
      session = sessionOf(res);
    }
    expect(payloadOf(session.jwt).exp).toBe(payloadOf(session.jwt).auth_time! + 3600);
    clock.advance(16 * MIN); // 64 min: over
    const res = await fetch(`${url}/private`, withSession(session));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'session expired, log in again' });
    const cleared = setCookies(res);
    expect(cleared.JWT).toMatchObject({ value: '', attrs: { 'max-age': '0' } });
    expect(cleared['XSRF-TOKEN']).toMatchObject({ value: '', attrs: { 'max-age': '0' } });
  });

  it('defaults: a session can be refreshed for 31 days, not longer', async () => {
    const { url, clock } = await setup(framework);
    let session = sessionOf(await login(url));
    clock.advance(30 * DAY);
    const res = await fetch(`${url}/private`, withSession(session));
    expect(res.status).toBe(200);
    session = sessionOf(res);
    clock.advance(1 * DAY + MIN);
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(401);
  });

  it('block list: ClaimsUpdater sets `blocked`, Validator rejects it, cookies are cleared in the same response', async () => {
    const blocked = new Set<string>();
    const validated: string[] = [];
    const { url, clock } = await setup(framework, {
      claimsUpdater: (claims) => {
        if (claims.user) setAttr(claims.user, 'blocked', blocked.has(claims.user.name));
        return claims;
      },
      validator: (token, claims) => {
        validated.push(token);
        return !(claims.user && getBoolAttr(claims.user, 'blocked'));
      },
    });
    blocked.add('bob');
    const bob = sessionOf(await login(url, 'bob', 'builder'));
    const alice = sessionOf(await login(url));
    const refused = await fetch(`${url}/private`, withSession(bob));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'not authorized' });
    expect(setCookies(refused).JWT!.value).toBe('');
    expect((await fetch(`${url}/private`, withSession(alice))).status).toBe(200);
    expect(validated).toContain(alice.jwt);
    // blocked later: the refresh re-runs the updater, then the validator rejects the next request
    blocked.add('alice');
    clock.advance(16 * MIN);
    const refreshed = await fetch(`${url}/private`, withSession(alice));
    expect(refreshed.status).toBe(200);
    const next = await fetch(`${url}/private`, withSession(sessionOf(refreshed)));
    expect(next.status).toBe(401);
    expect(setCookies(next).JWT!.value).toBe('');
  });

  it('a validator rejection in trace mode clears the cookies and continues without a user', async () => {
    const { url } = await setup(framework, { validator: () => false });
    const session = sessionOf(await login(url));
    const res = await fetch(`${url}/trace`, withSession(session));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    expect(setCookies(res).JWT!.value).toBe('');
  });

  it('a cookie token long past its cookie lifetime is not refreshed', async () => {
    const { url, clock } = await setup(framework, { cookieDuration: 60 * MIN, maxSessionAge: 10 * DAY });
    const session = sessionOf(await login(url));
    clock.advance(80 * MIN);
    const res = await fetch(`${url}/private`, withSession(session));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'session expired, log in again' });
  });
});
