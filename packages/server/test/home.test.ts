/** The demo page at GET /: served with a CSP that allows exactly its inline code, and off on request. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/load.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(flags: { key: string; value: unknown }[] = []) {
  const { config } = loadConfig({
    cwd: tempDir(),
    env: {},
    flags: flags.map((f) => ({ ...f, source: 'test' })),
  });
  const app = await buildApp(config, { logger: { logf: () => {} } });
  apps.push(app);
  return app;
}

describe('GET /', () => {
  it('serves the demo page with a CSP naming the hash of its inline script', async () => {
    const app = await appWith();
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Gatehouse</title>');
    const script = /<script>([\s\S]*?)<\/script>/.exec(response.body)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('tells the page its providers by kind and the XSRF names', async () => {
    const app = await appWith([
      { key: 'auth.direct.name', value: 'staff' },
      { key: 'auth.xsrfCookieName', value: 'CSRF' },
    ]);
    const body = (await app.inject({ url: '/' })).body;
    const content = /<meta name="gatehouse-page" content="([^"]*)">/
      .exec(body)![1]!
      .replaceAll('&quot;', '"');
    expect(JSON.parse(content)).toEqual({
      providers: [{ name: 'staff', kind: 'direct' }],
      xsrfCookie: 'CSRF',
      xsrfHeader: 'X-XSRF-TOKEN',
    });
  });

  it('is a JSON 404 with server.homePage false', async () => {
    const app = await appWith([{ key: 'server.homePage', value: false }]);
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not found: GET /' });
  });
});
