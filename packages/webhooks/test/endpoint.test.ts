/** End to end over real HTTP: the wire format, the handler rules and every refusal. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOKS_TS, NO_HANDLERS_JS, PLAIN_JS } from './support/fixtures.js';
import { dataOf, post, rawRequest, startService, type TestService } from './support/helpers.js';

interface Echo {
  got: {
    msg?: string;
    _webhook: { method: string; query: object; headers: Record<string, string>; timestamp: number };
  };
}

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ 'hooks.ts': HOOKS_TS, 'plain.js': PLAIN_JS, 'empty.js': NO_HANDLERS_JS });
});
afterAll(() => svc.close());

describe('wire format', () => {
  it('passes the body and _webhook to the handler and answers {success, data}', async () => {
    const before = Date.now();
    const res = await post(
      svc.base,
      '/webhook/hooks/handleEcho?a=1&b=2&a=3',
      { msg: 'hi' },
      { 'X-Custom-Thing': 'Abc' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { got } = dataOf<Echo>(res);
    expect((res.body as { success: boolean }).success).toBe(true);
    expect(got.msg).toBe('hi');
    expect(got._webhook.method).toBe('POST');
    expect(got._webhook.query).toEqual({ a: '3', b: '2' });
    expect(got._webhook.headers['x-custom-thing']).toBe('Abc');
    expect(got._webhook.headers['content-type']).toBe('application/json');
    expect(got._webhook.timestamp).toBeGreaterThanOrEqual(before);
    expect(got._webhook.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('does not let the body forge _webhook', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleEcho', { _webhook: { method: 'GET' } });
    expect(dataOf<Echo>(res).got._webhook.method).toBe('POST');
  });

  it('answers {"success":true} without data for an undefined result', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleNothing');
    expect(res.text).toBe('{"success":true}');
  });

  it('treats an empty body as no parameters', async () => {
    const res = await fetch(`${svc.base}/webhook/hooks/handleEcho`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(Object.keys(((await res.json()) as { data: Echo }).data.got)).toEqual(['_webhook']);
  });

  it('keeps one instance per module', async () => {
    const first = dataOf<number>(await post(svc.base, '/webhook/hooks/handleCount'));
    await post(svc.base, '/webhook/hooks/handleEcho');
    const second = dataOf<number>(await post(svc.base, '/webhook/hooks/handleCount'));
    expect(second).toBe(first + 1);
  });
});

describe('handler rules', () => {
  it('exposes a bare @webhook method at its name', async () => {
    const res = await post(svc.base, '/webhook/hooks/processForm', { email: 'a@b.c' });
    expect(res.body).toEqual({ success: true, data: { ok: true, email: 'a@b.c' } });
  });

  it('lets the tag path win over the handle prefix, case-insensitively', async () => {
    expect((await post(svc.base, '/webhook/hooks/stripe', { type: 'charge' })).body).toEqual({
      success: true,
      data: { stripeType: 'charge' },
    });
    expect((await post(svc.base, '/webhook/hooks/handleStripe')).status).toBe(404);
  });

  it('reaches a multi-segment path, also percent-encoded and with doubled slashes', async () => {
    const want = { success: true, data: { pushed: 'main' } };
    expect((await post(svc.base, '/webhook/hooks/github/push', { ref: 'main' })).body).toEqual(want);
    expect((await post(svc.base, '/webhook/hooks/github%2Fpush', { ref: 'main' })).body).toEqual(want);
    expect((await post(svc.base, '/webhook//hooks//github/push/', { ref: 'main' })).body).toEqual(want);
    expect((await post(svc.base, '/webhook/hooks/onPush')).status).toBe(404);
    expect((await post(svc.base, '/webhook/hooks/github')).status).toBe(404);
  });

  it('matches the whole remaining path: extra segments are not ignored', async () => {
    expect((await post(svc.base, '/webhook/hooks/handleEcho/extra')).status).toBe(404);
  });

  it('exposes handlers of a plain JS object module', async () => {
    expect((await post(svc.base, '/webhook/plain/form', { name: 'x' })).body).toEqual({
      success: true,
      data: { submitted: 'x' },
    });
    expect((await post(svc.base, '/webhook/plain/handleHello')).body).toEqual({
      success: true,
      data: 'hello',
    });
  });

  it.each([
    ['/webhook/hooks/secretAdmin', 'no such webhook route'],
    ['/webhook/hooks/handleInherited', 'no such webhook route'],
    ['/webhook/hooks/toString', 'no such webhook route'],
    ['/webhook/hooks/constructor', 'no such webhook route'],
    ['/webhook/hooks/hasOwnProperty', 'no such webhook route'],
    ['/webhook/hooks/__proto__', 'no such webhook route'],
    ['/webhook/hooks/calls', 'no such webhook route'],
    ['/webhook/plain/helper', 'no such webhook route'],
    ['/webhook/empty/dangerous', 'unknown webhook module'],
    ['/webhook/empty/toString', 'unknown webhook module'],
    ['/webhook/nosuch/handleEcho', 'unknown webhook module'],
    ['/webhook/hooks', 'Not found. Use /webhook/{module}/{method}'],
  ])('answers 404 for %s', async (url, error) => {
    const res = await post(svc.base, url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error });
  });

  it('leaves a URL that does not percent-decode to Fastify (400)', async () => {
    expect((await post(svc.base, '/webhook/hooks/%E0%A4%A')).status).toBe(400);
  });

  it('logs a module without handlers', () => {
    expect(svc.lines.some((l) => l.includes('module empty has no handlers'))).toBe(true);
  });
});

describe('refusals', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'])(
    'answers 405 with Allow: POST to %s',
    async (method) => {
      const res = await fetch(`${svc.base}/webhook/hooks/handleEcho`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      if (method !== 'HEAD') expect(await res.json()).toEqual({ error: 'method not allowed, use POST' });
    },
  );

  it.each(['{"a":', 'not json', '[1,'])('answers 400 to the body %s', async (body) => {
    const res = await post(svc.base, '/webhook/hooks/handleEcho', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON body' });
  });

  it.each(['multipart/form-data; boundary=x', 'application/jsonx', 'application/xml', 'text/csv'])(
    'answers 415 to Content-Type %s',
    async (type) => {
      const res = await post(svc.base, '/webhook/hooks/handleEcho', '{}', { 'content-type': type });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: 'unsupported media type, send JSON or a form' });
    },
  );

  it('takes a form body as string parameters (last value wins)', async () => {
    const res = await post(
      svc.base,
      '/webhook/hooks/handleEcho',
      'msg=hi+there&n=1&n=2&payload=%7B%22a%22%3A1%7D',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    const got = dataOf<{ got: Record<string, unknown> }>(res).got;
    expect(got).toMatchObject({ msg: 'hi there', n: '2', payload: '{"a":1}' });
    expect(got._webhook).toMatchObject({ method: 'POST' });
  });

  it('accepts application/vnd.something+json with a charset', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleNothing', '{}', {
      'content-type': 'application/vnd.github+json; charset=utf-8',
    });
    expect(res.status).toBe(200);
  });

  it('delivers 413 to a client that sends a body over the limit', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const head = Buffer.from(
      'POST /webhook/hooks/handleEcho HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const answer = await rawRequest(svc.base, head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"error":"request body too large"}');
  });

  it('delivers 413 for a chunked body that grows over the limit', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const framed = Buffer.concat([
      ...Array.from({ length: 6 }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
      Buffer.from('0\r\n\r\n'),
    ]);
    const head = Buffer.from(
      'POST /webhook/hooks/handleEcho HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    const answer = await rawRequest(svc.base, head, framed);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"error":"request body too large"}');
  });

  it('answers 500 with a generic message and logs the detail when a handler throws', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleThrow');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'webhook handler failed' });
    expect(res.text).not.toContain('hunter2');
    expect(svc.lines.some((l) => l.includes('hooks.handleThrow failed') && l.includes('hunter2'))).toBe(true);
  });

  it('answers 500 when the result is not JSON', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleBigInt');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'webhook handler failed' });
  });

  it('answers 504 when a handler runs past its @timeout', async () => {
    const res = await post(svc.base, '/webhook/hooks/handleSlow');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'webhook handler timed out' });
  });

  it('lists the routes', () => {
    const paths = svc.app.webhooks.list().map((r) => `${r.module}/${r.path}`);
    expect(paths).toContain('hooks/github/push');
    expect(paths).toContain('plain/form');
    expect(paths).not.toContain('hooks/secretAdmin');
  });
});
