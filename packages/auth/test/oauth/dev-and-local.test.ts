/**
 * The dev provider against the dev OAuth 2.0 server, and a provider against the local OAuth 2.0
 * server (@node-oauth/oauth2-server), end to end through the real service: the login page, the
 * one-POST login, registered clients and redirect URIs, passwords, one-time codes, bearer tokens.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devProvider } from '../../src/dev/dev-provider.js';
import { DEV_WARNING, startDevOAuthServer } from '../../src/dev/dev-server.js';
import { localOAuth2Provider } from '../../src/providers/local-server/local-provider.js';
import { LocalOAuth2Server } from '../../src/providers/local-server/server.js';
import { Browser } from '../support/oauth/browser.js';
import { listenEarly, type RunningService, startService } from '../support/oauth/service.js';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('the dev provider', () => {
  let dev: LocalOAuth2Server;
  let svc: RunningService;
  const devLog: string[] = [];

  beforeAll(async () => {
    dev = await startDevOAuthServer({
      port: 0,
      emailFor: (u) => (u === 'mailer' ? `${u}@example.com` : undefined),
      logger: { logf: (f, ...a) => devLog.push(`${f} ${a.join(' ')}`) },
    });
    svc = await startService([devProvider({ port: Number(new URL(dev.url).port) })]);
  });

  afterAll(async () => {
    await svc.close();
    await dev.close();
  });

  it('warns loudly on start-up', () => {
    expect(devLog.join('\n')).toContain(DEV_WARNING);
  });

  it('refuses another client id and a redirect_uri off loopback with 400, handing out no code', async () => {
    const authURL = `${dev.url}/login/oauth/authorize`;
    for (const query of [
      'client_id=nope&redirect_uri=http://127.0.0.1:9/cb',
      'client_id=dev&redirect_uri=http://evil.com/cb',
      'client_id=dev&redirect_uri=http://127.0.0.1.evil.com/cb',
    ]) {
      const res = await fetch(`${authURL}?${query}&response_type=code&state=s`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=alice',
        redirect: 'manual',
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('accepts only the registered callbacks when started with redirectURIs', async () => {
    const strict = await startDevOAuthServer({
      port: 0,
      redirectURIs: ['http://127.0.0.1:9/auth/dev/callback'],
    });
    try {
      const authorize = (redirect: string) =>
        fetch(
          `${strict.url}/login/oauth/authorize?client_id=dev&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&state=s`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'username=alice',
            redirect: 'manual',
          },
        );
      expect((await authorize('http://127.0.0.1:9/other')).status).toBe(400);
      const ok = await authorize('http://127.0.0.1:9/auth/dev/callback');
      expect(ok.status).toBe(302);
      expect(ok.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/auth\/dev\/callback\?code=/);
    } finally {
      await strict.close();
    }
  });

  it('shows the form again with an error when the user name is empty', async () => {
    const b = new Browser();
    const page = await b.navigate(`${svc.url}/auth/dev/login?site=s1`);
    const again = await b.navigate(page.chain.at(-1)!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=+',
    });
    expect(again.response.status).toBe(400);
    expect(again.body).toContain('name="username"');
    expect(again.body).toContain('enter a user name');
    expect(b.cookie('JWT')).toBeUndefined();
  });

  it('shows a login page whose form posts username back to the same authorize URL', async () => {
    const b = new Browser();
    const nav = await b.navigate(`${svc.url}/auth/dev/login?site=s1`);
    expect(nav.response.status).toBe(200);
    expect(nav.response.headers.get('content-type')).toMatch(/^text\/html/);
    const authorize = new URL(nav.chain.at(-1)!);
    const action = /<form method="post" action="([^"]+)"/.exec(nav.body)![1]!.replaceAll('&amp;', '&');
    expect(new URL(action, authorize).href).toBe(authorize.href);
    expect(nav.body).toContain('name="username"');
  });

  it('logs in any user name with one POST, then /auth/user works', async () => {
    const b = new Browser();
    const page = await b.navigate(
      `${svc.url}/auth/dev/login?site=s1&from=${encodeURIComponent(`${svc.url}/done`)}`,
    );
    const done = await b.navigate(page.chain.at(-1)!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=alice',
    });
    expect(done.statuses.slice(0, 2)).toEqual([302, 303]);
    expect(done.chain.at(-1)).toBe(`${svc.url}/done`);
    const res = await b.request(`${svc.url}/auth/user`, {
      headers: { 'x-xsrf-token': b.cookie('XSRF-TOKEN')! },
    });
    const user = await res.json();
    expect(user).toMatchObject({
      id: `dev_${sha1('alice')}`,
      name: 'alice',
      aud: 's1',
      picture: expect.stringMatching(/\/avatar\/[0-9a-f]{40}\.image$/),
    });
    expect(user).not.toHaveProperty('email');
  });

  it('adds the e-mail when an e-mail function is configured', async () => {
    const b = new Browser();
    const page = await b.navigate(`${svc.url}/auth/dev/login`);
    const done = await b.navigate(page.chain.at(-1)!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=mailer',
    });
    expect(JSON.parse(done.body)).toMatchObject({ name: 'mailer', email: 'mailer@example.com' });
  });
});

describe('a provider on the local OAuth 2.0 server', () => {
  let local: LocalOAuth2Server;
  let svc: RunningService;

  beforeAll(async () => {
    // The service's URL must be known to register its redirect URI at the local server.
    const server = await listenEarly();
    local = new LocalOAuth2Server({
      url: 'http://localhost:0',
      clients: [{ id: 'app', secret: 'app-secret', redirectURIs: [`${server.url}/auth/corp/callback`] }],
      authenticate: (u, p) => (u === 'bob' && p === 'hunter2') || (u === 'carol' && p === 'open-sesame'),
      emailFor: (u) => `${u}@corp.example`,
      // Two free failures per user name, then a minute's block (the defaults are 5 and 1 s).
      throttle: { freeAttemptsPerAccount: 2, baseDelayMs: 60_000 },
    });
    await local.start();
    svc = await startService(
      [localOAuth2Provider({ name: 'corp', clientId: 'app', clientSecret: 'app-secret', server: local })],
      { server },
    );
  });

  afterAll(async () => {
    await svc.close();
    await local.close();
  });

  async function loginPage(b: Browser) {
    const nav = await b.navigate(`${svc.url}/auth/corp/login`);
    expect(nav.body).toContain('name="password"');
    return nav.chain.at(-1)!;
  }

  const post = (b: Browser, url: string, body: string) =>
    b.navigate(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('logs in with the right password', async () => {
    const b = new Browser();
    const done = await post(b, await loginPage(b), 'username=bob&password=hunter2');
    expect(done.response.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({
      id: `corp_${sha1('bob')}`,
      name: 'bob',
      email: 'bob@corp.example',
    });
  });

  it('shows the page again with 401 on a wrong password, and nobody is logged in', async () => {
    const b = new Browser();
    const done = await post(b, await loginPage(b), 'username=bob&password=nope');
    expect(done.response.status).toBe(401);
    expect(done.body).toContain('wrong user name or password');
    expect(b.cookie('JWT')).toBeUndefined();
  });

  it('throttles password guessing per user name: 429 with Retry-After, even for the right password', async () => {
    const attempt = async (password: string) => {
      const b = new Browser();
      return post(b, await loginPage(b), `username=carol&password=${password}`);
    };
    for (const guess of ['a', 'b', 'c']) expect((await attempt(guess)).response.status).toBe(401);
    const blocked = await attempt('open-sesame');
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(blocked.body).toContain('too many attempts');
    // Another user name from the same address is not blocked by carol's count (20 free per address).
    const b = new Browser();
    expect((await post(b, await loginPage(b), 'username=bob&password=hunter2')).response.status).toBe(200);
  });

  it('refuses unknown clients and unregistered redirect URIs before any login page', async () => {
    const { authURL } = local.endpoints();
    const unknown = await fetch(
      `${authURL}?client_id=nobody&redirect_uri=http://127.0.0.1/cb&response_type=code&state=s`,
    );
    expect(unknown.status).toBe(400);
    const foreign = await fetch(
      `${authURL}?client_id=app&redirect_uri=https://evil.example/cb&response_type=code&state=s`,
    );
    expect(foreign.status).toBe(400);
  });

  it('refuses a wrong client secret, a wrong PKCE verifier, a used code and a wrong bearer token', async () => {
    const b = new Browser();
    const page = await loginPage(b);
    const res = await b.request(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=bob&password=hunter2',
    });
    const callback = new URL(res.headers.get('location')!);
    const code = callback.searchParams.get('code')!;
    const { tokenURL, infoURL } = local.endpoints();
    const exchange = (secret: string, verifier = 'x'.repeat(43)) =>
      fetch(tokenURL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: 'app',
          client_secret: secret,
          redirect_uri: `${svc.url}/auth/corp/callback`,
          code_verifier: verifier,
        }),
      });
    const wrongSecret = await exchange('wrong');
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toHaveProperty('error', 'invalid_client');
    // The right client but the wrong PKCE verifier: the code was bound to the login's challenge.
    const wrongVerifier = await exchange('app-secret');
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toHaveProperty('error', 'invalid_grant');
    // The code is gone after that attempt: one use only.
    expect(await (await exchange('app-secret')).json()).toHaveProperty('error', 'invalid_grant');
    const user = await fetch(infoURL, { headers: { authorization: 'Bearer not-a-token' } });
    expect(user.status).toBe(401);
  });
});

describe('local OAuth 2.0 server options', () => {
  const servers: LocalOAuth2Server[] = [];
  const client = { id: 'app', secret: 's', redirectURIs: ['http://127.0.0.1:9/cb'] };
  const authorizeQuery =
    'client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&response_type=code&state=st';

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  async function start(opts: Partial<ConstructorParameters<typeof LocalOAuth2Server>[0]>) {
    const server = new LocalOAuth2Server({ url: 'http://127.0.0.1:0', clients: [client], ...opts });
    servers.push(server);
    await server.start();
    return server;
  }

  it('renders the integrator’s login page with the form action to post to', async () => {
    const server = await start({
      loginPageHandler: (_req, res, page) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<p>Corporate login</p><form method="post" action="${page.action.replaceAll('&', '&amp;')}"></form>`,
        );
      },
    });
    const res = await fetch(`${server.endpoints().authURL}?${authorizeQuery}`);
    const html = await res.text();
    expect(html).toContain('Corporate login');
    expect(html).toContain(`action="/authorize?${authorizeQuery.replaceAll('&', '&amp;')}"`);
  });

  it('without a login page, takes the user name from the authorize request', async () => {
    const server = await start({ withLoginPage: false });
    const { authURL } = server.endpoints();
    const missing = await fetch(`${authURL}?${authorizeQuery}`);
    expect(missing.status).toBe(400);
    const res = await fetch(`${authURL}?${authorizeQuery}&username=svc`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:9/cb');
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{40,}$/);
  });

  it('refuses a provider registration under a built-in name', () => {
    const server = new LocalOAuth2Server({ url: 'http://127.0.0.1:0', clients: [client] });
    expect(() => localOAuth2Provider({ name: 'github', clientId: 'app', clientSecret: 's', server })).toThrow(
      /built-in provider name/,
    );
  });
});
