/**
 * Webhook replay records in the shared state store: two `gatehouse serve` processes on two ports
 * sharing one PostgreSQL, as two instances behind a load balancer. A GitHub delivery handled by A and
 * redelivered to B gets A's answer from B, and the handler does not run again.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServe } from './support/cli.js';
import { useTestSchemas } from './support/pg-schema.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const schema = useTestSchemas();

const SECRET = 'two-instances-gh-secret';
const MODULE = `
/** @signature github env:TWO_GH_SECRET */
export default class {
  runs = 0;
  // Which worker ran it (every sandboxed worker is PID 1 of its own namespace: no pid tells them apart).
  worker = crypto.randomUUID();
  handlePush(p: { ref: string }) {
    this.runs++;
    return { ref: p.ref, worker: this.worker, runs: this.runs };
  }
}
`;

async function instance(url: string) {
  const cwd = tempDir();
  mkdirSync(join(cwd, 'hooks'));
  writeFileSync(join(cwd, 'hooks', 'github.ts'), MODULE);
  writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ webhooks: { modulesDir: 'hooks' } }));
  return serve(cwd, [], { GATEHOUSE_STATE_DATABASE: url, TWO_GH_SECRET: SECRET });
}

function deliver(base: string, body: string, delivery: string) {
  return fetch(`${base}/webhook/github/handlePush`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      'x-github-delivery': delivery,
    },
    body,
  });
}

describe('two instances on one PostgreSQL', () => {
  it('answer a delivery replayed on B after A with A’s answer, without running it again', {
    timeout: 120_000,
  }, async () => {
    const { url } = await schema();
    const a = await instance(url);
    const b = await instance(url);
    const body = '{"ref":"refs/heads/main"}';
    const first = await deliver(a.url, body, 'delivery-1');
    const firstText = await first.text();
    expect(first.status).toBe(200);
    const replayed = await deliver(b.url, body, 'delivery-1');
    expect(replayed.headers.get('webhook-replayed')).toBe('true');
    expect(await replayed.text()).toBe(firstText);
    // A new delivery on B runs there: B's worker, its first run.
    const fresh = await deliver(b.url, body, 'delivery-2');
    const data = ((await fresh.json()) as { data: { worker: string; runs: number } }).data;
    expect(data.runs).toBe(1);
    expect(data.worker).not.toBe((JSON.parse(firstText) as { data: { worker: string } }).data.worker);
  });
});
