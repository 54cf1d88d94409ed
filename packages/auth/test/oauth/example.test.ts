/** Runs examples/dev-login.mjs (the README's dev-provider example) and logs in as its comment says. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../examples/dev-login.mjs';
import { Browser } from '../support/oauth/browser.js';
import { type EarlyServer, fastifyListener, listenEarly } from '../support/oauth/service.js';

let app: FastifyInstance;
let server: EarlyServer;
let url: string;

beforeAll(async () => {
  server = await listenEarly();
  url = server.url;
  app = await buildApp({ secret: 'example-test-secret-0123456789', url, devPort: 0 });
  await app.ready();
  server.serve(fastifyListener(app));
});

afterAll(async () => {
  await server.close();
  await app.close();
});

it('logs in with one POST to the dev page and reaches the guarded route', async () => {
  const b = new Browser();
  const login = await b.request(`${url}/auth/dev/login?from=${encodeURIComponent(`${url}/private`)}`);
  const done = await b.navigate(login.headers.get('location')!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=alice',
  });
  expect(done.chain.at(-1)).toBe(`${url}/private`);
  // The browser followed the 303 without the XSRF header: refused, as for any cookie-only request.
  expect(done.response.status).toBe(401);
  const res = await b.request(`${url}/private`, { headers: { 'x-xsrf-token': b.cookie('XSRF-TOKEN')! } });
  expect(await res.json()).toEqual({ hello: 'alice' });
});
