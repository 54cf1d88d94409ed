/**
 * `gatehouse serve --dev-provider --dev-port 0` as a real process: the dev OAuth 2.0 server starts,
 * the service says loudly that it is for development only, and a login through it works with one POST;
 * `auth.providers` in the config file registers OAuth providers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const serve = useServe();

describe('gatehouse serve --dev-provider', () => {
  it('starts the dev OAuth 2.0 server, warns on stderr, and logs a user in', async () => {
    const service = await serve(tempDir(), ['--dev-provider', '--dev-port', '0']);
    expect(service.log()).toMatch(/FOR DEVELOPMENT ONLY/);
    expect(service.log()).toMatch(/providers: .*dev/);
    expect(await (await fetch(`${service.url}/auth/list`)).json()).toContain('dev');

    const login = await fetch(`${service.url}/auth/dev/login?site=cli`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const handshake = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const page = await fetch(login.headers.get('location')!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=carol',
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    const done = await fetch(page.headers.get('location')!, {
      headers: { cookie: handshake },
      redirect: 'manual',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ name: 'carol', aud: 'cli' });
    expect(done.headers.getSetCookie().some((c) => c.startsWith('JWT='))).toBe(true);

    // The dev server hands codes only to this service's callback, not to another local address.
    const elsewhere = new URL(login.headers.get('location')!);
    elsewhere.searchParams.set('redirect_uri', 'http://127.0.0.1:9/auth/dev/callback');
    const refused = await fetch(elsewhere, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=carol',
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
  });

  it('is off by default', async () => {
    const service = await serve(tempDir());
    expect(await (await fetch(`${service.url}/auth/list`)).json()).not.toContain('dev');
    expect(service.log()).not.toMatch(/dev OAuth/);
  });
});

describe('auth.providers in the config file', () => {
  it('registers built-in and custom providers with secrets from the environment', async () => {
    const dir = tempDir();
    const config = {
      auth: {
        providers: [
          { kind: 'github', clientId: 'gh-id', clientSecretEnv: 'GH_SECRET', scopes: ['user:email'] },
          {
            kind: 'custom',
            name: 'corp',
            clientId: 'corp-id',
            clientSecretEnv: 'CORP_SECRET',
            endpoints: {
              authURL: 'https://sso.corp.example/authorize',
              tokenURL: 'https://sso.corp.example/token',
              infoURL: 'https://sso.corp.example/me',
            },
          },
        ],
      },
    };
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    const service = await serve(dir, [], { GH_SECRET: 's1', CORP_SECRET: 's2' });
    const names = await (await fetch(`${service.url}/auth/list`)).json();
    expect(names).toEqual(expect.arrayContaining(['github', 'corp']));
    const login = await fetch(`${service.url}/auth/corp/login`, { redirect: 'manual' });
    const location = new URL(login.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://sso.corp.example/authorize');
    expect(location.searchParams.get('client_id')).toBe('corp-id');
  });

  it('refuses to start when a client secret variable is not set', async () => {
    const dir = tempDir();
    const config = {
      auth: { providers: [{ kind: 'google', clientId: 'g', clientSecretEnv: 'NOT_SET_SECRET' }] },
    };
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    await expect(serve(dir)).rejects.toThrow(
      /auth\.providers\.0\.clientSecretEnv \(from gatehouse\.config\.json\): environment variable NOT_SET_SECRET is not set/,
    );
  });
});
