/**
 * The messenger-bot provider from the config file, through the running service over real HTTP,
 * against a fake Telegram Bot API (a real HTTP server on 127.0.0.1 that `apiURL` points to): the
 * login check is 404 until the user presses Start, then sets the cookies, then is refused on reuse;
 * the bot token from the environment never reaches the log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test-support/fake-telegram.js';
import { useApps } from './support/app.js';

const start = useApps();
let bot: FakeTelegram | undefined;

afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

describe('a telegram provider in auth.providers', () => {
  it('answers 404 before Start, logs in after, and refuses the token on reuse', async () => {
    bot = await startFakeTelegram();
    const { url, logs } = await start(
      {
        auth: {
          providers: [
            {
              kind: 'telegram',
              tokenEnv: 'TELEGRAM_BOT_TOKEN',
              apiURL: bot.url,
              successMsg: 'You are in.',
              errorMsg: 'That link is no good.',
            },
          ],
        },
      },
      { TELEGRAM_BOT_TOKEN: bot.token },
    );
    const started = await fetch(`${url}/auth/telegram/login`);
    expect(started.status).toBe(200);
    const { bot: botName, token } = (await started.json()) as { bot: string; token: string };
    expect(botName).toBe('gatehouse_bot');

    const early = await fetch(`${url}/auth/telegram/login?token=${token}`);
    expect(early.status).toBe(404);

    bot.userSays({ id: 777, first_name: 'Tom', username: 'tommy' }, `/start ${token}`);
    bot.userSays({ id: 888, first_name: 'Eve' }, `/start ${'0'.repeat(40)}`);
    // The service polls the Bot API by itself; wait (bounded) until it has answered both chats.
    await vi.waitFor(() => expect(bot!.sent).toHaveLength(2), { timeout: 15_000, interval: 100 });
    expect(bot.sent).toEqual(
      expect.arrayContaining([
        { chat_id: 777, text: 'You are in.' },
        { chat_id: 888, text: 'That link is no good.' },
      ]),
    );

    const login = await fetch(`${url}/auth/telegram/login?token=${token}&site=chat`);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'Tom', aud: 'chat' });
    expect(login.headers.getSetCookie().some((cookie) => cookie.startsWith('JWT='))).toBe(true);

    const reused = await fetch(`${url}/auth/telegram/login?token=${token}`);
    expect(reused.status).toBe(404);
    expect(logs.join('\n')).not.toContain(bot.token);
  });

  it('refuses to start without the bot token variable, naming the key', async () => {
    await expect(
      start({ auth: { providers: [{ kind: 'telegram', tokenEnv: 'TELEGRAM_BOT_TOKEN' }] } }),
    ).rejects.toThrow(
      'auth.providers.0.tokenEnv (from gatehouse.config.json): environment variable TELEGRAM_BOT_TOKEN is not set',
    );
  });
});
