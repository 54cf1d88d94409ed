/**
 * A real browser through the dev login: headless Chromium (Debian's, driven by playwright-core)
 * opens the service's login URL, is sent to the dev OAuth 2.0 server's page, types a name, submits,
 * comes back through the callback to `from`, and then reads /auth/user the way a web app does (the
 * XSRF cookie copied into the header). Chromium comes from the root test-support/chromium.ts.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../test-support/chromium.js';
import { devProvider } from '../../src/dev/dev-provider.js';
import { startDevOAuthServer } from '../../src/dev/dev-server.js';
import type { LocalOAuth2Server } from '../../src/providers/local-server/server.js';
import { HANDSHAKE_COOKIE } from '../../src/providers/oauth2/handshake.js';
import { type RunningService, startService } from '../support/oauth/service.js';

/** The one browser global the page scripts below use (the type-check has no DOM library). */
declare const document: { readonly cookie: string };

describe('the dev login in headless Chromium', () => {
  let dev: LocalOAuth2Server;
  let svc: RunningService;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    dev = await startDevOAuthServer({ port: 0 });
    svc = await startService([devProvider({ port: Number(new URL(dev.url).port) })]);
    browser = await launchChromium();
    context = await browser.newContext();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
    await dev?.close();
  });

  it('logs in by typing a name on the dev page and lands on `from` with a session', async () => {
    const page = await context.newPage();
    const from = `${svc.url}/app`;
    await page.goto(`${svc.url}/auth/dev/login?site=web&from=${encodeURIComponent(from)}`);
    expect(page.url()).toContain(`${dev.url}/login/oauth/authorize?`);
    await page.fill('input[name="username"]', 'chromium-user');
    await Promise.all([page.waitForURL(from), page.click('button[type="submit"]')]);

    const cookies = await context.cookies(svc.url);
    const jwt = cookies.find((c) => c.name === 'JWT');
    expect(jwt?.httpOnly).toBe(true);
    expect(cookies.some((c) => c.name === HANDSHAKE_COOKIE)).toBe(false);

    const user = await page.evaluate(async () => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/auth/user', { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
      return { status: res.status, body: await res.json() };
    });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      name: 'chromium-user',
      aud: 'web',
      id: expect.stringMatching(/^dev_[0-9a-f]{40}$/),
    });

    const status = await page.evaluate(async () => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      return (await fetch('/auth/status', { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } })).json();
    });
    expect(status).toEqual({ status: 'logged in', user: 'chromium-user' });
  });
});
