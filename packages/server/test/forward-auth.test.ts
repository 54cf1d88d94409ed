/**
 * `/auth/forward` over real HTTP, the test playing the reverse proxy: the three answers, the modes
 * per application and how one is chosen, the identity headers, the original method and URL read
 * only from trusted proxies, the login location, and a refresh handing on the JWT cookie alone.
 */
import { describe, expect, it } from 'vitest';
import { serviceURL } from '../src/config/load.js';
import { logIn, useApps } from './support/app.js';
import { mintToken } from './support/tokens.js';

const start = useApps();
const loopback = ['127.0.0.1', '::1'];

/** Asks the endpoint as a proxy would: the query names the application, headers carry the rest. */
function ask(url: string, query: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/auth/forward${query}`, { headers });
}

describe('forward authentication', () => {
  it('answers 401 with the login page, 202 with the user as headers', async () => {
    const { url, password, config } = await start({ forwardAuth: { trustedProxies: loopback } });
    const refused = await ask(url, '');
    expect([refused.status, await refused.json()]).toEqual([401, { error: 'not authorized' }]);
    expect(refused.headers.get('location')).toBe(`${serviceURL(config)}/`);
    const admin = await logIn(url, 'admin', password);
    const admitted = await ask(url, '', { 'x-jwt': admin.jwt });
    expect(admitted.status).toBe(202);
    expect(await admitted.text()).toBe('');
    expect(admitted.headers.get('x-auth-request-user')).toMatch(/^local_[0-9a-f]{40}$/);
    expect(admitted.headers.get('x-auth-request-preferred-username')).toBe('admin');
    expect(admitted.headers.get('x-auth-request-email')).toBe('');
    expect(admitted.headers.getSetCookie()).toEqual([]);
  });

  it('runs each application mode: admin, roles, trace; an unknown application is a 400', async () => {
    const { url, data, password } = await start({
      forwardAuth: {
        apps: {
          console: { mode: 'admin' },
          editors: { mode: { roles: ['Editor'] } },
          blog: { mode: 'trace' },
        },
      },
    });
    await data.credentials!.set('bob', 'bob-password-1', { replace: false });
    const bob = await logIn(url, 'bob', 'bob-password-1');
    const admin = await logIn(url, 'admin', password);
    const notAdmin = await ask(url, '?app=console', { 'x-jwt': bob.jwt });
    expect([notAdmin.status, await notAdmin.json()]).toEqual([403, { error: 'access denied: not an admin' }]);
    expect(notAdmin.headers.has('location')).toBe(false);
    expect((await ask(url, '?app=console', { 'x-jwt': admin.jwt })).status).toBe(202);
    expect((await ask(url, '?app=console')).status).toBe(401);

    const editor = await mintToken(data.secret, { name: 'eve', id: 'local_eve', role: 'editor' });
    const accepted = await ask(url, '?app=editors', { 'x-jwt': editor.token });
    expect([accepted.status, accepted.headers.get('x-auth-request-role')]).toEqual([202, 'editor']);
    const other = await ask(url, '?app=editors', { 'x-jwt': bob.jwt });
    expect([other.status, await other.json()]).toEqual([403, { error: 'access denied: no role of Editor' }]);

    const anonymous = await ask(url, '?app=blog');
    expect([anonymous.status, anonymous.headers.get('x-auth-request-user')]).toEqual([202, '']);
    const known = await ask(url, '?app=blog', { 'x-jwt': bob.jwt });
    expect([known.status, known.headers.get('x-auth-request-preferred-username')]).toEqual([202, 'bob']);

    const unknown = await ask(url, '?app=nope');
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'unknown application "nope"' }]);
    const twice = await ask(url, '?app=blog&app=console');
    expect([twice.status, await twice.json()]).toEqual([400, { error: 'name one application' }]);
  });

  it('believes X-Forwarded-* and X-Gatehouse-App only from a trusted proxy', async () => {
    const apps = { console: { mode: 'admin', hosts: ['console.example.com'] } };
    const forwarded = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'console.example.com',
      'x-forwarded-uri': '/reports?year=2026&q=a%20b',
    };
    const trusted = await start({ forwardAuth: { trustedProxies: loopback, apps } });
    await trusted.data.credentials!.set('bob', 'bob-password-1', { replace: false });
    const bob = await logIn(trusted.url, 'bob', 'bob-password-1');
    // The original host picks the application; X-Gatehouse-App names it as well.
    expect((await ask(trusted.url, '', { ...forwarded, 'x-jwt': bob.jwt })).status).toBe(403);
    expect((await ask(trusted.url, '', { 'x-gatehouse-app': 'console', 'x-jwt': bob.jwt })).status).toBe(403);
    const login = (await ask(trusted.url, '', forwarded)).headers.get('location')!;
    expect(new URL(login).searchParams.get('from')).toBe(
      'https://console.example.com/reports?year=2026&q=a%20b',
    );
    const original = await ask(trusted.url, '', {
      'x-original-url': 'https://console.example.com/a,b?c=d',
      'x-jwt': bob.jwt,
    });
    expect(original.status).toBe(403);
    // A host that is no application's, nor allowed otherwise: the login page without `from`.
    const foreign = await ask(trusted.url, '', { ...forwarded, 'x-forwarded-host': 'evil.example' });
    expect(foreign.headers.get('location')).toBe(`${serviceURL(trusted.config)}/`);

    const untrusted = await start({ forwardAuth: { trustedProxies: ['10.0.0.0/8'], apps } });
    await untrusted.data.credentials!.set('bob', 'bob-password-1', { replace: false });
    const bob2 = await logIn(untrusted.url, 'bob', 'bob-password-1');
    expect((await ask(untrusted.url, '', { ...forwarded, 'x-jwt': bob2.jwt })).status).toBe(202);
    expect((await ask(untrusted.url, '', { 'x-gatehouse-app': 'console', 'x-jwt': bob2.jwt })).status).toBe(
      202,
    );
    const page = `${serviceURL(untrusted.config)}/`;
    expect((await ask(untrusted.url, '', forwarded)).headers.get('location')).toBe(page);
  });

  it('needs the XSRF header with a cookie unless a trusted proxy reports a safe original method', async () => {
    const trusted = await start({ forwardAuth: { trustedProxies: loopback } });
    const admin = await logIn(trusted.url, 'admin', trusted.password);
    const cookie = { cookie: admin.cookie };
    expect((await ask(trusted.url, '', { ...cookie, 'x-forwarded-method': 'GET' })).status).toBe(202);
    expect((await ask(trusted.url, '', { ...cookie, 'x-original-method': 'head' })).status).toBe(202);
    const post = await ask(trusted.url, '', { ...cookie, 'x-forwarded-method': 'POST' });
    expect([post.status, await post.json()]).toEqual([401, { error: 'xsrf mismatch' }]);
    const withXsrf = { ...cookie, 'x-forwarded-method': 'POST', 'x-xsrf-token': admin.xsrf };
    expect((await ask(trusted.url, '', withXsrf)).status).toBe(202);
    // No method reported: the request is judged as itself, like any guarded route.
    expect((await ask(trusted.url, '', cookie)).status).toBe(401);

    const untrusted = await start();
    const other = await logIn(untrusted.url, 'admin', untrusted.password);
    const claimed = await ask(untrusted.url, '', { cookie: other.cookie, 'x-forwarded-method': 'GET' });
    expect([claimed.status, await claimed.json()]).toEqual([401, { error: 'xsrf mismatch' }]);
  });

  it('refreshes an expired token in a live cookie and hands on the JWT cookie alone', async () => {
    const { url, data } = await start({ forwardAuth: { trustedProxies: loopback } });
    const now = Math.floor(Date.now() / 1000);
    const old = await mintToken(
      data.secret,
      { name: 'carol', id: 'local_carol' },
      { exp: now - 60, auth_time: now - 3600 },
    );
    const res = await ask(url, '', { cookie: old.cookie, 'x-forwarded-method': 'GET' });
    expect(res.status).toBe(202);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^JWT=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const fresh = cookies[0]!.slice(4, cookies[0]!.indexOf(';'));
    expect(fresh).not.toBe(old.token);
    const again = await ask(url, '', { cookie: `JWT=${fresh}`, 'x-forwarded-method': 'GET' });
    expect([again.status, again.headers.getSetCookie()]).toEqual([202, []]);
  });

  it('is off with forwardAuth.enabled false', async () => {
    const { url } = await start({ forwardAuth: { enabled: false } });
    expect((await ask(url, '')).status).toBe(404);
  });
});
