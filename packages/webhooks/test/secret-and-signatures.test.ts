/**
 * The shared secret and signatures together: a route with a signature scheme is authenticated by its
 * signature (a GitHub delivery cannot carry X-Webhook-Secret); the secret guards the routes without
 * one and every unknown path. Every refusal is logged once, without secrets.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const SHARED = 'shared-s3cret';
const GH = 'gh-s3cret';
const MODULE = `
/** @signature github env:SS_TEST_GH */
export default class {
  handlePush(p) { return { ref: p.ref }; }
  /** @signature none */
  handleOpen() { return 'open'; }
}
`;
const sign = (body: string, secret = GH) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const body = '{"ref":"main"}';

let svc: TestService;
beforeAll(async () => {
  process.env.SS_TEST_GH = GH;
  svc = await startService({ 'github.ts': MODULE }, { secret: SHARED });
});
afterAll(() => svc.close());

describe('with SERVICE_WEBHOOK_SECRET and a signed route', () => {
  it('accepts a correctly signed delivery without X-Webhook-Secret', async () => {
    const res = await post(svc.base, '/webhook/github/handlePush', body, {
      'X-Hub-Signature-256': sign(body),
    });
    expect(res.body).toEqual({ success: true, data: { ref: 'main' } });
  });

  it('refuses a forged signature, with or without the shared secret', async () => {
    for (const extra of [{}, { 'X-Webhook-Secret': SHARED }] as Record<string, string>[]) {
      const res = await post(svc.base, '/webhook/github/handlePush', body, {
        'X-Hub-Signature-256': sign(body, 'forged'),
        ...extra,
      });
      expect([res.status, res.body]).toEqual([401, { error: 'invalid webhook signature' }]);
    }
  });

  it('guards the route without a scheme (signature none) and unknown paths with the shared secret', async () => {
    expect((await post(svc.base, '/webhook/github/handleOpen')).status).toBe(401);
    expect(
      (await post(svc.base, '/webhook/github/handleOpen', {}, { 'X-Webhook-Secret': SHARED })).body,
    ).toEqual({
      success: true,
      data: 'open',
    });
    expect((await post(svc.base, '/webhook/github/nosuch')).body).toEqual({
      error: 'Invalid webhook secret',
    });
    expect((await post(svc.base, '/webhook/other/handlePush')).status).toBe(401);
  });
});

describe('refusals in the log', () => {
  it('logs each refusal once with status, code, module and route, and no secret', async () => {
    const before = svc.lines.length;
    await post(svc.base, '/webhook/github/handlePush', body, { 'X-Hub-Signature-256': sign(body, 'forged') });
    await post(svc.base, '/webhook/github/handleOpen?token=abc', {}, { 'X-Webhook-Secret': 'wrong-secret' });
    await post(svc.base, '/webhook/github/handleOpen', 'not json', { 'X-Webhook-Secret': SHARED });
    await fetch(`${svc.base}/webhook/github/handleOpen`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'X-Webhook-Secret': SHARED },
      body: 'a,b',
    });
    const lines = svc.lines.slice(before).filter((l) => l.includes('refused'));
    expect(lines).toEqual([
      '[INFO] webhooks: refused POST /webhook/github/handlePush from 127.0.0.1: 401 ERR_SIGNATURE_INVALID (module github, route handlePush)',
      '[INFO] webhooks: refused POST /webhook/github/handleOpen from 127.0.0.1: 401 ERR_SECRET_INVALID (/webhook/github/handleOpen)',
      '[INFO] webhooks: refused POST /webhook/github/handleOpen from 127.0.0.1: 400 ERR_INVALID_JSON (module github, route handleOpen)',
      '[INFO] webhooks: refused POST /webhook/github/handleOpen from 127.0.0.1: 415 ERR_UNSUPPORTED_MEDIA_TYPE (module github, route handleOpen)',
    ]);
    const all = svc.lines.join('\n');
    for (const secret of [SHARED, GH, 'wrong-secret', 'token=abc']) expect(all).not.toContain(secret);
  });
});
