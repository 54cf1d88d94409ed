/**
 * Signature schemes over the raw body (GitHub, Stripe, Slack, Standard Webhooks, generic HMAC),
 * declared by tag or by config.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const GH_SECRET = 'gh-secret';
const STRIPE_SECRET = 'whsec_test';

const GITHUB_TS = `
/** @signature github env:TEST_GH_SECRET */
export default class GitHub {
  handlePush(p: { ref?: string; _webhook: { headers: Record<string, string> } }) {
    return { ref: p.ref, headers: p._webhook.headers };
  }
  /**
   * @webhook open
   * @signature none
   */
  open() { return 'open'; }
}
`;

const STRIPE_JS = `
export const webhookConfig = { signature: { scheme: 'stripe', secretEnv: 'TEST_STRIPE_SECRET' } };
export default { handleEvent(p) { return { type: p.type }; } };
`;

const GENERIC_JS = `
export default class Generic {
  static webhookConfig = {
    methods: {
      receive: {
        webhook: 'in/bound',
        signature: { scheme: 'hmac-sha256', secret: ['old-key', 'new-key'], header: 'x-sig', encoding: 'base64', prefix: 'v1=' },
      },
    },
  };
  receive(p) { return { n: p.n, sawSig: 'x-sig' in p._webhook.headers }; }
}
`;

const SLACK_SECRET = 'slack-secret';
const STANDARD_SECRET = `whsec_${Buffer.from('standard-webhooks-secret-of-32-bytes').toString('base64')}`;

const STANDARD_TS = `
/** @signature standard-webhooks env:TEST_STANDARD_SECRET */
export default {
  runs: 0,
  handleEvent(p: { type: string; _webhook: { headers: Record<string, string> } }) {
    this.runs++;
    return { type: p.type, runs: this.runs, sawSignature: 'webhook-signature' in p._webhook.headers };
  },
};
`;

const SLACK_TS = `
export default {
  runs: 0,
  /**
   * @webhook events
   * @signature slack env:TEST_SLACK_SECRET
   */
  events(p: { event_id: string; type: string }) {
    this.runs++;
    return { type: p.type, runs: this.runs };
  },
};
`;

const hex = (secret: string, ...parts: string[]) => {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
};

let svc: TestService;
beforeAll(async () => {
  process.env.TEST_GH_SECRET = GH_SECRET;
  process.env.TEST_STRIPE_SECRET = STRIPE_SECRET;
  process.env.TEST_SLACK_SECRET = SLACK_SECRET;
  process.env.TEST_STANDARD_SECRET = STANDARD_SECRET;
  svc = await startService({
    'github.ts': GITHUB_TS,
    'stripe.js': STRIPE_JS,
    'generic.js': GENERIC_JS,
    'slack.ts': SLACK_TS,
    'standard.ts': STANDARD_TS,
  });
});
afterAll(() => svc.close());

describe('github (X-Hub-Signature-256, declared by a class JSDoc tag)', () => {
  const body = '{"ref":"refs/heads/main",  "n": 1}';

  it('accepts a valid signature and hides it from the handler', async () => {
    const res = await post(svc.base, '/webhook/github/handlePush', body, {
      'X-Hub-Signature-256': `sha256=${hex(GH_SECRET, body)}`,
      'X-GitHub-Event': 'push',
    });
    expect(res.status).toBe(200);
    const data = (res.body as { data: { ref: string; headers: Record<string, string> } }).data;
    expect(data.ref).toBe('refs/heads/main');
    expect(data.headers['x-github-event']).toBe('push');
    expect(data.headers).not.toHaveProperty('x-hub-signature-256');
  });

  it.each([
    ['missing', undefined],
    ['wrong', `sha256=${hex('other', body)}`],
    ['over re-serialised JSON', `sha256=${hex(GH_SECRET, JSON.stringify(JSON.parse(body)))}`],
    ['without prefix', hex(GH_SECRET, body)],
    ['not hex', 'sha256=zz'],
  ])('answers 401 to a %s signature', async (_what, signature) => {
    const headers: Record<string, string> = signature ? { 'X-Hub-Signature-256': signature } : {};
    const res = await post(svc.base, '/webhook/github/handlePush', body, headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid webhook signature' });
  });

  it('lets a method opt out with @signature none', async () => {
    expect((await post(svc.base, '/webhook/github/open')).body).toEqual({ success: true, data: 'open' });
  });
});

describe('stripe (Stripe-Signature, declared by an exported webhookConfig)', () => {
  const body = '{"id":"evt_sig_1","type":"charge.succeeded"}';
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a valid signature, also among several v1 values', async () => {
    const t = now();
    const good = hex(STRIPE_SECRET, `${t}.`, body);
    for (const header of [`t=${t},v1=${good}`, `t=${t},v1=${hex('old', `${t}.`, body)},v1=${good},v0=abc`]) {
      const res = await post(svc.base, '/webhook/stripe/handleEvent', body, { 'Stripe-Signature': header });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { type: 'charge.succeeded' } });
    }
  });

  it('answers 401 to a signature by another secret or over another timestamp', async () => {
    const t = now();
    for (const header of [
      `t=${t},v1=${hex('nope', `${t}.`, body)}`,
      `t=${t + 1},v1=${hex(STRIPE_SECRET, `${t}.`, body)}`,
    ]) {
      const res = await post(svc.base, '/webhook/stripe/handleEvent', body, { 'Stripe-Signature': header });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid webhook signature' });
    }
  });

  it('answers 401 to a valid signature outside the tolerance window', async () => {
    const t = now() - 3600;
    const res = await post(svc.base, '/webhook/stripe/handleEvent', body, {
      'Stripe-Signature': `t=${t},v1=${hex(STRIPE_SECRET, `${t}.`, body)}`,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'webhook signature timestamp outside the tolerance window' });
  });
});

describe('generic hmac-sha256 (declared per method in a static webhookConfig)', () => {
  const body = '{"n":7}';
  const b64 = (secret: string) => createHmac('sha256', secret).update(body).digest('base64');

  it('accepts any of the rotating secrets at the configured path and header', async () => {
    for (const secret of ['new-key', 'old-key']) {
      const res = await post(svc.base, '/webhook/generic/in/bound', body, { 'X-Sig': `v1=${b64(secret)}` });
      expect(res.body).toEqual({ success: true, data: { n: 7, sawSig: false } });
    }
  });

  it('answers 401 invalid signature to another secret, a missing prefix, bad base64 or no header', async () => {
    const cases: Record<string, string>[] = [
      { 'X-Sig': `v1=${b64('stolen')}` },
      { 'X-Sig': b64('new-key') },
      { 'X-Sig': 'v1=***' },
      { 'X-Hub-Signature-256': `v1=${b64('new-key')}` },
    ];
    for (const headers of cases) {
      const res = await post(svc.base, '/webhook/generic/in/bound', body, headers);
      expect([headers, res.status, res.body]).toEqual([headers, 401, { error: 'invalid webhook signature' }]);
    }
  });
});

describe('slack (X-Slack-Signature + X-Slack-Request-Timestamp, declared on an object method)', () => {
  const body = '{"event_id":"Ev1","type":"event_callback"}';
  const headers = (secret: string, ts: number) => ({
    'X-Slack-Request-Timestamp': String(ts),
    'X-Slack-Signature': `v0=${hex(secret, `v0:${ts}:`, body)}`,
  });

  it('accepts a valid signature and replays a retried event_id', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const first = await post(svc.base, '/webhook/slack/events', body, headers(SLACK_SECRET, ts));
    expect(first.body).toEqual({ success: true, data: { type: 'event_callback', runs: 1 } });
    const retry = await post(svc.base, '/webhook/slack/events', body, headers(SLACK_SECRET, ts));
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('webhook-replayed')).toBe('true');
  });

  it('answers 401 to another secret (invalid) and to an old timestamp (outside the window)', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const other = await post(svc.base, '/webhook/slack/events', body, headers('other', ts));
    expect(other.status).toBe(401);
    expect(other.body).toEqual({ error: 'invalid webhook signature' });
    const old = await post(svc.base, '/webhook/slack/events', body, headers(SLACK_SECRET, ts - 600));
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: 'webhook signature timestamp outside the tolerance window' });
  });
});

describe('standard-webhooks (webhook-id, webhook-timestamp, webhook-signature)', () => {
  const body = '{"type":"invoice.paid"}';
  /** Signed by the reference library, as a Standard Webhooks sender signs. */
  const signed = (id: string, seconds = Math.floor(Date.now() / 1000), secret = STANDARD_SECRET) => ({
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), body),
  });

  it('accepts a delivery signed by the reference library and replays its signed webhook-id', async () => {
    const first = await post(svc.base, '/webhook/standard/handleEvent', body, signed('msg_1'));
    expect(first.body).toEqual({
      success: true,
      data: { type: 'invoice.paid', runs: 1, sawSignature: false },
    });
    const again = await post(svc.base, '/webhook/standard/handleEvent', body, signed('msg_1'));
    expect([again.text, again.headers.get('webhook-replayed')]).toEqual([first.text, 'true']);
  });

  it('answers 401 to another secret, another id and an old timestamp', async () => {
    const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const forged = await post(
      svc.base,
      '/webhook/standard/handleEvent',
      body,
      signed('msg_2', undefined, other),
    );
    expect([forged.status, forged.body]).toEqual([401, { error: 'invalid webhook signature' }]);
    const moved = { ...signed('msg_3'), 'webhook-id': 'msg_4' };
    expect((await post(svc.base, '/webhook/standard/handleEvent', body, moved)).status).toBe(401);
    const old = await post(svc.base, '/webhook/standard/handleEvent', body, signed('msg_5', 1614265330));
    expect(old.body).toEqual({ error: 'webhook signature timestamp outside the tolerance window' });
  });
});
