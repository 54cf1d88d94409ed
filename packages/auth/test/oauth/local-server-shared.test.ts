/**
 * Two local OAuth 2.0 servers (as two instances behind one address) sharing one state store: a code
 * issued by one is redeemed at the other's token endpoint exactly once, and its access token is
 * accepted by both; two servers with stores of their own do not know each other's codes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalOAuth2Server, MemoryStateStore, type StateStore } from '../../src/index.js';

const REDIRECT = 'http://127.0.0.1:9/auth/corp/callback';
const servers: LocalOAuth2Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(stateStore?: StateStore): Promise<LocalOAuth2Server> {
  const started = new LocalOAuth2Server({
    url: 'http://127.0.0.1:0',
    clients: [{ id: 'app', secret: 'app-secret', redirectURIs: [REDIRECT] }],
    withLoginPage: false,
    ...(stateStore ? { stateStore } : {}),
  });
  servers.push(started);
  await started.start();
  return started;
}

async function codeFrom(at: LocalOAuth2Server): Promise<string> {
  const query = new URLSearchParams({
    client_id: 'app',
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'state-1',
    username: 'bob',
  });
  const res = await fetch(`${at.endpoints().authURL}?${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

function redeem(at: LocalOAuth2Server, code: string): Promise<Response> {
  return fetch(at.endpoints().tokenURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'app',
      client_secret: 'app-secret',
    }),
  });
}

describe('local OAuth 2.0 servers sharing a state store', () => {
  it('redeem each other’s codes once, and accept each other’s access tokens', async () => {
    const store = new MemoryStateStore();
    const [a, b] = [await server(store), await server(store)];
    const code = await codeFrom(a);
    const [first, second] = await Promise.all([redeem(b, code), redeem(a, code)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 400]);
    const winner = first.status === 200 ? first : second;
    const loser = first.status === 200 ? second : first;
    expect(await loser.json()).toMatchObject({ error: 'invalid_grant' });
    const { access_token } = (await winner.json()) as { access_token: string };
    for (const at of [a, b]) {
      const user = await fetch(at.endpoints().infoURL, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(await user.json()).toMatchObject({ id: 'bob', name: 'bob' });
    }
    store.close();
  });

  it('with stores of their own, a code is known only where it was issued', async () => {
    const [a, b] = [await server(), await server()];
    const code = await codeFrom(a);
    expect((await redeem(b, code)).status).toBe(400);
    expect((await redeem(a, code)).status).toBe(200);
  });
});
