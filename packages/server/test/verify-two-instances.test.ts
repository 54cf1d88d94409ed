/**
 * The verified provider (a one-shot confirmation link) on two instances sharing one PostgreSQL
 * state store: two `@gatehouse/auth` services, each with its own PostgresStateStore (its own pool,
 * as two processes have) on one schema, each served by Fastify on 127.0.0.1. A token sent by A is
 * redeemed on B once; the replay is refused on both, also when both are asked at once.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Service, VerifyProvider } from '@gatehouse/auth';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStateStore } from '../src/state/postgres-state-store.js';
import { useTestSchemas } from './support/pg-schema.js';

const schema = useTestSchemas();
const running: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close();
});

/** One instance: a service with the verified provider `email`, sending into `outbox`. */
async function instance(databaseUrl: string, secret: string, outbox: string[]): Promise<string> {
  const stateStore = await PostgresStateStore.open(databaseUrl, { maxConnections: 2 });
  running.push(stateStore);
  const service = new Service({ secretReader: () => secret, stateStore });
  service.addProvider(
    new VerifyProvider({
      name: 'email',
      template: 'Token: {{.Token}}',
      sender: async (_address, text) => {
        outbox.push(text);
      },
    }),
  );
  const app: FastifyInstance = Fastify();
  running.push(app);
  await app.register(service.fastify.plugin);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const confirm = (url: string, token: string) =>
  fetch(`${url}/auth/email/login?token=${encodeURIComponent(token)}`, { redirect: 'manual' });

describe('verified provider on two instances sharing a PostgreSQL state store', () => {
  it('a token sent by A is redeemed on B once and refused the second time, on either', async () => {
    const { url } = await schema();
    const secret = randomBytes(32).toString('base64url');
    const outbox: string[] = [];
    const [a, b] = [await instance(url, secret, outbox), await instance(url, secret, outbox)];
    const sent = await fetch(`${a}/auth/email/login?user=dana&address=dana@example.test`);
    expect(sent.status).toBe(200);
    const token = /Token: (\S+)/.exec(outbox.at(-1)!)![1]!;
    const login = await confirm(b, token);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'dana' });
    expect(login.headers.getSetCookie().some((c) => c.startsWith('JWT='))).toBe(true);
    for (const at of [a, b]) {
      const replay = await confirm(at, token);
      expect([replay.status, await replay.json()]).toEqual([
        403,
        { error: 'confirmation token already consumed' },
      ]);
      expect(replay.headers.getSetCookie()).toEqual([]);
    }
  });

  it('of one token confirmed on A and B at once, exactly one logs in', async () => {
    const { url } = await schema();
    const secret = randomBytes(32).toString('base64url');
    const outbox: string[] = [];
    const [a, b] = [await instance(url, secret, outbox), await instance(url, secret, outbox)];
    expect((await fetch(`${b}/auth/email/login?user=erin&address=erin@example.test`)).status).toBe(200);
    const token = /Token: (\S+)/.exec(outbox.at(-1)!)![1]!;
    const statuses = (await Promise.all([confirm(a, token), confirm(b, token)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 403]);
  });
});
