/** The shipped example modules load and answer as their comments say. */
import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooksPlugin } from '../src/index.js';
import { post } from './support/helpers.js';

const examples = fileURLToPath(new URL('../../../examples/webhooks', import.meta.url));
let app: FastifyInstance;
let base: string;
// The default cache folder, inside the examples folder: slack.ts imports @gatehouse/webhooks, which
// resolves from there as it does for the service.
const cacheDir = path.join(examples, '.webhooks-cache');

beforeAll(async () => {
  process.env.GITHUB_WEBHOOK_SECRET = 'example-secret';
  process.env.SLACK_SIGNING_SECRET = 'example-slack-secret';
  app = Fastify();
  await app.register(webhooksPlugin, {
    modulesDir: examples,
    watch: false,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('examples/webhooks', () => {
  it('hello answers at its prefix name and at its two-segment path', async () => {
    expect((await post(base, '/webhook/hello/handleHello', { name: 'Ada' })).body).toEqual({
      success: true,
      data: { greeting: 'Hello, Ada!' },
    });
    expect((await post(base, '/webhook/hello/greet/formal?title=Prof.', { name: 'Ada' })).body).toEqual({
      success: true,
      data: { greeting: 'Good day, Prof. Ada.' },
    });
  });

  it('github verifies the signature and answers a push', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'o/r' }, commits: [{}] });
    const signature = `sha256=${createHmac('sha256', 'example-secret').update(body).digest('hex')}`;
    const res = await post(base, '/webhook/github/push', body, {
      'X-Hub-Signature-256': signature,
      'X-GitHub-Event': 'push',
      'X-GitHub-Delivery': 'example-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { received: 'push', repo: 'o/r', commits: 1 } });
    expect((await post(base, '/webhook/github/push', body)).status).toBe(401);
    expect(
      (await post(base, '/webhook/github/summary', body, { 'X-Hub-Signature-256': signature })).status,
    ).toBe(404);
  });

  it('slack answers url_verification with the raw challenge and takes signed events', async () => {
    const signed = (body: string) => {
      const ts = Math.floor(Date.now() / 1000);
      const mac = createHmac('sha256', 'example-slack-secret').update(`v0:${ts}:${body}`).digest('hex');
      return { 'X-Slack-Request-Timestamp': String(ts), 'X-Slack-Signature': `v0=${mac}` };
    };
    const verification = JSON.stringify({
      type: 'url_verification',
      token: 't',
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
    });
    const res = await post(base, '/webhook/slack/events', verification, signed(verification));
    expect([res.status, res.headers.get('content-type'), res.text]).toEqual([
      200,
      'text/plain',
      '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
    ]);
    expect((await post(base, '/webhook/slack/events', verification)).status).toBe(401);
    const event = JSON.stringify({ type: 'event_callback', event_id: 'Ev1', event: { type: 'app_mention' } });
    expect((await post(base, '/webhook/slack/events', event, signed(event))).body).toEqual({
      success: true,
      data: { received: 'app_mention' },
    });
  });
});
