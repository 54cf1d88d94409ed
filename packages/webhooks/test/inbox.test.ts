/** The route list with files, schemes and limits, and the optional delivery inbox (bounded, redacted, cut). */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const SECRET = 'inbox-gh-secret';
const MODULE = `
/** @signature github env:INBOX_GH_SECRET */
export default class {
  static webhookConfig = { concurrency: 3, queueLimit: 5 };
  handlePush(p) { return { ref: p.ref }; }
  /**
   * @signature none
   * @timeout 1500
   * @raw
   */
  handleOpen() { return 'open'; }
}
`;
const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let svc: TestService;
beforeAll(async () => {
  process.env.INBOX_GH_SECRET = SECRET;
  svc = await startService(
    { 'github.ts': MODULE, 'other.js': 'export default { handleX() { return 1; } };' },
    {
      inbox: { perModule: 2, bodyBytes: 12 },
      secret: 'shared-inbox-secret',
    },
  );
});
afterAll(() => svc.close());

describe('list()', () => {
  it('gives each route its module file, method, path, scheme and limits', () => {
    const rows = svc.app.webhooks.list().filter((r) => r.module === 'github');
    expect(rows).toEqual([
      {
        module: 'github',
        file: path.join(svc.dir, 'github.ts'),
        path: 'handlePush',
        method: 'handlePush',
        signature: 'github',
        raw: false,
        timeoutMs: 30000,
        concurrency: 3,
        queueLimit: 5,
        isolation: 'sandbox',
      },
      expect.objectContaining({ path: 'handleOpen', signature: 'none', raw: true, timeoutMs: 1500 }),
    ]);
  });
});

describe('the delivery inbox', () => {
  it('keeps recent deliveries per module, newest first, redacted and cut', async () => {
    const body = '{"ref":"refs/heads/main"}';
    await post(svc.base, '/webhook/github/handlePush?attempt=1', body, {
      'X-Hub-Signature-256': sign(body, 'forged'),
      Authorization: 'Bearer abc',
    });
    await post(svc.base, '/webhook/github/handlePush', body, { 'X-Hub-Signature-256': sign(body) });
    await post(svc.base, '/webhook/other/handleX', '{}', { 'X-Webhook-Secret': 'shared-inbox-secret' });
    const github = await svc.app.webhooks.inbox!.list('github');
    expect(github.map((d) => [d.route, d.status, d.query])).toEqual([
      ['handlePush', 200, ''],
      ['handlePush', 401, 'attempt=1'],
    ]);
    const [ok, refused] = github;
    expect(ok!.headers['x-hub-signature-256']).toBe('[redacted]');
    expect(refused!.headers.authorization).toBe('[redacted]');
    expect([ok!.body, ok!.bodySize, ok!.bodyCut]).toEqual(['{"ref":"refs', body.length, true]);
    expect(ok!.durationMs).toBeGreaterThanOrEqual(0);
    const other = await svc.app.webhooks.inbox!.list('other');
    expect(other[0]!.headers['x-webhook-secret']).toBe('[redacted]');
    expect(await svc.app.webhooks.inbox!.list()).toHaveLength(3);
    // Bounded per module: a third delivery to github drops the oldest.
    await post(svc.base, '/webhook/github/handlePush', body, { 'X-Hub-Signature-256': sign(body) });
    expect((await svc.app.webhooks.inbox!.list('github')).map((d) => d.status)).toEqual([200, 200]);
    expect(JSON.stringify(await svc.app.webhooks.inbox!.list())).not.toContain('shared-inbox-secret');
  });
});
