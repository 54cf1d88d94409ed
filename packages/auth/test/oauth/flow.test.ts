/**
 * The login handshake and its failures, end to end: the real Service behind Fastify, a custom
 * provider, a fake OAuth 2.0 provider on 127.0.0.1, and a cookie-jar browser following redirects.
 * Every refusal is checked for its status, its JSON error, and that no session cookie was set.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/index.js';
import { customOAuth2Provider } from '../../src/providers/custom.js';
import { HANDSHAKE_COOKIE } from '../../src/providers/oauth2/handshake.js';
import { Browser } from '../support/oauth/browser.js';
import { FakeProvider } from '../support/oauth/fake-provider.js';
import { type RunningService, startService } from '../support/oauth/service.js';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

let fake: FakeProvider;
let svc: RunningService;

const tokensSeen: { provider: string; user: { id: string }; tokens: { access_token: string } }[] = [];

function acme(
  name = 'acme',
  tokenURL?: string,
  onTokens?: Parameters<typeof customOAuth2Provider>[0]['onTokens'],
) {
  const e = fake.endpoints();
  return customOAuth2Provider({
    name,
    onTokens,
    clientId: 'cid',
    clientSecret: 'csecret',
    endpoints: { authURL: e.authURL, tokenURL: tokenURL ?? e.tokenURL, infoURL: e.infoURL },
    scopes: ['profile'],
  });
}

beforeAll(async () => {
  fake = await new FakeProvider({
    clientId: 'cid',
    clientSecret: 'csecret',
    userInfo: { id: '42', name: 'Ann', picture: '{{picture}}/ann.png' },
  }).start();
  svc = await startService([
    acme(),
    acme('other'),
    acme('broken', 'http://127.0.0.1:1/token'),
    acme('hooked', undefined, (event) => {
      tokensSeen.push(event);
    }),
    acme('vetoed', undefined, () => {
      throw new Error('blocked by the token hook');
    }),
  ]);
});

afterAll(async () => {
  await svc.close();
  await fake.close();
});

afterEach(() => {
  for (const k of Object.keys(fake.knobs)) delete fake.knobs[k as keyof typeof fake.knobs];
});

/** Starts a login and stops before following the provider's redirect back. */
async function startLogin(b: Browser, provider = 'acme', query = 'site=s1') {
  const res = await b.request(`${svc.url}/auth/${provider}/login?${query}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Lets the fake provider answer the authorize request; returns the callback URL it sends back. */
async function authorize(b: Browser, authURL: URL): Promise<URL> {
  const res = await b.request(authURL.href);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function expectRefused(b: Browser, url: string, status: number, error: string) {
  const res = await b.request(url);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ error });
  expect(b.cookie('JWT')).toBeUndefined();
  expect(b.cookie(HANDSHAKE_COOKIE)).toBeUndefined();
}

describe('a login through an OAuth 2.0 provider', () => {
  it('sends the browser to the provider with state, PKCE S256 and the callback URL', async () => {
    const b = new Browser();
    const auth = await startLogin(b);
    expect(auth.origin + auth.pathname).toBe(fake.endpoints().authURL);
    const q = auth.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('cid');
    expect(q.get('redirect_uri')).toBe(`${svc.url}/auth/acme/callback`);
    expect(q.get('scope')).toBe('profile');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(b.cookie(HANDSHAKE_COOKIE)).toBeDefined();
    expect(b.cookie('JWT')).toBeUndefined();
  });

  it('completes with 303 to `from`, a session cookie, the proxied avatar and /auth/user', async () => {
    const b = new Browser();
    const nav = await b.navigate(
      `${svc.url}/auth/acme/login?site=s1&from=${encodeURIComponent(`${svc.url}/app?x=1`)}`,
    );
    expect(nav.statuses.slice(0, 3)).toEqual([302, 302, 303]);
    expect(nav.chain.at(-1)).toBe(`${svc.url}/app?x=1`);
    expect(b.cookie(HANDSHAKE_COOKIE)).toBeUndefined();
    const xsrf = b.cookie('XSRF-TOKEN')!;
    expect(b.cookie('JWT')).toBeDefined();
    const res = await b.request(`${svc.url}/auth/user`, { headers: { 'x-xsrf-token': xsrf } });
    expect(res.status).toBe(200);
    const user = (await res.json()) as User;
    expect(user).toMatchObject({ id: `acme_${sha1('42')}`, name: 'Ann', aud: 's1' });
    expect(user.picture).toMatch(new RegExp(`^${svc.url}/avatar/[0-9a-f]{40}\\.image$`));
    const avatar = await b.request(user.picture!);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    // The token request carried the PKCE verifier the fake checked against the challenge.
    expect(fake.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
  });

  it('answers the user JSON when there is no `from`', async () => {
    const b = new Browser();
    const nav = await b.navigate(`${svc.url}/auth/acme/login?site=s1&noava=1`);
    expect(nav.response.status).toBe(200);
    const user = JSON.parse(nav.body);
    expect(user.id).toBe(`acme_${sha1('42')}`);
    expect(user.picture).not.toContain(fake.url);
  });

  it('keeps the current session while a new login is started', async () => {
    const b = new Browser();
    await b.navigate(`${svc.url}/auth/acme/login?site=s1`);
    const jwt = b.cookie('JWT');
    const res = await b.request(`${svc.url}/auth/other/login?site=s1`);
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([HANDSHAKE_COOKIE]);
    expect(b.cookie('JWT')).toBe(jwt);
    const hs = res.headers.getSetCookie()[0]!;
    expect(hs).toMatch(/HttpOnly/i);
    expect(hs).toMatch(/SameSite=Lax/i);
    expect(hs).toMatch(/Path=\/auth(;|$)/);
  });

  it('honours session=1 with a cookie without Max-Age', async () => {
    const b = new Browser();
    const res = await b.request((await authorize(b, await startLogin(b, 'acme', 'site=s1&session=1'))).href);
    const jwt = res.headers.getSetCookie().find((c) => c.startsWith('JWT='))!;
    expect(jwt).not.toMatch(/Max-Age/i);
  });
});

describe('a refused callback', () => {
  it('refuses an oversized site at the start of the login (400), before going to the provider', async () => {
    const b = new Browser();
    await expectRefused(
      b,
      `${svc.url}/auth/acme/login?site=${'s'.repeat(5000)}`,
      400,
      'aud (site) must be at most 256 printable characters, without control characters',
    );
  });

  it('refuses a callback without handshake cookie (403)', async () => {
    const b = new Browser();
    await expectRefused(b, `${svc.url}/auth/acme/callback?code=x&state=y`, 403, 'login handshake missing');
  });

  it('refuses a forged handshake (403)', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    const forged = `${b.cookie(HANDSHAKE_COOKIE)!.slice(0, -4)}AAAA`;
    b.setCookie(HANDSHAKE_COOKIE, forged, '127.0.0.1', '/auth');
    await expectRefused(b, cb.href, 403, 'invalid or expired login handshake');
  });

  it('refuses an expired handshake (403)', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    const state = cb.searchParams.get('state');
    const claims = { prov: 'acme', st: state, aud: 's1', hexp: Math.floor(Date.now() / 1000) - 1 };
    b.setCookie(HANDSHAKE_COOKIE, await svc.service.context.signHandshake(claims, -60), '127.0.0.1', '/auth');
    await expectRefused(b, cb.href, 403, 'invalid or expired login handshake');
  });

  it('refuses a wrong state (403)', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    cb.searchParams.set('state', 'not-the-state');
    await expectRefused(b, cb.href, 403, 'unexpected state');
  });

  it('refuses a replayed callback, and a replayed code under a new handshake', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    const handshake = b.cookie(HANDSHAKE_COOKIE)!;
    expect((await b.request(cb.href)).status).toBe(200);
    const attacker = new Browser();
    attacker.setCookie(HANDSHAKE_COOKIE, handshake, '127.0.0.1', '/auth');
    await expectRefused(attacker, cb.href, 403, 'login already completed');

    const fresh = new Browser();
    const auth = await startLogin(fresh);
    const replay = new URL(cb.href);
    replay.searchParams.set('state', auth.searchParams.get('state')!);
    await expectRefused(fresh, replay.href, 401, 'login refused by the provider');
  });

  it('refuses a callback at a provider that did not start the login (403)', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b, 'acme'));
    await expectRefused(
      b,
      `${svc.url}/auth/other/callback${cb.search}`,
      403,
      'login was started with another provider',
    );
  });

  it('passes on the provider saying no (error=access_denied) as 401', async () => {
    fake.knobs.authorizeError = 'access_denied';
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    expect(cb.searchParams.get('error')).toBe('access_denied');
    await expectRefused(b, cb.href, 401, 'login refused by the provider');
  });

  it.each([
    [{ status: 500, body: '{}' }, 502, 'provider unavailable'],
    [{ status: 404, body: '{}' }, 502, 'unexpected answer from the provider'],
    [{ status: 401, body: '{}' }, 401, 'login refused by the provider'],
    [{ status: 200, body: '<html>not json' }, 502, 'unexpected answer from the provider'],
    [{ status: 200, body: '["an array"]' }, 502, 'unexpected answer from the provider'],
    [{ status: 200, body: '{"name":"no id"}' }, 502, 'unexpected answer from the provider'],
  ])('maps a user-info answer %j to %i', async (answer, status, error) => {
    fake.knobs.userInfoAnswer = answer;
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    await expectRefused(b, cb.href, status, error);
  });

  it('answers 502 when the token endpoint cannot be reached', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b, 'broken'));
    await expectRefused(b, cb.href, 502, 'provider unavailable');
  });
});

describe('the token hook', () => {
  it("sees the provider's tokens of a login", async () => {
    const nav = await new Browser().navigate(`${svc.url}/auth/hooked/login`);
    expect(nav.response.status).toBe(200);
    expect(tokensSeen).toHaveLength(1);
    expect(tokensSeen[0]!.provider).toBe('hooked');
    expect(tokensSeen[0]!.user.id).toBe(`hooked_${sha1('42')}`);
    expect(tokensSeen[0]!.tokens.access_token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses the login when it throws (500), with no session', async () => {
    const b = new Browser();
    const nav = await b.navigate(`${svc.url}/auth/vetoed/login`);
    expect(nav.response.status).toBe(500);
    expect(JSON.parse(nav.body)).toEqual({ error: 'internal error' });
    expect(b.cookie('JWT')).toBeUndefined();
    expect(svc.log.join('\n')).toContain('blocked by the token hook');
  });
});

describe('login parameters', () => {
  it('refuses a `from` on a foreign host before leaving (400), without a handshake', async () => {
    const b = new Browser();
    const res = await b.request(
      `${svc.url}/auth/acme/login?from=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'redirect target not allowed' });
    expect(b.cookieNames()).toEqual([]);
  });

  it.each(['POST', 'HEAD'])(
    'refuses a %s login (405, Allow: GET) without starting a handshake',
    async (method) => {
      const b = new Browser();
      const res = await b.request(`${svc.url}/auth/acme/login?site=s1`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
      if (method !== 'HEAD') expect(await res.json()).toEqual({ error: 'method not allowed' });
      expect(res.headers.get('location')).toBeNull();
      expect(b.cookieNames()).toEqual([]);
    },
  );

  it('refuses a POST callback unless the provider answers by form_post (405, Allow: GET)', async () => {
    const b = new Browser();
    const cb = await authorize(b, await startLogin(b));
    const res = await b.request(cb.href, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toEqual({ error: 'method not allowed' });
    expect(b.cookie('JWT')).toBeUndefined();
  });
});
