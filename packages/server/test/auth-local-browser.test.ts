/**
 * The local OAuth 2.0 server from the config file, in headless Chromium against the running
 * service: one server with the default login page checking the credentials file, one with a login
 * page from a template file. The browser starts at the service, logs in on the server's page, comes
 * back through the callback and lands on the demo page logged in. `make test-setup` installs
 * Chromium and sets CHROMIUM_PATH.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserService } from './support/browser.js';
import { serveFolder } from './support/service.js';

const customPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Staff sign-in</title></head>
<body><h1 id="brand">Staff sign-in</h1><p id="problem">{{.Error}}</p>
<form method="post" action="{{.Action}}">
<input id="who" name="username"><input id="secret" name="password" type="password">
<button id="go" type="submit">Sign in</button></form></body></html>
`;

describe('local OAuth 2.0 servers from auth.providers, in headless Chromium', () => {
  const service = useBrowserService(async (cwd) => {
    writeFileSync(join(cwd, 'staff-login.html'), customPage);
    const file = {
      auth: {
        providers: [
          { kind: 'local', name: 'corp', url: 'http://127.0.0.1:0' },
          {
            kind: 'local',
            name: 'staff',
            url: 'http://127.0.0.1:0',
            loginPage: { template: './staff-login.html' },
          },
        ],
      },
    };
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
    return serveFolder(cwd);
  });

  it('logs in through the default login page and comes back logged in', async () => {
    const home = encodeURIComponent(`${service.url}/`);
    const { page, errors } = await service.open(`/auth/corp/login?from=${home}`, 'input[name="username"]');
    expect(await page.title()).toBe('Log in to corp');
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', service.password);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#user', { state: 'visible' });
    expect(new URL(page.url()).origin).toBe(new URL(service.url).origin);
    expect(await page.textContent('#name')).toBe('admin');
    expect(await page.textContent('#id')).toMatch(/^corp_[0-9a-f]{40}$/);
    expect(errors).toEqual([]);
  });

  it('shows the template login page, its refusal, then logs in', async () => {
    const { page } = await service.open(
      `/auth/staff/login?from=${encodeURIComponent(`${service.url}/`)}`,
      '#brand',
    );
    expect(await page.textContent('#brand')).toBe('Staff sign-in');
    expect(await page.textContent('#problem')).toBe('');
    await page.fill('#who', 'admin');
    await page.fill('#secret', 'not-the-password');
    await page.click('#go');
    await page.waitForSelector('#problem:not(:empty)');
    expect(await page.textContent('#problem')).toBe('wrong user name or password');
    await page.fill('#who', 'admin');
    await page.fill('#secret', service.password);
    await page.click('#go');
    await page.waitForSelector('#user', { state: 'visible' });
    expect(await page.textContent('#id')).toMatch(/^staff_[0-9a-f]{40}$/);
  });
});
