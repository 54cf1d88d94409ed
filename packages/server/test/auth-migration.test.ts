/**
 * The decisions for integrators coming from go-pkgz/auth (the auth README's "Migrating from
 * go-pkgz/auth"), checked through the running service: hashed `dev_<sha1>` ids (raw ids are a
 * `mapUser` away), one reading of an empty `session=`, `site` on the direct provider, a start-up
 * login hint that works with `auth.audiences`, and the service's own token issuer.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstCredentialLines } from '../src/serve.js';
import { useApps } from './support/app.js';
import { type FakeGithub, startFakeGithub } from './support/fake-github.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function claimsOf(response: Response): Record<string, unknown> {
  const jwt = response.headers.getSetCookie().find((cookie) => cookie.startsWith('JWT='))!;
  return JSON.parse(Buffer.from(jwt.split(';')[0]!.split('.')[1]!, 'base64url').toString());
}

function maxAgeOf(response: Response): string | undefined {
  const jwt = response.headers.getSetCookie().find((cookie) => cookie.startsWith('JWT='))!;
  return /Max-Age=(\d+)/i.exec(jwt)?.[1];
}

/** An OAuth 2.0 login through the service: `answer` is what the provider's page does with the browser. */
async function oauthLogin(
  url: string,
  provider: string,
  query: string,
  answer: (authorize: string) => Promise<Response>,
) {
  const login = await fetch(`${url}/auth/${provider}/login${query}`, { redirect: 'manual' });
  const handshake = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const back = new URL((await answer(login.headers.get('location')!)).headers.get('location')!);
  // The service believes it is at server.url (port 8080); in-process it listens on a free port.
  return fetch(`${url}${back.pathname}${back.search}`, {
    headers: { cookie: handshake },
    redirect: 'manual',
  });
}

const devPage = (username: string) => (authorize: string) =>
  fetch(authorize, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=${username}`,
    redirect: 'manual',
  });

describe('migrating from go-pkgz/auth', () => {
  let github: FakeGithub | undefined;
  afterEach(async () => {
    await github?.close();
    github = undefined;
  });

  it('gives dev users hashed ids dev_<sha1 of the name>, with the e-mail of auth.dev.emailDomain', async () => {
    const { url } = await start({ auth: { dev: { enabled: true, port: 0, emailDomain: 'example.test' } } });
    const done = await oauthLogin(url, 'dev', '', devPage('alice'));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      id: `dev_${sha1('alice')}`,
      name: 'alice',
      email: 'alice@example.test',
    });
  });

  it('keeps a custom provider’s raw ids when a mapUser of the hooks module makes them', async () => {
    github = await startFakeGithub(
      { id: 'corp-id', secret: 'corp-secret' },
      { id: 7, login: 'octo', name: 'Octo' },
    );
    const hooks = join(tempDir(), 'auth-hooks.js');
    writeFileSync(
      hooks,
      "export const mapUser = { raw: (data) => ({ id: 'corp_' + data.value('login'), name: data.value('name') }) };\n",
    );
    const endpoints = {
      authURL: `${github.url}/login/oauth/authorize`,
      tokenURL: `${github.url}/login/oauth/access_token`,
      infoURL: `${github.url}/api/v3/user`,
    };
    const provider = {
      kind: 'custom',
      name: 'corp',
      clientId: 'corp-id',
      clientSecretEnv: 'CORP_SECRET',
      endpoints,
    };
    const env = { CORP_SECRET: 'corp-secret' };
    const hashed = await start({ auth: { providers: [provider] } }, env);
    const byDefault = await oauthLogin(hashed.url, 'corp', '', (authorize) =>
      fetch(authorize, { redirect: 'manual' }),
    );
    expect(((await byDefault.json()) as { id: string }).id).toMatch(/^corp_[0-9a-f]{40}$/);
    const raw = await start({ auth: { hooks, providers: [{ ...provider, mapUser: 'raw' }] } }, env);
    const mapped = await oauthLogin(raw.url, 'corp', '', (authorize) =>
      fetch(authorize, { redirect: 'manual' }),
    );
    expect(await mapped.json()).toMatchObject({ id: 'corp_octo', name: 'Octo' });
  });

  it('reads an empty session= the same way on OAuth and direct logins: not session-only', async () => {
    const { url, password } = await start({ auth: { dev: { enabled: true, port: 0 } } });
    const direct = (session: string) =>
      fetch(`${url}/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `user=admin&passwd=${password}&session=${session}`,
      });
    expect(maxAgeOf(await direct(''))).toBeDefined();
    expect(maxAgeOf(await direct('1'))).toBeUndefined();
    expect(maxAgeOf(await oauthLogin(url, 'dev', '?session=', devPage('bob')))).toBeDefined();
    expect(maxAgeOf(await oauthLogin(url, 'dev', '?session=1', devPage('bob')))).toBeUndefined();
  });

  it('takes site on the direct provider, as every other provider does', async () => {
    const { url, password } = await start({ auth: { audiences: ['blog', 'shop'] } });
    const login = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: password, site: 'shop' }),
    });
    expect(login.status).toBe(200);
    expect(claimsOf(login).aud).toBe('shop');
  });

  it('prints a start-up login hint that works when auth.audiences is set', async () => {
    const { url, config, data, password } = await start({ auth: { audiences: ['blog'] } });
    const [, hint] = firstCredentialLines(config, data, url);
    expect(hint).toBe(
      `  log in: curl -c cookies.txt -d user=admin -d passwd=<password> -d aud=blog ${url}/auth/local/login`,
    );
    // What the hint's curl sends: its -d fields as a form.
    const fields = [...hint!.matchAll(/-d (\S+)/g)].map(([, field]) =>
      field!.replace('<password>', password),
    );
    const login = await fetch(`${url}/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.join('&'),
    });
    expect(login.status).toBe(200);
  });

  it('issues tokens as "gatehouse" unless auth.issuer names the reference’s "go-pkgz/auth"', async () => {
    const fresh = await start();
    const login = (url: string, password: string) =>
      fetch(`${url}/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'admin', passwd: password }),
      });
    expect(claimsOf(await login(fresh.url, fresh.password)).iss).toBe('gatehouse');
    const compatible = await start({ auth: { issuer: 'go-pkgz/auth' } });
    expect(claimsOf(await login(compatible.url, compatible.password)).iss).toBe('go-pkgz/auth');
  });
});
