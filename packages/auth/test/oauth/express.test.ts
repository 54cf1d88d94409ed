/**
 * The same provider routes through the Express adapter, behind an app that parses urlencoded bodies
 * itself (the common setup): Apple's form_post callback and the dev login still work.
 */
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../src/adapters/express.js';
import { devProvider } from '../../src/dev/dev-provider.js';
import { startDevOAuthServer } from '../../src/dev/dev-server.js';
import { appleProvider } from '../../src/providers/apple/apple.js';
import type { LocalOAuth2Server } from '../../src/providers/local-server/server.js';
import { Service } from '../../src/service.js';
import { Browser } from '../support/oauth/browser.js';
import { type FakeApple, startFakeApple } from '../support/oauth/fake-apple.js';
import { type EarlyServer, listenEarly, SECRET } from '../support/oauth/service.js';

describe('OAuth providers behind the Express adapter', () => {
  let apple: FakeApple;
  let dev: LocalOAuth2Server;
  let server: EarlyServer;
  let url: string;

  beforeAll(async () => {
    apple = await startFakeApple();
    dev = await startDevOAuthServer({ port: 0 });
    server = await listenEarly();
    url = server.url;
    const auth = new Service({ secretReader: () => SECRET, url });
    auth.addProvider(await appleProvider(apple.appleOptions()));
    auth.addProvider(devProvider({ port: Number(new URL(dev.url).port) }));
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use(auth.express.router());
    app.get('/private', auth.express.auth(), (req, res) => {
      res.json({ hello: getUser(req)?.name });
    });
    server.serve(app);
  });

  afterAll(async () => {
    await server.close();
    await dev.close();
    await apple.fake.close();
  });

  it('completes an Apple form_post login', async () => {
    apple.fake.knobs.formPostUser = JSON.stringify({ name: { firstName: 'Eve', lastName: 'Xp' } });
    const b = new Browser();
    const page = await b.navigate(`${url}/auth/apple/login?site=ex`);
    const done = await b.submitForm(page.chain.at(-1)!, page.body);
    expect(done.response.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ name: 'Eve Xp', aud: 'ex' });
  });

  it('completes a dev login and opens the guarded route', async () => {
    const b = new Browser();
    const page = await b.navigate(`${url}/auth/dev/login`);
    await b.navigate(page.chain.at(-1)!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=dora',
    });
    const res = await b.request(`${url}/private`, { headers: { 'x-xsrf-token': b.cookie('XSRF-TOKEN')! } });
    expect(await res.json()).toEqual({ hello: 'dora' });
  });
});
