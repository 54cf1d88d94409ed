import { describe, expect, it } from 'vitest';
import { type Answer, ReplayStore } from './replay.js';

const ok = (body: string): Answer => ({ status: 200, body });

describe('ReplayStore', () => {
  it('returns the first answer within the window and runs again after it', async () => {
    let now = 1000;
    const store = new ReplayStore(100, 10, () => now);
    let runs = 0;
    const run = async () => ok(String(++runs));
    expect(await store.run('k', run)).toEqual({ answer: ok('1'), replayed: false });
    now = 1099;
    expect(await store.run('k', run)).toEqual({ answer: ok('1'), replayed: true });
    now = 1100;
    expect(await store.run('k', run)).toEqual({ answer: ok('2'), replayed: false });
  });

  it('shares a pending answer with duplicates and forgets failures', async () => {
    const store = new ReplayStore(1000, 10);
    let finish: (a: Answer) => void = () => {};
    const first = store.run('k', () => new Promise<Answer>((r) => (finish = r)));
    const dup = store.run('k', async () => ok('never'));
    finish({ status: 500, body: 'failed' });
    expect((await first).answer.status).toBe(500);
    expect(await dup).toEqual({ answer: { status: 500, body: 'failed' }, replayed: true });
    expect(store.size).toBe(0);
    expect((await store.run('k', async () => ok('retried'))).answer.body).toBe('retried');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const store = new ReplayStore(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await store.run(key, async () => ok(key));
    expect(store.size).toBe(3);
    expect((await store.run('a', async () => ok('again'))).replayed).toBe(false);
    expect((await store.run('d', async () => ok('again'))).replayed).toBe(true);
  });
});
