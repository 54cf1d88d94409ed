/**
 * Headless Chromium for the browser tests. `make test-setup` installs it
 * (scripts/setup/30-chromium.sh) and sets CHROMIUM_PATH.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Launches headless Chromium; `args` add to the flags every test needs (e.g. host mappings). */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath) {
    throw new Error(
      'CHROMIUM_PATH is not set: run `make test-setup` (scripts/setup/30-chromium.sh installs Chromium)',
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', ...args],
  });
}

/** A page in a fresh context (no cookies) that records console errors (CSP violations are reported there). */
export async function openPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Logs in with the demo page's password form and waits until the browser has arrived at `arrival`. */
export async function logInWithForm(
  page: Page,
  user: string,
  password: string,
  arrival: string | ((url: URL) => boolean),
): Promise<void> {
  await page.fill('#user-name', user);
  await page.fill('#passwd', password);
  await Promise.all([page.waitForURL(arrival), page.click('#direct button[type="submit"]')]);
}
