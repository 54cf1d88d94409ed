/** Runs examples/dev-login.mjs (the README's dev-provider example) and logs in as its comment says. */
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs example without type declarations
import { buildApp } from '../../examples/dev-login.mjs';
import { Browser } from './support/browser.js';
import { freePort } from './support/service.js';

let app: { listen(o: object): Promise<string>; close(): Promise<void> };
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  app = await buildApp({ secret: 'example-test-secret-0123456789', url, devPort: 0 });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
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
