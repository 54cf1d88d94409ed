import { describe, expect, it } from 'vitest';
import { type Release, Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('grants up to the limit, queues up to the queue limit in order, then refuses', async () => {
    const sem = new Semaphore(2, 1);
    const a = sem.acquire() as Release;
    const b = sem.acquire() as Release;
    expect(typeof a).toBe('function');
    const queued = sem.acquire() as Promise<Release>;
    expect(queued).toBeInstanceOf(Promise);
    expect(sem.acquire()).toBeUndefined();
    a();
    a(); // a second call of the same release is ignored
    const c = await queued;
    expect(sem.active).toBe(2);
    b();
    c();
    expect(sem.active).toBe(0);
    expect(sem.waiting).toBe(0);
  });
});
