/**
 * The service in headless Chromium: one running service and one browser for a whole test file,
 * started before its first test and closed after its last, in a temporary folder that outlives
 * each test (the credentials file in its data folder must). Chromium itself comes from the root
 * test-support/chromium.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, openPage } from '../../../../test-support/chromium.js';
import type { RunningService } from '../../src/serve.js';
import type { Echoed } from './proxies.js';

/** What a browser test needs from its file's service; read it inside tests (it is set in beforeAll). */
export interface BrowserService {
  readonly url: string;
  /** The first credential's password (empty when `start` gives none). */
  readonly password: string;
  /** A fresh page (no cookies) at `path` once `selector` is visible, recording console errors. */
  open(path: string, selector: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

/**
 * Starts the service with `start(folder)` and Chromium before the file's tests, and closes both
 * (and removes the folder) after them.
 */
export function useBrowserService(
  start: (cwd: string) => Promise<{ service: RunningService; password?: string }>,
): BrowserService {
  let service: RunningService | undefined;
  let browser: Browser | undefined;
  let password = '';
  const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-browser-'));

  beforeAll(async () => {
    ({ service, password = '' } = await start(cwd));
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  return {
    get url() {
      return service!.url;
    },
    get password() {
      return password;
    },
    async open(path, selector) {
      const opened = await openPage(browser!);
      await opened.page.goto(`${service!.url}${path}`);
      await opened.page.waitForSelector(selector, { state: 'visible' });
      return opened;
    },
  };
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

/** Runs `steps` in a page of a fresh headless Chromium (`args` add flags) and closes it after. */
export async function browse<T>(steps: (page: Page) => Promise<T>, args: readonly string[] = []): Promise<T> {
  const browser = await launchChromium(args);
  try {
    return await steps(await browser.newPage());
  } finally {
    await browser.close();
  }
}

/**
 * Forward auth's round trip as a browser makes it: opens `original` behind the proxy, expects to be
 * sent to the demo page at `gate`, logs in with the form and comes back to `original`; returns what
 * the upstream echoed.
 */
export async function logInThroughProxy(
  page: Page,
  original: string,
  gate: string,
  password: string,
): Promise<Echoed> {
  await page.goto(original);
  if (!page.url().startsWith(`${gate}/?from=`)) throw new Error(`not sent to the login page: ${page.url()}`);
  await logInWithForm(page, 'admin', password, original);
  return JSON.parse((await page.textContent('body'))!) as Echoed;
}
