/**
 * The verified provider's refusals over real HTTP, with a recording sender function (the e-mail
 * sender has its own SMTP tests): missing input, alien audience, foreign redirect, forged, expired,
 * replayed and cross-provider tokens, a failing store (fail closed) and a failing sender.
 */
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore, MemoryStateStore, Service, VerifyProvider } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { Clock, SECRET } from '../support/core/service.js';
import { brokenStore, tokenIn, verifyAppPerTest } from '../support/verify/verify-app.js';

const setup = verifyAppPerTest();
const otherApps = appPerTest();
const secondApps = appPerTest();

function outbox() {
  const sent: { address: string; text: string }[] = [];
  const send = async (address: string, text: string) => {
    sent.push({ address, text });
  };
  return { sent, send };
}

async function requestToken(url: string, query: string, sent: { text: string }[]): Promise<string> {
  const res = await fetch(`${url}/auth/email/login?${query}`);
  expect(res.status).toBe(200);
  return tokenIn(sent.at(-1)!.text);
}

const confirm = (url: string, token: string, extra = '') =>
  fetch(`${url}/auth/email/login?token=${encodeURIComponent(token)}${extra}`, { redirect: 'manual' });

describe('verified provider: bad input', () => {
  it('missing or blank user or address: 400 and nothing sent', async () => {
    const box = outbox();
    const { url } = await setup(box.send);
    for (const query of [
      'user=alice',
      'address=a@example.test',
      'user=%20%0d%0a&address=a@example.test',
      '',
    ]) {
      const res = await fetch(`${url}/auth/email/login?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'user and address are required' });
    }
    expect(box.sent).toEqual([]);
  });

  it('user and address lose control characters, are trimmed and capped at 128 bytes', async () => {
    const box = outbox();
    const { url } = await setup(box.send, { template: '[{{.User}}] [{{.Address}}] Token: {{.Token}}' });
    const long = 'é'.repeat(100);
    const res = await fetch(
      `${url}/auth/email/login?${new URLSearchParams({ user: ` eve\r\nBcc: x@evil.test `, address: long })}`,
    );
    expect(res.status).toBe(200);
    const { user, address } = (await res.json()) as { user: string; address: string };
    expect(user).toBe('eve Bcc: x@evil.test');
    expect(Buffer.byteLength(address)).toBe(128);
    expect(address).toBe('é'.repeat(64));
    expect(box.sent[0]!.text.startsWith(`[eve Bcc: x@evil.test] [${'é'.repeat(64)}]`)).toBe(true);
  });

  it('an audience outside Audiences: 403, nothing sent; an allowed one ends in the token', async () => {
    const box = outbox();
    const { url } = await setup(box.send, {}, { audiences: ['site1'] });
    const alien = await fetch(`${url}/auth/email/login?user=a&address=a@example.test&site=evil`);
    expect(alien.status).toBe(403);
    expect(await alien.json()).toEqual({ error: 'audience not allowed' });
    expect(box.sent).toEqual([]);
    const token = await requestToken(url, 'user=a&address=a@example.test&site=site1', box.sent);
    const login = await confirm(url, token);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ aud: 'site1' });
  });

  it('a foreign `from` is refused up front; an allowed one is the 303 target after login', async () => {
    const box = outbox();
    const { url } = await setup(box.send);
    const foreign = await fetch(`${url}/auth/email/login?user=a&address=a@x.test&from=https://evil.test/`);
    expect(foreign.status).toBe(400);
    expect(box.sent).toEqual([]);
    const token = await requestToken(url, 'user=a&address=a@x.test&from=/welcome', box.sent);
    const login = await confirm(url, token);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('http://127.0.0.1:8080/welcome');
    expect(login.headers.getSetCookie().some((c) => c.startsWith('JWT='))).toBe(true);
  });

  it('a token is one-shot: the replay is 403 and sets no cookie', async () => {
    const box = outbox();
    const { url, logger } = await setup(box.send);
    const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    expect((await confirm(url, token)).status).toBe(200);
    const replay = await confirm(url, token);
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({ error: 'confirmation token already consumed' });
    expect(replay.headers.getSetCookie()).toEqual([]);
    expect(logger.text).toContain('confirmation token replayed');
    expect(logger.text).not.toContain(token);
  });

  it('forged, tampered, expired and garbage tokens: 403', async () => {
    const box = outbox();
    const { url, clock } = await setup(box.send);
    const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    const [head, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, a: 'admin@x.test' })).toString('base64url');
    for (const bad of [`${head}.${swapped}.${sig}`, `${token.slice(0, -2)}xx`, 'not-a-token']) {
      const res = await confirm(url, bad);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'failed to verify confirmation token' });
    }
    clock.advance(30 * 60 * 1000 + 1000);
    const expired = await confirm(url, token);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'failed to verify confirmation token' });
  });

  it('a token of another verified provider of the same service is refused', async () => {
    const box = outbox();
    const clock = new Clock();
    const service = new Service({ secretReader: () => SECRET, now: clock.now });
    service.addProvider(new VerifyProvider({ name: 'email', sender: box.send }));
    service.addProvider(new VerifyProvider({ name: 'sms', sender: box.send }));
    const url = await otherApps.serve('fastify', service);
    const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    const res = await fetch(`${url}/auth/sms/login?token=${token}`);
    expect(res.status).toBe(403);
    expect((await confirm(url, token)).status).toBe(200);
  });

  it('a store that fails refuses the login (fail closed) and logs why', async () => {
    const box = outbox();
    const { url, logger } = await setup(box.send, { store: brokenStore });
    const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    const res = await confirm(url, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'confirmation token store unavailable' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(logger.text).toContain('store connection refused');
  });

  it('a token redeemed on one instance is refused on another sharing the state store', async () => {
    const box = outbox();
    const stateStore = new MemoryStateStore();
    const instance = async (apps: typeof otherApps) => {
      const service = new Service({ secretReader: () => SECRET, stateStore });
      service.addProvider(new VerifyProvider({ name: 'email', sender: box.send }));
      return apps.serve('fastify', service);
    };
    const [a, b] = [await instance(otherApps), await instance(secondApps)];
    const token = await requestToken(a, 'user=a&address=a@x.test', box.sent);
    expect((await confirm(b, token)).status).toBe(200);
    for (const url of [a, b]) {
      const replay = await confirm(url, token);
      expect([replay.status, await replay.json()]).toEqual([
        403,
        { error: 'confirmation token already consumed' },
      ]);
    }
    stateStore.close();
  });

  it('a ConfirmationStore of 0.1 still works, with one DeprecationWarning', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      const box = outbox();
      const { url } = await setup(box.send, { store: new MemoryConfirmationStore() });
      const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
      expect((await confirm(url, token)).status).toBe(200);
      expect((await confirm(url, token)).status).toBe(403);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings.map((w) => [w.name, (w as NodeJS.ErrnoException).code])).toEqual([
        ['DeprecationWarning', 'GATEHOUSE_CONFIRMATION_STORE'],
      ]);
    } finally {
      process.off('warning', listen);
    }
  });

  it('a full in-memory store refuses rather than forgetting used tokens', async () => {
    const store = new MemoryConfirmationStore({ maxEntries: 1 });
    expect(await store.markUsed('a', 60_000)).toBe(false);
    expect(await store.markUsed('a', 60_000)).toBe(true);
    await expect(store.markUsed('b', 60_000)).rejects.toThrow(/full/);
    expect(store.size).toBe(1);
  });

  it('a sender that fails: 500 with a generic message, the detail only in the log', async () => {
    const { url, logger } = await setup(async () => {
      throw new Error('relay said 451 try later');
    });
    const res = await fetch(`${url}/auth/email/login?user=a&address=a@x.test`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'failed to send confirmation' });
    expect(logger.text).toContain('relay said 451 try later');
  });

  it('session flag: `session` at request time is kept; `sess` at login wins', async () => {
    const box = outbox();
    const { url } = await setup(box.send);
    const maxAge = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('JWT='))
        ?.includes('Max-Age');
    const kept = await requestToken(url, 'user=a&address=a@x.test&session=1', box.sent);
    expect(maxAge(await confirm(url, kept))).toBe(false);
    const overridden = await requestToken(url, 'user=a&address=a@x.test&session=1', box.sent);
    expect(maxAge(await confirm(url, overridden, '&sess=0'))).toBe(true);
    const plain = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    expect(maxAge(await confirm(url, plain, '&sess=1'))).toBe(false);
  });

  it('the confirmation token is not a session token: guarded routes refuse it', async () => {
    const box = outbox();
    const { url } = await setup(box.send);
    const token = await requestToken(url, 'user=a&address=a@x.test', box.sent);
    const res = await fetch(`${url}/private`, { headers: { 'x-jwt': token } });
    expect(res.status).toBe(401);
  });

  it('a template with an unknown placeholder is refused at construction; POST is 405', async () => {
    expect(
      () => new VerifyProvider({ name: 'e', sender: async () => {}, template: '{{.Password}}' }),
    ).toThrow(/unknown placeholder/);
    const { url } = await setup(async () => {});
    const res = await fetch(`${url}/auth/email/login?user=a&address=b`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('verified provider over express', () => {
  it('sends, logs in once, refuses the replay', async () => {
    const box = outbox();
    const clock = new Clock();
    const service = new Service({ secretReader: () => SECRET, now: clock.now });
    service.addProvider(new VerifyProvider({ name: 'email', sender: box.send }));
    const url = await otherApps.serve('express', service);
    const token = await requestToken(url, 'user=a&address=a@x.test&aud=s', box.sent);
    const login = await confirm(url, token);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'a', aud: 's' });
    expect((await confirm(url, token)).status).toBe(403);
  });
});
