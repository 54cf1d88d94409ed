/**
 * `auth.hooks` through the running service over real HTTP: a TypeScript hooks module that blocks a
 * user (the claims updater sets `blocked`, the validator refuses it), adds a claim, supplies a
 * whole provider, checks direct-login passwords and basic auth, and changes the user a forwarded
 * application sees; load errors name the file and the export.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cookiesOf, logIn, useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

/** The README's block-list module, plus a provider, a credential checker and basic auth. */
const hooksModule = `
import type { Claims, HttpRequest, ProviderContext } from '@gatehouse/auth';
import type { AuthHooks } from '@gatehouse/server';

const blocked = new Set(['mallory']);
let context: ProviderContext;

export const claimsUpdater: AuthHooks['claimsUpdater'] = (claims: Claims) => {
  if (claims.user) {
    claims.user.attrs = { ...claims.user.attrs, team: 'blue', blocked: blocked.has(claims.user.name) };
  }
  return claims;
};

export const validator: AuthHooks['validator'] = (_token, claims) => claims.user?.attrs?.blocked !== true;

export const credentialChecker: AuthHooks['credentialChecker'] = (user, passwd) =>
  passwd === 'open sesame ' + user;

export const basicAuthChecker: AuthHooks['basicAuthChecker'] = (user, passwd) =>
  user === 'robot' && passwd === 'beep-boop-beep'
    ? { ok: true, user: { id: 'robot_1', name: 'robot', role: 'bot' } }
    : false;

export const userUpdater: AuthHooks['userUpdater'] = (user) => ({ ...user, email: user.name + '@corp.example' });

export const providers: AuthHooks['providers'] = [
  {
    name: 'magic',
    attach(ctx: ProviderContext) {
      context = ctx;
    },
    async login(req: HttpRequest) {
      const name = new URL(req.url, 'http://request.invalid').searchParams.get('user') ?? '';
      return context.completeLogin({ id: 'magic_' + name, name }, { aud: '', sessionOnly: false, provider: 'magic' });
    },
  },
];
`;

function writeHooks(source: string, name = 'auth-hooks.ts'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, source);
  return file;
}

async function magicLogin(url: string, user: string) {
  const response = await fetch(`${url}/auth/magic/login?user=${user}`);
  expect(response.status).toBe(200);
  return cookiesOf(response);
}

describe('auth.hooks', () => {
  it('blocks a user, adds a claim and registers the module’s provider', async () => {
    const { url } = await start({ auth: { hooks: writeHooks(hooksModule) } });
    expect(await (await fetch(`${url}/auth/list`)).json()).toContain('magic');

    const alice = await magicLogin(url, 'alice');
    const me = await fetch(`${url}/auth/user`, { headers: { 'x-jwt': alice.jwt } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'alice', attrs: { team: 'blue', blocked: false } });

    const mallory = await magicLogin(url, 'mallory');
    const refused = await fetch(`${url}/auth/user`, { headers: { 'x-jwt': mallory.jwt } });
    expect(refused.status).toBe(401);
  });

  it('checks direct logins with credentialChecker and basic auth with basicAuthChecker', async () => {
    const { url, password } = await start({ auth: { hooks: writeHooks(hooksModule) } });
    const login = (user: string, passwd: string) =>
      fetch(`${url}/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user, passwd }),
      });
    expect((await login('bob', 'open sesame bob')).status).toBe(200);
    expect((await login('bob', 'open sesame eve')).status).toBe(403);
    // The module decides, not the credentials file.
    expect((await login('admin', password)).status).toBe(403);

    const basic = (credentials: string) =>
      fetch(`${url}/auth/user`, {
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      });
    const robot = await basic('robot:beep-boop-beep');
    expect(robot.status).toBe(200);
    expect(await robot.json()).toMatchObject({ name: 'robot', role: 'bot' });
    expect((await basic('robot:wrong')).status).toBe(401);
  });

  it('gives a forwarded application the user from userUpdater', async () => {
    const { url } = await start({
      auth: { hooks: writeHooks(hooksModule) },
      forwardAuth: { trustedProxies: ['127.0.0.1', '::1'] },
    });
    const alice = await magicLogin(url, 'alice');
    const admitted = await fetch(`${url}/auth/forward`, { headers: { 'x-jwt': alice.jwt } });
    expect(admitted.status).toBe(202);
    expect(admitted.headers.get('x-auth-request-email')).toBe('alice@corp.example');
  });

  it('refuses to start when an export is unknown or of the wrong type, naming the file and the export', async () => {
    const typo = writeHooks('export const validater = () => true;\n', 'typo.js');
    await expect(start({ auth: { hooks: typo } })).rejects.toThrow(
      `auth.hooks: ${typo}: export validater: unknown hook (known: secretReader, claimsUpdater, validator,`,
    );
    const wrong = writeHooks('export const senders = { mail: 42 };\n', 'wrong.ts');
    await expect(start({ auth: { hooks: wrong } })).rejects.toThrow(
      `auth.hooks: ${wrong}: export senders: mail: expected a function or an object with send(address, text)`,
    );
    const broken = writeHooks('export const validator = (;\n', 'broken.ts');
    await expect(start({ auth: { hooks: broken } })).rejects.toThrow(
      `auth.hooks: ${broken}: cannot be loaded:`,
    );
  });

  it('refuses a mapUser the module does not export, naming the key', async () => {
    const provider = {
      kind: 'custom',
      name: 'corp',
      clientId: 'corp',
      clientSecretEnv: 'CORP_SECRET',
      mapUser: 'corpUser',
      endpoints: {
        authURL: 'https://sso.corp.example/authorize',
        tokenURL: 'https://sso.corp.example/token',
        infoURL: 'https://sso.corp.example/me',
      },
    };
    const env = { CORP_SECRET: 's' };
    await expect(start({ auth: { providers: [provider] } }, env)).rejects.toThrow(
      'auth.providers.0.mapUser: "corpUser" needs auth.hooks, a module exporting mapUser.corpUser',
    );
    const hooks = writeHooks('export const mapUser = { other: () => ({ id: "x", name: "x" }) };\n', 'map.js');
    await expect(start({ auth: { hooks, providers: [provider] } }, env)).rejects.toThrow(
      `auth.providers.0.mapUser: ${hooks} exports no mapUser.corpUser`,
    );
  });

  it('runs the block list of examples/auth/auth-hooks.ts, as the README shows it', async () => {
    const example = fileURLToPath(new URL('../../../examples/auth/auth-hooks.ts', import.meta.url));
    const { url, password, data } = await start({ auth: { hooks: example } });
    await data.credentials!.set('mallory', 'mallory-password-1', { replace: false });
    const admin = await logIn(url, 'admin', password);
    const me = await fetch(`${url}/auth/user`, { headers: { 'x-jwt': admin.jwt } });
    expect(await me.json()).toMatchObject({ name: 'admin', attrs: { team: 'blue', blocked: false } });
    const mallory = await logIn(url, 'mallory', 'mallory-password-1');
    expect((await fetch(`${url}/auth/user`, { headers: { 'x-jwt': mallory.jwt } })).status).toBe(401);
  });
});
