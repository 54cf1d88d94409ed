/** The shared secret (option secret): X-Webhook-Secret, compared over bytes, never passed on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, rawRequest, startService, type TestService } from './support/helpers.js';

const ECHO = `export default class { handleEcho(p) { return p._webhook.headers; } }`;

function rawPost(secretBytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      'POST /webhook/echo/handleEcho HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n',
    ),
    Buffer.from('X-Webhook-Secret: '),
    secretBytes,
    Buffer.from('\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
  ]);
}

describe('with a secret', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ 'echo.js': ECHO }, { secret: 's3cret' });
  });
  afterAll(() => svc.close());

  it('accepts the right secret and hides it from the handler', async () => {
    const res = await post(svc.base, '/webhook/echo/handleEcho', {}, { 'X-Webhook-Secret': 's3cret' });
    expect(res.status).toBe(200);
    const headers = (res.body as { data: Record<string, string> }).data;
    expect(headers).not.toHaveProperty('x-webhook-secret');
    expect(headers.host).toBeDefined();
  });

  it.each([
    ['missing', {}],
    ['wrong', { 'X-Webhook-Secret': 'wrong' }],
    ['a prefix', { 'X-Webhook-Secret': 's3cre' }],
    ['longer', { 'X-Webhook-Secret': 's3cretx' }],
  ])('answers 401 to a %s secret', async (_what, headers) => {
    const res = await post(svc.base, '/webhook/echo/handleEcho', {}, headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid webhook secret' });
  });

  it('checks the secret before telling whether a module exists', async () => {
    const res = await post(svc.base, '/webhook/nosuch/thing');
    expect(res.status).toBe(401);
  });

  it('answers 401 (and does not hang) to a same-length value of another byte length', async () => {
    const answer = await rawRequest(svc.base, rawPost(Buffer.from('s3cr\xe9t', 'latin1')));
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    const utf8 = await rawRequest(svc.base, rawPost(Buffer.from('s3créééééééé', 'utf8')));
    expect(utf8).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('answers 401 to a doubled header', async () => {
    const head = Buffer.from(
      'POST /webhook/echo/handleEcho HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'X-Webhook-Secret: s3cret\r\nX-Webhook-Secret: s3cret\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(await rawRequest(svc.base, head)).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('with a non-ASCII secret', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ 'echo.js': ECHO }, { secret: 'sécret-ü' });
  });
  afterAll(() => svc.close());

  it('matches the secret sent as UTF-8 bytes', async () => {
    expect(await rawRequest(svc.base, rawPost(Buffer.from('sécret-ü', 'utf8')))).toMatch(/^HTTP\/1\.1 200 /);
    expect(await rawRequest(svc.base, rawPost(Buffer.from('sécret-ü', 'latin1')))).toMatch(
      /^HTTP\/1\.1 401 /,
    );
  });
});

describe('without a secret', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ 'echo.js': ECHO });
  });
  afterAll(() => svc.close());

  it('makes no check and says so on start-up', async () => {
    expect((await post(svc.base, '/webhook/echo/handleEcho')).status).toBe(200);
    expect(svc.lines[0]).toContain('no shared secret set (option secret)');
  });

  it('still hides a secret header a caller sends', async () => {
    const res = await post(svc.base, '/webhook/echo/handleEcho', {}, { 'X-Webhook-Secret': 'x' });
    expect((res.body as { data: Record<string, string> }).data).not.toHaveProperty('x-webhook-secret');
  });
});
