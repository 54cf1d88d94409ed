/** buildApp in-process, over real HTTP on 127.0.0.1: health, JSON errors, and the auth config mapped onto @gatehouse/auth. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/load.js';
import { cookiesOf, useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const start = useApps();

function login(url: string, body: Record<string, string>, query = ''): Promise<Response> {
  return fetch(`${url}/auth/local/login${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('health and errors', () => {
  it('answers GET and HEAD /ping', async () => {
    const { url } = await start();
    const get = await fetch(`${url}/ping`);
    expect([get.status, await get.text()]).toEqual([200, 'pong']);
    const head = await fetch(`${url}/ping`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers unknown routes and methods with a JSON 404', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/ping`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found: DELETE /ping' });
  });

  it('sends X-Content-Type-Options: nosniff on every answer, errors included', async () => {
    const { url } = await start();
    const answers = await Promise.all([
      fetch(`${url}/ping`),
      fetch(`${url}/ping`, { method: 'HEAD' }),
      fetch(`${url}/nowhere`),
      fetch(`${url}/auth/list`),
      fetch(`${url}/pdb/meta/v1/version`),
      fetch(`${url}/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 200, 200, 400]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an oversized login body with 413 and a malformed one with 400, both JSON', async () => {
    const { url } = await start({ server: { bodyLimit: 1024 } });
    const big = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `user=admin&passwd=${'x'.repeat(2048)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'request body too large' });
    const malformed = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user": "admin",',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'failed to parse credentials' });
  });
});

describe('auth as configured', () => {
  it('lists the local provider and logs the first credential in with the configured durations', async () => {
    const { url, password } = await start({ auth: { tokenDuration: '5m', cookieDuration: '2h' } });
    expect(await (await fetch(`${url}/auth/list`)).json()).toEqual(['local']);
    const response = await login(url, { user: 'admin', passwd: password });
    expect(response.status).toBe(200);
    const { jwt, xsrf } = cookiesOf(response);
    const claims = claimsOf(jwt);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    expect(response.headers.getSetCookie().find((c) => c.startsWith('JWT='))).toContain('Max-Age=7200');
    const me = await fetch(`${url}/auth/user`, { headers: { cookie: `JWT=${jwt}`, 'x-xsrf-token': xsrf } });
    expect(await me.json()).toMatchObject({ name: 'admin' });
    const noXsrf = await fetch(`${url}/auth/user`, { headers: { cookie: `JWT=${jwt}` } });
    expect(noXsrf.status).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const { url, password } = await start();
    const wrongPassword = await login(url, { user: 'admin', passwd: `${password}!` });
    const unknownUser = await login(url, { user: 'nobody', passwd: password });
    expect([wrongPassword.status, unknownUser.status]).toEqual([403, 403]);
    expect(await wrongPassword.json()).toEqual(await unknownUser.json());
  });

  it('takes the signing secret from GATEHOUSE_SECRET', async () => {
    const secret = 's'.repeat(40);
    const { url, password } = await start({}, { GATEHOUSE_SECRET: secret });
    const { jwt } = cookiesOf(await login(url, { user: 'admin', passwd: password }));
    const [header, payload, signature] = jwt.split('.');
    expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  });

  it('refuses an audience outside auth.audiences and names the site in the token otherwise', async () => {
    const { url, password } = await start({ auth: { audiences: ['blog'] } });
    expect((await login(url, { user: 'admin', passwd: password, aud: 'shop' })).status).toBe(403);
    const ok = await login(url, { user: 'admin', passwd: password, aud: 'blog' });
    expect(ok.status).toBe(200);
    expect(claimsOf(cookiesOf(ok).jwt).aud).toBe('blog');
  });

  it('accepts basic auth for admin with GATEHOUSE_ADMIN_PASSWD', async () => {
    const { url } = await start({}, { GATEHOUSE_ADMIN_PASSWD: 'a-long-admin-password' });
    const basic = (pw: string) => `Basic ${Buffer.from(`admin:${pw}`).toString('base64')}`;
    const ok = await fetch(`${url}/auth/user`, {
      headers: { authorization: basic('a-long-admin-password') },
    });
    expect(ok.status).toBe(200);
    const refused = await fetch(`${url}/auth/user`, { headers: { authorization: basic('wrong-password') } });
    expect(refused.status).toBe(401);
  });

  it('uses no XSRF check with auth.disableXSRF and SameSite=Strict cookies with auth.sameSite', async () => {
    const { url, password } = await start({ auth: { disableXSRF: true, sameSite: 'strict' } });
    const response = await login(url, { user: 'admin', passwd: password });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('JWT='))).toContain('SameSite=Strict');
    const me = await fetch(`${url}/auth/user`, { headers: { cookie: `JWT=${cookiesOf(response).jwt}` } });
    expect(me.status).toBe(200);
  });

  it('has no login provider with auth.direct.enabled false', async () => {
    const cwd = tempDir();
    const { config } = loadConfig({
      cwd,
      env: {},
      flags: [{ key: 'auth.direct.enabled', value: false, source: 'test' }],
    });
    const app = await buildApp(config, { logger: { logf: () => {} } });
    try {
      const list = await app.inject({ url: '/auth/list' });
      expect(list.json()).toEqual([]);
      expect((await app.inject({ url: '/auth/local/login?user=admin&passwd=x' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
