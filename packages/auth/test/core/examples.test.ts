/** The README's examples run: log in through the direct provider, then reach the guarded route. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp as buildExpress } from '../../examples/express.mjs';
import { buildApp as buildFastify } from '../../examples/fastify.mjs';
import { sessionOf, withSession } from '../support/core/servers.js';

async function exercise(url: string): Promise<void> {
  expect((await fetch(`${url}/private`)).status).toBe(401);
  const login = await fetch(`${url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'user=alice&passwd=wonderland',
  });
  expect(login.status).toBe(200);
  const res = await fetch(`${url}/private`, withSession(sessionOf(login)));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ hello: 'alice' });
}

describe('examples', () => {
  it('examples/fastify.mjs', async () => {
    const app = await buildFastify({ secret: 'example test secret' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await exercise(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    } finally {
      await app.close();
    }
  });

  it('examples/express.mjs', async () => {
    const server: Server = buildExpress({ secret: 'example test secret' }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await exercise(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
