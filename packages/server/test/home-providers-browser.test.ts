/**
 * The demo page's control for each provider kind, in headless Chromium against the running service
 * with the dev provider, a verified provider (a real SMTP server) and a messenger bot (a fake Bot
 * API): the page loads logged out without a console error, the dev button logs in through the dev
 * server, the address form sends a link that logs in, the bot control shows the deep links and
 * waits until the user presses Start, and "keep me signed in" off gives a session cookie.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test-support/fake-telegram.js';
import { parseMail, type SmtpPeer, startSmtpPeer } from '../../../test-support/smtp.js';
import { loadConfig } from '../src/config/load.js';
import { startService } from '../src/serve.js';
import { useBrowserService } from './support/browser.js';

describe('the demo page with every provider kind, in headless Chromium', () => {
  let smtp: SmtpPeer;
  let bot: FakeTelegram;

  const service = useBrowserService(async (cwd) => {
    smtp = await startSmtpPeer();
    bot = await startFakeTelegram();
    const env = { GATEHOUSE_PORT: '0', BOT_TOKEN: bot.token };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const file = {
      auth: {
        dev: { enabled: true, port: 0 },
        providers: [
          {
            kind: 'verify',
            name: 'email',
            smtp: { host: '127.0.0.1', port: smtp.port, from: 'gate@example.test' },
          },
          { kind: 'telegram', name: 'telegram', tokenEnv: 'BOT_TOKEN', apiURL: bot.url },
        ],
      },
    };
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
    const { config } = loadConfig({ cwd, env });
    return { service: await startService(config, { write: () => {} }) };
  });

  afterAll(async () => {
    await smtp?.close();
    await bot?.close();
    vi.unstubAllEnvs();
  });

  const openHome = () => service.open('/', '#login');

  it('shows a control per kind, without a console error while logged out', async () => {
    const { page, errors } = await openHome();
    expect(await page.isVisible('#direct')).toBe(true);
    expect(await page.isVisible('form.verify[data-provider="email"]')).toBe(true);
    expect(await page.isVisible('.bot[data-provider="telegram"] button')).toBe(true);
    const dev = page.locator('a.provider-link[data-provider="dev"]');
    expect(await dev.textContent()).toBe('Log in with dev');
    // A button, not a bare underlined link.
    // (The browser's getComputedStyle; the tests are compiled without the DOM types.)
    type Styles = { getComputedStyle(element: unknown): Record<string, string> };
    const style = (property: string) =>
      dev.evaluate((link, name) => (globalThis as unknown as Styles).getComputedStyle(link)[name], property);
    expect(await style('textDecorationLine')).toBe('none');
    expect(await style('borderTopStyle')).toBe('solid');
    expect(errors).toEqual([]);
  });

  it('logs in with the dev button; without "keep me signed in" the cookie ends with the session', async () => {
    const { context, page } = await openHome();
    await page.uncheck('#keep');
    await page.click('a.provider-link[data-provider="dev"]');
    await page.fill('input[name="username"]', 'dora');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#user', { state: 'visible' });
    expect(await page.textContent('#name')).toBe('dora');
    const jwt = (await context.cookies()).find((cookie) => cookie.name === 'JWT')!;
    expect(jwt.expires).toBe(-1);
  });

  it('sends a login link from the address form; the link logs in', async () => {
    const { context, page } = await openHome();
    const form = page.locator('form.verify[data-provider="email"]');
    await form.locator('input[name="user"]').fill('Vera');
    await form.locator('input[name="address"]').fill('vera@example.test');
    await form.locator('button').click();
    await page.waitForSelector('form.verify .note:not(:empty)');
    expect(await form.locator('.note').textContent()).toBe(
      'A login link is on its way to vera@example.test.',
    );
    const mail = smtp.received.find((received) => received.to.includes('vera@example.test'))!;
    const link = /(http:\/\/\S+token=\S+)/.exec(parseMail(mail.raw).body.toString())![1]!;
    await page.goto(link);
    await page.waitForSelector('#user', { state: 'visible' });
    expect(await page.textContent('#name')).toBe('Vera');
    const jwt = (await context.cookies()).find((cookie) => cookie.name === 'JWT')!;
    expect(jwt.expires).toBeGreaterThan(Date.now() / 1000);
  });

  it('shows the bot links and waits until the user presses Start', async () => {
    const { page } = await openHome();
    await page.click('.bot[data-provider="telegram"] button');
    await page.waitForSelector('.bot .note', { state: 'visible' });
    const web = new URL((await page.getAttribute('.bot a.web', 'href'))!);
    expect(web.origin + web.pathname).toBe('https://t.me/gatehouse_bot');
    const token = web.searchParams.get('start')!;
    expect(await page.getAttribute('.bot a.app', 'href')).toBe(
      `tg://resolve?domain=gatehouse_bot&start=${token}`,
    );
    bot.userSays({ id: 4321, first_name: 'Tess' }, `/start ${token}`);
    await page.waitForSelector('#user', { state: 'visible', timeout: 20_000 });
    expect(await page.textContent('#name')).toBe('Tess');
  }, 40_000);
});
