/** Calls of one module run concurrently up to its bound, then queue, then get 503. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../src/index.js';
import { eventually, post, startService, type TestService } from './helpers.js';

const GATED_JS = `
export default class Gated {
  static webhookConfig = { concurrency: 2, queueLimit: 1 };
  running = 0;
  peak = 0;
  #open = () => {};
  #gate = new Promise((r) => { this.#open = r; });
  async handleWait() {
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    await this.#gate;
    this.running--;
    return 'done';
  }
  release() { this.#open(); }
}
`;

interface Gated {
  running: number;
  peak: number;
  release(): void;
}

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ 'gated.js': GATED_JS });
});
afterAll(() => svc.close());

function gated(): ModuleEntry {
  const found = svc.app.webhooks.resolve('gated', 'handleWait');
  if (!found.found) throw new Error('gated.handleWait is not loaded');
  return found.module;
}

describe('per-module concurrency', () => {
  it('runs 2 at once, queues 1 and refuses the rest with 503 + Retry-After', async () => {
    const module = gated();
    const instance = module.instance as Gated;
    const running = [
      post(svc.base, '/webhook/gated/handleWait'),
      post(svc.base, '/webhook/gated/handleWait'),
    ];
    await eventually(async () => instance.running === 2, 'two running calls');
    const queued = post(svc.base, '/webhook/gated/handleWait');
    await eventually(async () => module.semaphore.waiting === 1, 'one queued call');
    const refused = await post(svc.base, '/webhook/gated/handleWait');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ error: 'webhook module busy, retry later' });
    instance.release();
    const answers = await Promise.all([...running, queued]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(instance.peak).toBe(2);
    expect(module.semaphore.active).toBe(0);
  });
});
