/** Logins and logouts sent by another site are refused; same-site navigation and plain clients pass. */
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf } from '../support/core/servers.js';
import { users } from '../support/core/service.js';

const apps = appPerTest();

function postLogin(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ user: 'alice', passwd: users.alice }),
  });
}

describe.each<Framework>(['fastify', 'express'])('cross-site requests over %s', (framework) => {
  it('refuses a login sent cross-site or from a foreign origin', async () => {
    const { url } = await apps.setup(framework);
    const senders: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of senders) {
      const refused = await postLogin(url, headers);
      expect([refused.status, await refused.json()], JSON.stringify(headers)).toEqual([
        403,
        { error: 'cross-site request refused' },
      ]);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
  });

  it('accepts a login from the page itself, an allowed host, or a client that is no browser', async () => {
    const { url } = await apps.setup(framework, { allowedRedirectHosts: ['app.example.com'] });
    const senders: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: url },
      { 'sec-fetch-site': 'same-site', origin: 'https://app.example.com' },
      {},
    ];
    for (const headers of senders) {
      expect((await postLogin(url, headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses a cross-site logout, which keeps the session; a same-site GET logout works', async () => {
    const { url } = await apps.setup(framework);
    const session = sessionOf(await postLogin(url, {}));
    const cookie = `JWT=${session.jwt}; XSRF-TOKEN=${session.xsrf}`;
    const forced = await fetch(`${url}/auth/logout`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(forced.status).toBe(403);
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': session.jwt } })).status).toBe(200);
    const navigation = await fetch(`${url}/auth/logout`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.status).toBe(200);
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': session.jwt } })).status).toBe(401);
  });
});
