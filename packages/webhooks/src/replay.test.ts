import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from './memory-state-store.js';
import { type Answer, ReplayStore } from './replay.js';

const ok = (body: string): Answer => ({ status: 200, body });

describe('ReplayStore', () => {
  it('returns the first answer within the window and runs again after it', async () => {
    let now = 1000;
    const replay = new ReplayStore(new MemoryStateStore(10, () => now), 100);
    let runs = 0;
    const run = async () => ok(String(++runs));
    expect(await replay.run('k', run, 50)).toEqual({ kind: 'ran', answer: ok('1') });
    now = 1099;
    expect(await replay.run('k', run, 50)).toEqual({ kind: 'replayed', answer: ok('1') });
    now = 1100;
    expect(await replay.run('k', run, 50)).toEqual({ kind: 'ran', answer: ok('2') });
  });

  it('shares a pending answer with local duplicates and forgets failures', async () => {
    const store = new MemoryStateStore(10);
    const replay = new ReplayStore(store, 1000);
    let finish: (a: Answer) => void = () => {};
    const first = replay.run('k', () => new Promise<Answer>((r) => (finish = r)), 1000);
    await new Promise((r) => setImmediate(r));
    const dup = replay.run('k', async () => ok('never'), 1000);
    finish({ status: 500, body: 'failed' });
    expect(await first).toEqual({ kind: 'ran', answer: { status: 500, body: 'failed' } });
    expect(await dup).toEqual({ kind: 'replayed', answer: { status: 500, body: 'failed' } });
    expect(store.size).toBe(0);
    expect(await replay.run('k', async () => ok('retried'), 1000)).toEqual({
      kind: 'ran',
      answer: ok('retried'),
    });
  });

  it('sees what another instance on the same store answered, and waits for what it runs', async () => {
    const store = new MemoryStateStore(10);
    const a = new ReplayStore(store, 60_000);
    const b = new ReplayStore(store, 60_000);
    await a.run('done', async () => ok('from a'), 1000);
    expect(await b.run('done', async () => ok('from b'), 1000)).toEqual({
      kind: 'replayed',
      answer: ok('from a'),
    });
    let finish: (a: Answer) => void = () => {};
    const running = a.run('slow', () => new Promise<Answer>((r) => (finish = r)), 1000);
    await new Promise((r) => setImmediate(r));
    const waiting = b.run('slow', async () => ok('never'), 1000);
    setTimeout(() => finish(ok('slow from a')), 20);
    expect(await waiting).toEqual({ kind: 'replayed', answer: ok('slow from a') });
    expect((await running).kind).toBe('ran');
    const stuck = a.run('stuck', () => new Promise<Answer>(() => {}), 1000);
    await new Promise((r) => setImmediate(r));
    expect(await b.run('stuck', async () => ok('never'), 60)).toEqual({ kind: 'in-progress' });
    void stuck;
  });

  it('refuses when the store fails, never running unprotected', async () => {
    const broken = new MemoryStateStore(10);
    broken.setIfAbsent = async () => {
      throw new Error('database down');
    };
    let ran = false;
    const run = async () => {
      ran = true;
      return ok('x');
    };
    const outcome = await new ReplayStore(broken, 1000).run('k', run, 100);
    expect(outcome.kind).toBe('store-failed');
    expect(ran).toBe(false);
  });

  it('keeps at most maxEntries in memory, dropping the oldest', async () => {
    const replay = new ReplayStore(new MemoryStateStore(3), 60_000);
    for (const key of ['a', 'b', 'c', 'd']) await replay.run(key, async () => ok(key), 100);
    expect((await replay.run('a', async () => ok('again'), 100)).kind).toBe('ran');
    expect((await replay.run('d', async () => ok('again'), 100)).kind).toBe('replayed');
  });
});
