import { format } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandlers } from './http-errors.js';

/** A fresh app with the service's error handlers and one route of each kind, listening on 127.0.0.1:0. */
async function appWithRoutes(logs: string[]) {
  const app = Fastify({ bodyLimit: 64 });
  installErrorHandlers(app, { logf: (pattern, ...args) => logs.push(format(pattern, ...args)) });
  app.post('/echo', async (request) => ({ got: request.body }));
  app.get('/broken', async () => {
    throw new Error('database password is hunter2');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('installErrorHandlers', () => {
  it('answers Fastify body errors with their status and a JSON error', async () => {
    const logs: string[] = [];
    const { app, url } = await appWithRoutes(logs);
    try {
      const post = (contentType: string, body: string) =>
        fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const badJson = await post('application/json', '{"a":');
      expect(badJson.status).toBe(400);
      expect(await badJson.json()).toEqual({ error: expect.stringMatching(/^body is not valid JSON/) });
      const tooBig = await post('application/json', JSON.stringify({ a: 'x'.repeat(100) }));
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toEqual({ error: 'request body is too large' });
      const wrongType = await post('application/xml', '<a/>');
      expect(wrongType.status).toBe(415);
      expect(await wrongType.json()).toEqual({ error: expect.stringMatching(/^unsupported Media Type/i) });
      const fine = await post('application/json', '{"a":1}');
      expect(await fine.json()).toEqual({ got: { a: 1 } });
      expect(logs).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('hides server faults behind "internal error" and logs them', async () => {
    const logs: string[] = [];
    const { app, url } = await appWithRoutes(logs);
    try {
      const response = await fetch(`${url}/broken`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'internal error' });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toContain('[ERROR] GET /broken');
      expect(logs[0]).toContain('hunter2');
    } finally {
      await app.close();
    }
  });
});
