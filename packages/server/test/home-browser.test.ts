/**
 * The demo page in a real browser: headless Chromium (Debian's, driven by playwright-core) logs in
 * through the form with the first credential, sees the user, logs out, and meets no CSP violation.
 * `make test-setup` installs Chromium (scripts/setup/30-chromium.sh) and sets CHROMIUM_PATH.
 */

import { describe, expect, it } from 'vitest';
import { useBrowserService } from './support/browser.js';
import { serveFolder } from './support/service.js';

describe('the demo page in headless Chromium', () => {
  const service = useBrowserService((cwd) => serveFolder(cwd));

  /** A fresh page at the demo page that records console errors (CSP violations are reported there). */
  const openHome = () => service.open('/', '#direct');

  it('logs in with the form, shows the user, and logs out', async () => {
    const { page, errors } = await openHome();
    await page.fill('#user-name', 'admin');
    await page.fill('#passwd', service.password);
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
