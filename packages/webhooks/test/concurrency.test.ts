/**
 * Calls of one module run concurrently up to its bound, then queue, then get 503. The bound is the
 * same for both runners; these modules run in process (`isolation: "none"`) so that the test can
 * reach their instances (each puts itself on globalThis) to open their gates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../src/index.js';
import { eventually, post, startService, type TestService } from './support/helpers.js';

const GATED_JS = `
export default class Gated {
  static webhookConfig = { concurrency: 2, queueLimit: 1 };
  running = 0;
  peak = 0;
  #open = () => {};
  #gate = new Promise((r) => { this.#open = r; });
  constructor() { globalThis.gatedModule = this; }
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

const instanceOf = <T>(name: string) => (globalThis as Record<string, unknown>)[name] as T;

const STUCK_TS = `
export default class Stuck {
  static webhookConfig = { concurrency: 1, queueLimit: 0 };
  #open = () => {};
  #gate = new Promise<void>((r) => { this.#open = r; });
  constructor() { (globalThis as Record<string, unknown>).stuckModule = this; }
  /** @timeout 20 */
  async handleStuck() { await this.#gate; return 'late'; }
  handleQuick() { return 'quick'; }
  release() { this.#open(); }
}
`;

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ 'gated.js': GATED_JS, 'stuck.ts': STUCK_TS }, { isolation: 'none' });
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
    const instance = instanceOf<Gated>('gatedModule');
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
    expect(svc.lines).toContain(
      '[INFO] webhooks: refused POST /webhook/gated/handleWait from 127.0.0.1: 503 ERR_BUSY (module gated, route handleWait)',
    );
    instance.release();
    const answers = await Promise.all([...running, queued]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(instance.peak).toBe(2);
    expect(module.semaphore.active).toBe(0);
  });
});

describe('timed-out handlers', () => {
  it('keep their slot until they really end, so the bound holds', async () => {
    const found = svc.app.webhooks.resolve('stuck', 'handleStuck');
    if (!found.found) throw new Error('stuck.handleStuck is not loaded');
    const timedOut = await post(svc.base, '/webhook/stuck/handleStuck');
    expect(timedOut.status).toBe(504);
    expect(found.module.semaphore.active).toBe(1);
    expect((await post(svc.base, '/webhook/stuck/handleQuick')).status).toBe(503);
    instanceOf<{ release(): void }>('stuckModule').release();
    await eventually(async () => found.module.semaphore.active === 0, 'the slot to come back');
    expect((await post(svc.base, '/webhook/stuck/handleQuick')).body).toEqual({
      success: true,
      data: 'quick',
    });
  });
});
