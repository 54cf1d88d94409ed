/**
 * The demo page in a real browser: headless Chromium (Debian's, driven by playwright-core) logs in
 * through the form with the first credential, sees the user, logs out, and meets no CSP violation.
 * `make test-setup` installs Chromium (scripts/setup/30-chromium.sh) and sets CHROMIUM_PATH.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../src/serve.js';
import { launchChromium, openPage } from './support/browser.js';
import { serveFolder } from './support/service.js';

describe('the demo page in headless Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let url: string;
  let password = '';
  // One folder for the whole file: the credentials file in its data folder must outlive each test.
  const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-home-'));

  beforeAll(async () => {
    ({ service, password } = await serveFolder(cwd));
    url = service.url;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  /** A fresh page that records console errors (CSP violations are reported there). */
  async function openHome(): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await openPage(browser);
    await page.goto(`${url}/`);
    await page.waitForSelector('#direct', { state: 'visible' });
    return { page, errors };
  }

  it('logs in with the form, shows the user, and logs out', async () => {
    const { page, errors } = await openHome();
    await page.fill('#user-name', 'admin');
    await page.fill('#passwd', password);
    await page.click('#direct button[type="submit"]');
    await page.waitForSelector('#user', { state: 'visible' });
    expect(await page.textContent('#name')).toBe('admin');
    expect(await page.textContent('#id')).toMatch(/^local_[0-9a-f]{40}$/);

    await page.click('#logout');
    await page.waitForSelector('#login', { state: 'visible' });
    expect(await page.isHidden('#user')).toBe(true);
    // logged out, the page asks /auth/status, which never fails: no console error at all
    expect(errors).toEqual([]);
  });

  it('shows the refusal for a wrong password', async () => {
    const { page, errors } = await openHome();
    await page.fill('#user-name', 'admin');
    await page.fill('#passwd', 'not-the-password');
    await page.click('#direct button[type="submit"]');
    await page.waitForSelector('#error:not(:empty)', { state: 'attached' });
    expect(await page.textContent('#error')).toBe('incorrect user or password');
    expect(await page.isHidden('#user')).toBe(true);
    // the refused login (403) is the only console error
    expect(errors.filter((text) => !text.includes('403'))).toEqual([]);
  });
});
