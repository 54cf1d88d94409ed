/**
 * The `auth` options of the config file, through the running service over real HTTP: cookie and
 * header names, cookie domain, the JWT answer header, XSRF method exemptions, per-site secrets, and
 * a GitHub provider with `numericId` and its own `endpoints` (a GitHub stand-in on 127.0.0.1).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn, useApps } from './support/app.js';
import { type FakeGithub, startFakeGithub } from './support/fake-github.js';

const start = useApps();

/** A signed HS256 JWT with these claims, as another site holding `secret` could make. */
function signToken(secret: string, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256' })}.${part(claims)}`; // the service's header: alg only
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('cookie and header options', () => {
  it('names the cookies and headers, scopes the cookies to a domain and sends the JWT header', async () => {
    const { url, password } = await start({
      auth: {
        jwtCookieName: 'SESSION',
        xsrfCookieName: 'CSRF',
        jwtCookieDomain: 'example.test',
        xsrfHeaderKey: 'X-CSRF',
        jwtHeaderKey: 'X-Token',
        sendJWTHeader: true,
        jwtQuery: 'jwt',
      },
    });
    const login = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: password }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('SESSION='))!;
    const csrf = cookies.find((cookie) => cookie.startsWith('CSRF='))!;
    expect(session).toMatch(/Domain=example\.test/i);
    expect(csrf).toMatch(/Domain=example\.test/i);
    expect(cookies.some((cookie) => cookie.startsWith('JWT='))).toBe(false);
    const jwt = login.headers.get('x-token')!;
    expect(jwt).toBe(session.split(';')[0]!.slice('SESSION='.length));
    const xsrf = csrf.split(';')[0]!.slice('CSRF='.length);

    const cookie = `SESSION=${jwt}; CSRF=${xsrf}`;
    expect((await fetch(`${url}/auth/user`, { headers: { cookie, 'x-csrf': xsrf } })).status).toBe(200);
    expect((await fetch(`${url}/auth/user`, { headers: { cookie, 'x-xsrf-token': xsrf } })).status).toBe(401);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-token': jwt } })).status).toBe(200);
    expect((await fetch(`${url}/auth/user?jwt=${jwt}`)).status).toBe(200);
    expect((await fetch(`${url}/auth/user?token=${jwt}`)).status).toBe(401);
  });

  it('exempts the listed methods from the XSRF check, and only those', async () => {
    const exempt = await start({ auth: { xsrfIgnoreMethods: ['GET'] } });
    const strict = await start();
    for (const [service, status] of [
      [exempt, 200],
      [strict, 401],
    ] as const) {
      const { jwt } = await logIn(service.url, 'admin', service.password);
      const noHeader = await fetch(`${service.url}/auth/user`, { headers: { cookie: `JWT=${jwt}` } });
      expect(noHeader.status).toBe(status);
    }
  });
});

describe('auth.sites', () => {
  const blogSecret = 'blog-secret-blog-secret-blog-secret!';
  const env = { BLOG_SECRET: blogSecret };

  it('signs a site’s tokens with its own secret; a token for site A is refused on site B', async () => {
    const { url, password } = await start({ auth: { sites: { blog: { secretEnv: 'BLOG_SECRET' } } } }, env);
    const login = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: password, aud: 'blog' }),
    });
    const jwt = login.headers.getSetCookie()[0]!.split(';')[0]!.slice('JWT='.length);
    const claims = claimsOf(jwt);
    expect(claims.aud).toBe('blog');
    // Signed with the blog's secret: anyone holding it can check it, and the service accepts it.
    expect(signToken(blogSecret, claims)).toBe(jwt);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': jwt } })).status).toBe(200);
    // The blog's secret cannot make a token for another site (here the default site).
    const forged = signToken(blogSecret, { ...claims, aud: 'shop' });
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': forged } })).status).toBe(401);
    // A token of the default site is not signed with the blog's secret.
    const { jwt: shopToken } = await logIn(url, 'admin', password);
    expect(signToken(blogSecret, claimsOf(shopToken))).not.toBe(shopToken);
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': shopToken } })).status).toBe(200);
  });

  it('refuses a site that auth.audiences does not list (as spelt there)', async () => {
    const config = { auth: { audiences: ['Blog'], sites: { blog: { secretEnv: 'BLOG_SECRET' } } } };
    await expect(start(config, env)).rejects.toThrow(
      'auth.sites.blog (from gatehouse.config.json): site "blog" is not in auth.audiences, so no login can be for it',
    );
  });

  it('refuses to start when a site’s variable is missing or short, naming the key', async () => {
    const config = { auth: { sites: { blog: { secretEnv: 'BLOG_SECRET' } } } };
    await expect(start(config)).rejects.toThrow(
      'auth.sites.blog.secretEnv (from gatehouse.config.json): environment variable BLOG_SECRET is not set',
    );
    await expect(start(config, { BLOG_SECRET: 'short' })).rejects.toThrow(
      'environment variable BLOG_SECRET holds fewer than 32 characters',
    );
  });
});

describe('a GitHub provider with numericId and endpoints (GitHub Enterprise)', () => {
  let github: FakeGithub | undefined;
  afterEach(async () => {
    await github?.close();
  });

  it('logs in through the configured endpoints with the numeric id', async () => {
    github = await startFakeGithub(
      { id: 'gh-client', secret: 'gh-secret' },
      { id: 4242, login: 'octo', name: 'Octo Cat' },
    );
    const { url } = await start(
      {
        auth: {
          providers: [
            {
              kind: 'github',
              clientId: 'gh-client',
              clientSecretEnv: 'GH_SECRET',
              numericId: true,
              endpoints: {
                authURL: `${github.url}/login/oauth/authorize`,
                tokenURL: `${github.url}/login/oauth/access_token`,
                infoURL: `${github.url}/api/v3/user`,
              },
            },
          ],
        },
      },
      { GH_SECRET: 'gh-secret' },
    );
    const login = await fetch(`${url}/auth/github/login?site=ghe`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const handshake = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    // The service believes it is at server.url (port 8080); in-process it listens on a free port.
    expect(back.pathname).toBe('/auth/github/callback');
    const callback = await fetch(`${url}${back.pathname}${back.search}`, {
      headers: { cookie: handshake },
      redirect: 'manual',
    });
    expect(callback.status).toBe(200);
    const user = await callback.json();
    const numericId = `github_${createHash('sha1').update('gid:4242').digest('hex')}`;
    expect(user).toMatchObject({ name: 'Octo Cat', id: numericId, aud: 'ghe' });
  });
});
