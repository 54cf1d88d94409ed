import { AuthError } from '@gatehouse/auth';
import { describe, expect, it } from 'vitest';
import { WorkLimit } from './work-limit.js';

describe('WorkLimit', () => {
  it('runs at most `concurrency` jobs, queues a few more and refuses the rest with 503 Retry-After', async () => {
    const limit = new WorkLimit(2, 1);
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const job = () =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return 'done';
      });
    const accepted = [job(), job(), job()];
    const refused = await job().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).code).toBe('ERR_LOGIN_BUSY');
    expect((refused as AuthError).retryAfterSeconds).toBe(1);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
  });
});
