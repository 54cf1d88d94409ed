/**
 * A guard asked about another request (forward authentication): `fastify.outcome(mode, request,
 * { method })` judges the original method, whose cookie token needs the XSRF header only when the
 * method is unsafe. Over real HTTP, with a tiny host that plays the forward-auth endpoint.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '../../src/index.js';
import { sessionOf, withSession } from '../support/core/servers.js';
import { login, makeService } from '../support/core/service.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** `GET /check` answers 202 for the user of the request named by `x-original-method`, or the refusal. */
async function forwardHost(service: Service): Promise<string> {
  app = Fastify();
  await app.register(service.fastify.plugin);
  app.get('/check', async (request, reply) => {
    const method = request.headers['x-original-method'];
    const forwarded = typeof method === 'string' ? { method } : undefined;
    const outcome = await service.fastify.outcome('auth', request, forwarded);
    if (!outcome.ok) return reply.code(outcome.response.status).send(outcome.response.body);
    return reply.code(202).send({ user: outcome.user?.name });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('a guard judging a forwarded request', () => {
  it('lets a cookie through without the XSRF header for a safe original method only', async () => {
    const { service } = makeService();
    const url = await forwardHost(service);
    const session = sessionOf(await login(url));
    const ask = (method: string | undefined, xsrf: boolean) =>
      fetch(
        `${url}/check`,
        withSession(session, { headers: method ? { 'x-original-method': method } : {} }, xsrf),
      );
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect((await ask(method, false)).status, method).toBe(202);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await ask(method, false);
      expect([refused.status, await refused.json()], method).toEqual([401, { error: 'xsrf mismatch' }]);
      expect((await ask(method, true)).status, method).toBe(202);
    }
    // Not forwarded: the request is judged as itself, XSRF on every method as on any guarded route.
    expect((await ask(undefined, false)).status).toBe(401);
    expect(await (await ask(undefined, true)).json()).toEqual({ user: 'alice' });
  });
});
