/**
 * The local OAuth 2.0 server from the config file over real HTTP (the browser flow is in
 * auth-local-browser.test.ts): a login page and the user check from the hooks module, another
 * registered application, an unknown one refused, and the config errors naming their keys.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

const hooks = `
export const credentialChecker = (user, password) => password === 'pw-' + user;
export const loginPages = {
  plain: (_req, res, page) => {
    res.writeHead(page.error ? 401 : 200, { 'content-type': 'text/plain' });
    res.end('POST username and password to ' + page.action + (page.error ? ' (' + page.error + ')' : ''));
  },
};
`;

function hooksFile(): string {
  const file = join(tempDir(), 'auth-hooks.js');
  writeFileSync(file, hooks);
  return file;
}

describe('a local provider in auth.providers', () => {
  it('uses the hooks module’s login page and user check, and logs in through the callback', async () => {
    const { url } = await start(
      {
        auth: {
          hooks: hooksFile(),
          providers: [
            {
              kind: 'local',
              name: 'corp',
              url: 'http://127.0.0.1:0',
              users: 'hooks',
              loginPage: { handler: 'plain' },
              clients: [
                {
                  id: 'wiki',
                  secretEnv: 'WIKI_SECRET',
                  redirectURIs: ['https://wiki.example.test/callback'],
                },
              ],
            },
          ],
        },
      },
      { WIKI_SECRET: 'wiki-secret' },
    );
    const login = await fetch(`${url}/auth/corp/login?site=corp`, { redirect: 'manual' });
    const handshake = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const authorize = login.headers.get('location')!;
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^POST username and password to \/authorize\?/);

    const post = (password: string) =>
      fetch(authorize, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'kim', password }),
        redirect: 'manual',
      });
    const refused = await post('wrong');
    expect([refused.status, await refused.text()]).toEqual([
      401,
      expect.stringContaining('(wrong user name or password)'),
    ]);
    const accepted = await post('pw-kim');
    expect(accepted.status).toBe(302);
    const back = new URL(accepted.headers.get('location')!);
    expect(back.pathname).toBe('/auth/corp/callback');
    // The service believes it is at server.url (port 8080); in-process it listens on a free port.
    const done = await fetch(`${url}${back.pathname}${back.search}`, { headers: { cookie: handshake } });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ name: 'kim', aud: 'corp' });

    // Another registered application gets the page; an unknown one is refused before any page.
    const server = new URL(authorize).origin;
    const forWiki = new URLSearchParams({
      response_type: 'code',
      client_id: 'wiki',
      redirect_uri: 'https://wiki.example.test/callback',
      state: 'state-of-the-wiki-login',
    });
    expect((await fetch(`${server}/authorize?${forWiki}`)).status).toBe(200);
    forWiki.set('client_id', 'intruder');
    expect((await fetch(`${server}/authorize?${forWiki}`)).status).toBe(400);
  });

  it('refuses to start without what the entry names, naming the key', async () => {
    const local = { kind: 'local', name: 'corp', url: 'http://127.0.0.1:0' };
    await expect(start({ auth: { providers: [{ ...local, users: 'hooks' }] } })).rejects.toThrow(
      'auth.providers.0.users: "hooks" needs auth.hooks, a module exporting credentialChecker',
    );
    await expect(
      start({ auth: { providers: [{ ...local, loginPage: { handler: 'fancy' } }] } }),
    ).rejects.toThrow(
      'auth.providers.0.loginPage.handler: "fancy" needs auth.hooks, a module exporting loginPages.fancy',
    );
    const page = join(tempDir(), 'page.html');
    writeFileSync(page, '<form method="post"><input name="username"></form>');
    await expect(
      start({ auth: { providers: [{ ...local, loginPage: { template: page } }] } }),
    ).rejects.toThrow(
      `auth.providers.0.loginPage.template: ${page}: the login page has no {{.Action}} (where its form posts)`,
    );
    await expect(start({ auth: { direct: { enabled: false }, providers: [local] } })).rejects.toThrow(
      'auth.providers.0.users: "credentialsFile" needs auth.direct.enabled (the credentials file)',
    );
  });
});
