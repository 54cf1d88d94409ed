/**
 * The messenger-bot provider over real HTTP against a fake Telegram Bot API (a real HTTP server on
 * 127.0.0.1): token, 404 before confirmation, the bot's poll confirms, login sets the cookies and
 * returns the user with the proxied avatar; expired, unknown and replayed tokens; the messages sent
 * to the chat; and the bot token never leaving the Telegram API object.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../../test-support/fake-telegram.js';
import { HttpTelegramAPI, type Opts, Service, TelegramProvider } from '../../src/index.js';
import { solidImage } from '../support/avatar/images.js';
import { MapAvatarStore } from '../support/avatar/memory-store.js';
import { appPerTest } from '../support/core/app.js';
import { sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { SECRET } from '../support/core/service.js';
import { RecordingLogger } from '../support/verify/verify-app.js';

const apps = appPerTest();
let fake: FakeTelegram | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Setup {
  url: string;
  provider: TelegramProvider;
  logger: RecordingLogger;
  store: MapAvatarStore;
  clock: { ms: number };
}

async function setup(opts: Partial<Opts> = {}, poll = false, withStore = true): Promise<Setup> {
  fake = await startFakeTelegram();
  const logger = new RecordingLogger();
  const store = new MapAvatarStore();
  const clock = { ms: Date.now() };
  const provider = new TelegramProvider({
    telegram: new HttpTelegramAPI({ token: fake.token, baseURL: fake.url, longPollSeconds: 0 }),
    successMsg: 'welcome aboard',
    errorMsg: 'that link is no good',
    poll,
    idleDelayMs: 5,
    now: () => clock.ms,
  });
  const service = new Service({
    secretReader: () => SECRET,
    logger,
    ...(withStore ? { avatarStore: store } : {}),
    ...opts,
  });
  service.addProvider(provider);
  const url = await apps.serve('fastify', service);
  return { url, provider, logger, store, clock };
}

const loginURL = (url: string, query = '') => `${url}/auth/telegram/login${query}`;

async function newToken(url: string): Promise<string> {
  const res = await fetch(loginURL(url));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { bot: string; token: string };
  expect(body.bot).toBe('gatehouse_bot');
  expect(body.token).toMatch(/^[0-9a-f]{40}$/);
  return body.token;
}

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('messenger-bot provider (Telegram)', () => {
  it('token, 404 until the user presses start, then login with cookies, user and stored avatar', async () => {
    const { url, provider, logger, store } = await setup();
    fake!.setPhoto(777, await solidImage(640, 640, 'png'));
    const token = await newToken(url);

    const early = await fetch(loginURL(url, `?token=${token}`));
    expect(early.status).toBe(404);
    expect(await early.json()).toEqual({ error: 'request is not verified yet' });

    fake!.userSays({ id: 777, first_name: 'Tom', username: 'tommy' }, `/start ${token}`);
    expect(await provider.pollOnce()).toBe(1);
    expect(fake!.sent).toEqual([{ chat_id: 777, text: 'welcome aboard' }]);

    const login = await fetch(loginURL(url, `?token=${token}&site=site1&session=1`));
    expect(login.status).toBe(200);
    const text = await login.text();
    const user = JSON.parse(text);
    expect(user).toMatchObject({ name: 'Tom', aud: 'site1' });
    expect(user.id).toMatch(/^telegram_[0-9a-f]{40}$/);
    expect(user.picture).toMatch(/^http:\/\/127\.0\.0\.1:8080\/avatar\/[0-9a-f]{40}\.image$/);
    const cookies = setCookies(login);
    expect(cookies.JWT!.attrs['max-age']).toBeUndefined();
    const claims = payloadOf(cookies.JWT!.value);
    expect(claims).toMatchObject({ iss: 'go-pkgz/auth', aud: 'site1', sess_only: true });

    const avatarId = user.picture.split('/').at(-1);
    const avatar = await fetch(`${url}/avatar/${avatarId}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(store.entries.size).toBe(1);
    expect(fake!.paths).toContain(`/file/bot${fake!.token}/photos/big-777.png`);

    const me = await fetch(`${url}/auth/user`, withSession(sessionOf(login)));
    expect(await me.json()).toMatchObject({ name: 'Tom', id: user.id });

    const again = await fetch(loginURL(url, `?token=${token}`));
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'request is not found' });

    for (const leak of [text, JSON.stringify(claims), logger.text]) expect(leak).not.toContain(fake!.token);
  });

  it('without a photo the user gets an identicon; without a proxy a token-free public picture', async () => {
    const first = await setup();
    const token = await newToken(first.url);
    fake!.userSays({ id: 8, first_name: 'Ann' }, `/start ${token}`);
    await first.provider.pollOnce();
    const user = await (await fetch(loginURL(first.url, `?token=${token}`))).json();
    expect(user).toHaveProperty('picture', expect.stringMatching(/\/avatar\/[0-9a-f]{40}\.image$/));
    expect(first.store.entries.size).toBe(1);
    await fake!.close();

    const second = await setup({}, false, false);
    const token2 = await newToken(second.url);
    fake!.userSays({ id: 9, first_name: 'Bea', username: 'bea_b' }, `/start ${token2}`);
    await second.provider.pollOnce();
    const plain = await (await fetch(loginURL(second.url, `?token=${token2}`))).json();
    expect(plain).toHaveProperty('picture', 'https://t.me/i/userpic/320/bea_b.jpg');
  });

  it('an expired request: 404 "request expired", and the bot answers a late start with the error message', async () => {
    const { url, provider, clock } = await setup();
    const token = await newToken(url);
    clock.ms += 10 * 60 * 1000 + 1;
    fake!.userSays({ id: 5, first_name: 'Late' }, `/start ${token}`);
    await provider.pollOnce();
    expect(fake!.sent).toEqual([{ chat_id: 5, text: 'that link is no good' }]);
    const res = await fetch(loginURL(url, `?token=${token}`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'request expired' });
  });

  it('unknown tokens: 404 over HTTP, the error message in the chat; group chats and other text are ignored', async () => {
    const { url, provider } = await setup();
    for (const bad of ['0'.repeat(40), 'not-hex', `${'a'.repeat(40)}%00`]) {
      const res = await fetch(loginURL(url, `?token=${bad}`));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'request is not found' });
    }
    const token = await newToken(url);
    fake!.userSays({ id: 6, first_name: 'G' }, `/start ${token}`, 'group');
    fake!.userSays({ id: 6, first_name: 'G' }, 'hello bot');
    fake!.userSays({ id: 6, first_name: 'G' }, `/start ${'f'.repeat(40)}`);
    expect(await provider.pollOnce()).toBe(3);
    expect(fake!.sent).toEqual([{ chat_id: 6, text: 'that link is no good' }]);
    expect((await fetch(loginURL(url, `?token=${token}`))).status).toBe(404);
  });

  it('getUpdates asks for the updates after the last one seen', async () => {
    const { provider } = await setup();
    fake!.userSays({ id: 1 }, 'one');
    fake!.userSays({ id: 1 }, 'two');
    expect(await provider.pollOnce()).toBe(2);
    expect(await provider.pollOnce()).toBe(0);
    expect(fake!.offsets).toEqual([0, 502]);
  });

  it('a chat cannot take over a token another chat confirmed', async () => {
    const { url, provider } = await setup();
    const token = await newToken(url);
    fake!.userSays({ id: 10, first_name: 'Owner' }, `/start ${token}`);
    fake!.userSays({ id: 11, first_name: 'Thief' }, `/start ${token}`);
    await provider.pollOnce();
    expect(fake!.sent).toEqual([
      { chat_id: 10, text: 'welcome aboard' },
      { chat_id: 11, text: 'that link is no good' },
    ]);
    expect(await (await fetch(loginURL(url, `?token=${token}`))).json()).toMatchObject({ name: 'Owner' });
  });

  it('an alien audience is refused before the confirmation is used up', async () => {
    const { url, provider } = await setup({ audiences: ['site1'] });
    const token = await newToken(url);
    fake!.userSays({ id: 3, first_name: 'C' }, `/start ${token}`);
    await provider.pollOnce();
    const alien = await fetch(loginURL(url, `?token=${token}&site=evil`));
    expect(alien.status).toBe(403);
    expect(alien.headers.getSetCookie()).toEqual([]);
    expect((await fetch(loginURL(url, `?token=${token}&site=site1`))).status).toBe(200);
  });

  it('logout clears the session cookies', async () => {
    const { url, provider } = await setup();
    const token = await newToken(url);
    fake!.userSays({ id: 4, first_name: 'D' }, `/start ${token}`);
    await provider.pollOnce();
    const login = await fetch(loginURL(url, `?token=${token}`));
    const out = await fetch(`${url}/auth/telegram/logout`, withSession(sessionOf(login)));
    expect(out.status).toBe(200);
    expect(setCookies(out).JWT!.value).toBe('');
  });

  it('the Bot API failing: 502, and neither the answer nor the log carries the bot token', async () => {
    const { url, logger } = await setup();
    fake!.failGetMe(true);
    const res = await fetch(loginURL(url));
    expect(res.status).toBe(502);
    expect(logger.text).toContain('telegram getMe: status 500');
    fake!.failGetMe(false);
    const wrongToken = new HttpTelegramAPI({ token: '999:WRONG-secret', baseURL: fake!.url });
    const error = await wrongToken.botInfo().catch((e: Error) => e);
    expect(String(error)).toBe('TelegramAPIError: telegram getMe: status 401, Unauthorized');
    expect(logger.text).not.toContain(fake!.token);
  });

  it('with polling on, pressing start confirms on its own; closing the service stops the poller', async () => {
    const { url } = await setup({}, true);
    const token = await newToken(url);
    fake!.userSays({ id: 12, first_name: 'Auto' }, `/start ${token}`);
    await vi.waitFor(() => expect(fake!.sent).toHaveLength(1), { timeout: 5000, interval: 20 });
    const login = await fetch(loginURL(url, `?token=${token}`));
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'Auto' });
  });

  it('webhook style: processUpdate confirms without polling; POST is 405', async () => {
    const { url, provider } = await setup();
    const token = await newToken(url);
    await provider.processUpdate({
      update_id: 1,
      message: { chat: { id: 21, type: 'private', first_name: 'Hook' }, text: `/start ${token}` },
    });
    expect(fake!.sent).toEqual([{ chat_id: 21, text: 'welcome aboard' }]);
    expect(fake!.offsets).toEqual([]);
    expect(await (await fetch(loginURL(url, `?token=${token}`))).json()).toMatchObject({ name: 'Hook' });
    const post = await fetch(loginURL(url), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
