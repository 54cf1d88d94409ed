/** Replay protection: a duplicate delivery gets the first answer and the handler runs once. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const SECRET = 'replay-secret';

const DELIVERIES_TS = `
/** @signature github env:TEST_REPLAY_SECRET */
export default class Deliveries {
  runs = 0;
  failNext = true;
  async handlePush(p: { ref: string }) {
    this.runs++;
    await new Promise((r) => setTimeout(r, 30));
    return { ref: p.ref, run: this.runs };
  }
  handleFlaky() {
    this.runs++;
    if (this.failNext) { this.failNext = false; throw new Error('transient'); }
    return { run: this.runs };
  }
  handleRuns() { return this.runs; }
}
`;

const STRIPE_JS = `
export const webhookConfig = { signature: { scheme: 'stripe', secretEnv: 'TEST_REPLAY_SECRET' } };
export default { runs: 0, handleEvent(p) { this.runs++; return { id: p.id, run: this.runs }; } };
`;

const PLAIN_JS = `export default { runs: 0, handleCall() { this.runs++; return this.runs; } };`;

const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

function deliver(svc: TestService, url: string, body: string, delivery: string) {
  return post(svc.base, url, body, { 'X-Hub-Signature-256': sign(body), 'X-GitHub-Delivery': delivery });
}

async function runs(svc: TestService): Promise<number> {
  const res = await post(svc.base, '/webhook/deliveries/handleRuns', '{}', {
    'X-Hub-Signature-256': sign('{}'),
    'X-GitHub-Delivery': `runs-${Math.random()}`,
  });
  return (res.body as { data: number }).data;
}

let svc: TestService;
beforeAll(async () => {
  process.env.TEST_REPLAY_SECRET = SECRET;
  svc = await startService({ 'deliveries.ts': DELIVERIES_TS, 'stripe.js': STRIPE_JS, 'plain.js': PLAIN_JS });
});
afterAll(() => svc.close());

describe('replay protection', () => {
  it('answers a repeated X-GitHub-Delivery with the stored answer without running again', async () => {
    const body = '{"ref":"a"}';
    const before = await runs(svc);
    const first = await deliver(svc, '/webhook/deliveries/handlePush', body, 'd-1');
    const second = await deliver(svc, '/webhook/deliveries/handlePush', body, 'd-1');
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('webhook-replayed')).toBe('true');
    expect(first.headers.get('webhook-replayed')).toBeNull();
    expect(await runs(svc)).toBe(before + 1);
  });

  it('runs once when duplicates arrive while the first is still running', async () => {
    const body = '{"ref":"b"}';
    const before = await runs(svc);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(svc, '/webhook/deliveries/handlePush', body, 'd-2')),
    );
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('webhook-replayed') === 'true')).toHaveLength(4);
    expect(await runs(svc)).toBe(before + 1);
  });

  it('does not keep a failure: the retry of a failed delivery runs the handler again', async () => {
    const first = await deliver(svc, '/webhook/deliveries/handleFlaky', '{}', 'd-3');
    const retry = await deliver(svc, '/webhook/deliveries/handleFlaky', '{}', 'd-3');
    expect(first.status).toBe(500);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('webhook-replayed')).toBeNull();
  });

  it('does not store a delivery whose signature failed', async () => {
    const bad = await post(svc.base, '/webhook/deliveries/handlePush', '{"ref":"c"}', {
      'X-Hub-Signature-256': sign('{"ref":"forged"}'),
      'X-GitHub-Delivery': 'd-4',
    });
    expect(bad.status).toBe(401);
    const good = await deliver(svc, '/webhook/deliveries/handlePush', '{"ref":"c"}', 'd-4');
    expect(good.status).toBe(200);
    expect((good.body as { data: { ref: string } }).data.ref).toBe('c');
  });

  it('keys Stripe deliveries on the event id in the signed body', async () => {
    const t = Math.floor(Date.now() / 1000);
    const send = (body: string) =>
      post(svc.base, '/webhook/stripe/handleEvent', body, {
        'Stripe-Signature': `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`,
      });
    const a = await send('{"id":"evt_1"}');
    const b = await send('{"id":"evt_1"}');
    const c = await send('{"id":"evt_2"}');
    expect(b.text).toBe(a.text);
    expect((c.body as { data: { run: number } }).data.run).toBe(
      (a.body as { data: { run: number } }).data.run + 1,
    );
  });

  it('uses Idempotency-Key / Webhook-Id on routes without a scheme', async () => {
    const a = await post(svc.base, '/webhook/plain/handleCall', {}, { 'Idempotency-Key': 'k1' });
    const b = await post(svc.base, '/webhook/plain/handleCall', {}, { 'Idempotency-Key': 'k1' });
    const c = await post(svc.base, '/webhook/plain/handleCall', {}, { 'Webhook-Id': 'k2' });
    const d = await post(svc.base, '/webhook/plain/handleCall', {});
    expect(b.text).toBe(a.text);
    expect((c.body as { data: number }).data).toBe((a.body as { data: number }).data + 1);
    expect((d.body as { data: number }).data).toBe((a.body as { data: number }).data + 2);
  });

  it('never lets a caller make a later delivery skip its handler with an unsigned id', async () => {
    // The caller goes first with the real delivery's Idempotency-Key and a body of its own.
    const forged = await post(
      svc.base,
      '/webhook/plain/handleCall',
      { amount: 1 },
      { 'Idempotency-Key': 'k-1' },
    );
    const real = await post(
      svc.base,
      '/webhook/plain/handleCall',
      { amount: 100 },
      { 'Idempotency-Key': 'k-1' },
    );
    expect(real.headers.get('webhook-replayed')).toBeNull();
    expect((real.body as { data: number }).data).toBe((forged.body as { data: number }).data + 1);
    // Only the same request again is a replay; another query is another request.
    const again = await post(
      svc.base,
      '/webhook/plain/handleCall',
      { amount: 100 },
      { 'Idempotency-Key': 'k-1' },
    );
    expect([again.text, again.headers.get('webhook-replayed')]).toEqual([real.text, 'true']);
    const query = await post(
      svc.base,
      '/webhook/plain/handleCall?x=1',
      { amount: 100 },
      { 'Idempotency-Key': 'k-1' },
    );
    expect(query.headers.get('webhook-replayed')).toBeNull();
  });

  it('binds an X-GitHub-Delivery (not signed) to the signed body', async () => {
    const first = await deliver(svc, '/webhook/deliveries/handlePush', '{"ref":"x"}', 'd-5');
    const other = await deliver(svc, '/webhook/deliveries/handlePush', '{"ref":"y"}', 'd-5');
    expect(other.headers.get('webhook-replayed')).toBeNull();
    expect((other.body as { data: { ref: string } }).data.ref).toBe('y');
    expect(first.status).toBe(200);
  });
});
