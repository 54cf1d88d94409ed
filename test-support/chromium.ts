/**
 * Headless Chromium for the browser tests of every package (Debian's, driven by playwright-core).
 * `make test-setup` installs it (scripts/setup/30-chromium.sh) and sets CHROMIUM_PATH.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Flags every test needs: no sandbox inside the test user, and no traffic of Chromium's own. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium; `args` add to the flags every test needs (e.g. host mappings). */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath) {
    throw new Error(
      'CHROMIUM_PATH is not set: run `make test-setup` (scripts/setup/30-chromium.sh installs Chromium)',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...args] });
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
