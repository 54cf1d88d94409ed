/** Ended sessions: logout revokes server-side, an admin revokes every session of a user, over both adapters. */
import { describe, expect, it } from 'vitest';
import { MemoryStateStore, type Service } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, withSession } from '../support/core/servers.js';
import { Clock, login, makeService } from '../support/core/service.js';

const MIN = 60_000;
const apps = appPerTest();

describe.each<Framework>(['fastify', 'express'])('revocation over %s', (framework) => {
  it('logout ends the session: the old cookie and X-JWT answer 401 and are never refreshed', async () => {
    const { url, clock, service } = await apps.setup(framework);
    const session = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(200);
    const logout = await fetch(`${url}/auth/logout`, withSession(session, {}, false));
    expect(logout.status).toBe(200);
    for (const init of [withSession(session), { headers: { 'x-jwt': session.jwt } }]) {
      const after = await fetch(`${url}/private`, init);
      expect([after.status, await after.json()]).toEqual([401, { error: 'session ended, log in again' }]);
    }
    clock.advance(20 * MIN); // the token has expired: a live session's cookie would be refreshed now
    const expired = await fetch(`${url}/private`, withSession(session));
    expect(expired.status).toBe(401);
    expect(expired.headers.getSetCookie().some((c) => c.startsWith('JWT=ey'))).toBe(false);
    expect(service.tokens.refresher.issued).toBe(0);
  });

  it('a provider logout route ends the session too', async () => {
    const { url } = await apps.setup(framework);
    const session = sessionOf(await login(url));
    await fetch(`${url}/auth/local/logout`, { headers: { 'x-jwt': session.jwt } });
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': session.jwt } })).status).toBe(401);
  });

  it('revokeSessions ends every session of a user and no one else’s; a new login works', async () => {
    const { url, clock, service } = await apps.setup(framework);
    const first = sessionOf(await login(url));
    const second = sessionOf(await login(url));
    const bob = sessionOf(await login(url, 'bob', 'builder'));
    const alice = (await (await fetch(`${url}/private`, withSession(first))).json()) as {
      user: { id: string };
    };
    await service.revokeSessions(alice.user.id);
    expect((await fetch(`${url}/private`, withSession(first))).status).toBe(401);
    expect((await fetch(`${url}/private`, withSession(second))).status).toBe(401);
    expect((await fetch(`${url}/private`, withSession(bob))).status).toBe(200);
    // The clock has not moved: a login right after the revocation, in the same millisecond, is not caught.
    const again = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(again))).status).toBe(200);
    clock.advance(20 * MIN); // and its refreshed token keeps the generation it began under
    const refreshed = await fetch(`${url}/private`, withSession(again));
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith('JWT=ey'))).toBe(true);
    await service.revokeSessions(alice.user.id); // a second revocation ends it, and the first sessions stay ended
    expect((await fetch(`${url}/private`, withSession(again))).status).toBe(401);
    expect((await fetch(`${url}/private`, withSession(first))).status).toBe(401);
  });
});

describe('a revocation made by another instance sharing the store', () => {
  it('does not catch a login on this instance made right after it (no clocks compared)', async () => {
    const store = new MemoryStateStore();
    const { service, clock } = makeService({ stateStore: store });
    // The other instance's clock is ten seconds ahead: a time comparison would revoke the new login.
    const ahead = new Clock();
    ahead.ms = clock.ms + 10_000;
    const other: Service = makeService({ stateStore: store }, ahead).service;
    const url = await apps.serve('fastify', service);
    const before = sessionOf(await login(url));
    const alice = (await service.tokens.verify(before.jwt)).claims.user!.id;
    await other.revokeSessions(alice);
    const after = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(after))).status).toBe(200);
    service.tokens.forget({ userId: alice }); // as a recheck would: ask the store again
    expect((await fetch(`${url}/private`, withSession(before))).status).toBe(401);
    store.close();
  });

  it('is seen once revocationCheckInterval has passed', async () => {
    const store = new MemoryStateStore();
    const { service, clock } = makeService({ stateStore: store, revocationCheckInterval: 5000 });
    const other: Service = makeService({ stateStore: store }, clock).service;
    const url = await apps.serve('fastify', service);
    const session = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(200);
    const alice = (await service.tokens.verify(session.jwt)).claims.user!.id;
    await other.revokeSessions(alice);
    clock.advance(4000); // still within the interval: the cached verdict stands
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(200);
    clock.advance(1000);
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(401);
    store.close();
  });
});

describe('one user per request', () => {
  it('a handler changing nested attributes of its user changes no other request’s user', async () => {
    const { service } = makeService({
      claimsUpdater: (claims) => {
        if (claims.user) claims.user.attrs = { profile: { teams: ['red'] } };
        return claims;
      },
    });
    const url = await apps.serve('fastify', service);
    const { jwt } = sessionOf(await login(url));
    const request = { method: 'GET', url: '/private', headers: { 'x-jwt': jwt }, ip: '127.0.0.1' };
    const first = await service.guard('auth', request);
    if (!first.ok || !first.user) throw new Error('expected a user');
    (first.user.attrs!.profile as { teams: string[] }).teams.push('blue');
    first.user.name = 'mallory';
    const second = await service.guard('auth', request);
    if (!second.ok || !second.user) throw new Error('expected a user');
    expect(second.user.name).toBe('alice');
    expect(second.user.attrs).toEqual({ profile: { teams: ['red'] } });
  });
});
