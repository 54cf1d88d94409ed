/**
 * Forward authentication across subdomains: Gatehouse on `login.gatehouse.test`, the application
 * behind nginx (the README's site and snippets) on `app.gatehouse.test`, both resolved to 127.0.0.1
 * by headless Chromium. With `auth.cookies.domain` the session cookie set by the login page reaches
 * the application's host, so a stranger goes to the login page and comes back to the exact URL as a
 * user; without it the cookie stays on the login host and the application sends the browser to the
 * login page again.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/ports.js';
import { browse, logInThroughProxy } from './support/browser.js';
import { useProxies } from './support/proxies.js';
import { serveFolder } from './support/service.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const proxies = useProxies(tempDir);
const SECRET = 'forward-auth subdomain test secret, 32+ characters';

async function setUp(cookieDomain: string | undefined) {
  const port = await freePort();
  const cwd = tempDir();
  writeFileSync(
    `${cwd}/gatehouse.config.json`,
    JSON.stringify({
      server: { url: `http://login.gatehouse.test:${port}` },
      auth: { secret: SECRET, ...(cookieDomain ? { cookies: { domain: cookieDomain } } : {}) },
      forwardAuth: {
        trustedProxies: ['127.0.0.1', '::1'],
        apps: {
          wiki: { hosts: ['app.gatehouse.test'] },
          console: { mode: 'admin' },
          editors: { mode: { roles: ['editor'] } },
        },
      },
    }),
  );
  const { service, password } = await serveFolder(cwd, port);
  const upstream = await proxies.echo();
  const app = await proxies.nginx({ gatehouse: `127.0.0.1:${service.port}`, upstream });
  return {
    app: app.replace('127.0.0.1', 'app.gatehouse.test'),
    gate: `http://login.gatehouse.test:${port}`,
    password,
    close: () => service.close(),
  };
}

/** Headless Chromium resolves every *.gatehouse.test host to 127.0.0.1. */
const HOSTS = ['--host-resolver-rules=MAP *.gatehouse.test 127.0.0.1'];

describe('forward authentication across subdomains in headless Chromium', () => {
  it('brings the browser back to the application as a user when the cookie domain covers both hosts', async () => {
    const { app, gate, password, close } = await setUp('gatehouse.test');
    try {
      await browse(async (page) => {
        const echoed = await logInThroughProxy(page, `${app}/docs/guide?page=2`, gate, password);
        expect(echoed.url).toBe('/docs/guide?page=2');
        expect(echoed.headers['x-auth-request-preferred-username']).toBe('admin');
        const jwt = (await page.context().cookies()).find((cookie) => cookie.name === 'JWT');
        expect(jwt?.domain).toBe('.gatehouse.test');
      }, HOSTS);
    } finally {
      await close();
    }
  }, 40_000);

  it('sends the browser to the login page again when the cookie is host-only', async () => {
    const { app, gate, password, close } = await setUp(undefined);
    try {
      await browse(async (page) => {
        const original = `${app}/docs/guide?page=2`;
        await page.goto(original);
        await page.fill('#user-name', 'admin');
        await page.fill('#passwd', password);
        // the login answers with the way back to the application, which sends the browser on to
        // the login page once more: logged in on the login host, the application never saw the cookie
        await Promise.all([page.waitForRequest(original), page.click('#direct button[type="submit"]')]);
        await page.waitForURL((url) => url.href.startsWith(`${gate}/?from=`));
        await page.waitForLoadState('load');
        const jwt = (await page.context().cookies()).find((cookie) => cookie.name === 'JWT');
        expect(jwt?.domain).toBe('login.gatehouse.test');
        expect(new URL(page.url()).searchParams.get('from')).toBe(original);
      }, HOSTS);
    } finally {
      await close();
    }
  }, 40_000);
});
