import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createServiceLog } from '../src/logging.js';
import { installErrorHandlers } from '../src/service/http-errors.js';

/** A fresh app with the service's error handlers and one route of each kind, listening on 127.0.0.1:0. */
async function appWithRoutes(logs: string[]) {
  const log = createServiceLog({ level: 'info', format: 'json', write: (line) => logs.push(line) });
  const app = Fastify({
    bodyLimit: 64,
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  installErrorHandlers(app);
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
      expect(logs.filter((line) => JSON.parse(line).level >= 40)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('hides server faults behind "internal error" and logs them with the request id', async () => {
    const logs: string[] = [];
    const { app, url } = await appWithRoutes(logs);
    try {
      const response = await fetch(`${url}/broken`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'internal error' });
      const errors = logs.map((line) => JSON.parse(line)).filter((record) => record.level >= 40);
      expect(errors).toHaveLength(1);
      const [record] = errors;
      expect(record).toMatchObject({ level: 50, msg: 'request failed', url: '/broken', reqId: 'req-1' });
      expect(record.err.message).toBe('database password is hunter2');
    } finally {
      await app.close();
    }
  });
});
