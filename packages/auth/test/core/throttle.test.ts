/** Login throttling on every way that checks a credential, over real HTTP with a frozen clock. */
import { describe, expect, it } from 'vitest';
import { VerifyProvider } from '../../src/index.js';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf } from '../support/core/servers.js';
import { login, users } from '../support/core/service.js';

const apps = appPerTest();

describe.each<Framework>(['fastify', 'express'])('throttling over %s', (framework) => {
  it('blocks an account after 5 failures with growing delays, whatever the password, then lets it in', async () => {
    const { url, clock } = await apps.setup(framework);
    for (let i = 0; i < 5; i++) expect((await login(url, 'alice', 'wrong')).status).toBe(403);
    expect((await login(url, 'alice', 'wrong')).status).toBe(403); // the 6th failure: blocked for 1 s
    const blocked = await login(url, 'alice', users.alice);
    expect([blocked.status, await blocked.json()]).toEqual([
      429,
      { error: 'too many attempts, retry later' },
    ]);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect((await login(url, 'bob', users.bob)).status).toBe(200); // another account is not blocked
    clock.advance(1000);
    expect((await login(url, 'alice', 'wrong')).status).toBe(403); // 7th failure: 2 s
    expect((await login(url, 'alice', users.alice)).headers.get('retry-after')).toBe('2');
    clock.advance(2000);
    expect((await login(url, 'alice', users.alice)).status).toBe(200);
  });

  it('blocks a client address after 20 failures over many accounts', async () => {
    const { url } = await apps.setup(framework);
    for (let i = 0; i < 21; i++) expect((await login(url, `guess${i}`, 'wrong')).status).toBe(403);
    const blocked = await login(url, 'bob', users.bob);
    expect(blocked.status).toBe(429);
  });

  it('throttles the admin basic auth', async () => {
    const { url } = await apps.setup(framework, { adminPasswd: 'the admin password' });
    const basic = (pw: string) => ({
      authorization: `Basic ${Buffer.from(`admin:${pw}`).toString('base64')}`,
    });
    for (let i = 0; i < 6; i++)
      expect((await fetch(`${url}/admin`, { headers: basic('wrong') })).status).toBe(401);
    const blocked = await fetch(`${url}/admin`, { headers: basic('the admin password') });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
  });

  it('throttles confirmation requests of the verified provider per address', async () => {
    const { url, service } = await apps.setup(framework);
    const sent: string[] = [];
    service.addProvider(
      new VerifyProvider({ name: 'email', sender: async (address) => void sent.push(address) }),
    );
    const ask = () => fetch(`${url}/auth/email/login?user=alice&address=alice@example.com`);
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200); // the 6th goes out and starts the delay
    expect((await ask()).status).toBe(429);
    expect(sent).toHaveLength(6);
  });

  it('keeps a logged-in session usable while its account is blocked', async () => {
    const { url } = await apps.setup(framework);
    const { jwt } = sessionOf(await login(url));
    for (let i = 0; i < 7; i++) await login(url, 'alice', 'wrong');
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': jwt } })).status).toBe(200);
  });
});
