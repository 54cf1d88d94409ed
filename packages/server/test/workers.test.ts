/**
 * `server.workers`: `gatehouse serve` with two worker processes on one port (real processes, the
 * state in the primary over IPC): a session ended through one worker is refused by the other at
 * once, though both had it in their token caches; the login throttle counts the attempts made on
 * both; the start-up summary names the workers. Each request goes on a new connection, which the
 * primary hands to the workers in turn; the worker that answered is told by its request ids, whose
 * prefix is per process.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { logIn } from './support/app.js';
import { firstCredentialPassword, useServe } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
/** Two worker starts on a shared machine. */
const SLOW = { timeout: 120_000 };

interface Answer {
  readonly status: number;
  /** The answering process: the per-process prefix of its request id. */
  readonly worker: string;
}

/** One request on a connection of its own. */
function ask(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const call = request(
      `${url}${path}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (response) => {
        response.resume();
        const id = String(response.headers['x-request-id'] ?? '');
        response.once('end', () => resolve({ status: response.statusCode ?? 0, worker: id.slice(0, 24) }));
      },
    );
    call.once('error', reject);
    call.end(init.body);
  });
}

/** Asks until the answer comes from a worker `wanted` accepts (the primary alternates them). */
async function askWorker(url: string, path: string, wanted: (worker: string) => boolean, init = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await ask(url, path, init);
    if (wanted(answer.worker)) return answer;
  }
  throw new Error('no answer from the wanted worker');
}

async function twoWorkers() {
  const service = await serve(tempDir(), [], { GATEHOUSE_WORKERS: '2' });
  return { ...service, password: firstCredentialPassword(service.log()) };
}

describe('server.workers', () => {
  it('a logout answered by one worker is refused by the other at once', SLOW, async () => {
    const { url, password, log } = await twoWorkers();
    expect(log()).toContain('workers: 2 processes (server.workers)');
    const { jwt } = await logIn(url, 'admin', password);
    const headers = { 'x-jwt': jwt };
    // Both workers verify the token and keep it in their caches.
    const first = await ask(url, '/auth/user', { headers });
    const second = await askWorker(url, '/auth/user', (worker) => worker !== first.worker, { headers });
    expect([first.status, second.status]).toEqual([200, 200]);
    const logout = await askWorker(url, '/auth/logout', (worker) => worker === first.worker, {
      method: 'POST',
      headers,
    });
    expect(logout.status).toBeLessThan(300);
    const other = await askWorker(url, '/auth/user', (worker) => worker === second.worker, { headers });
    expect(other.status).toBe(401);
    expect(
      (await askWorker(url, '/auth/user', (worker) => worker === first.worker, { headers })).status,
    ).toBe(401);
  });

  it('the login throttle counts the failed attempts made on every worker', SLOW, async () => {
    const { url } = await twoWorkers();
    const failures = new Map<string, number>();
    let throttled = false;
    for (let attempt = 0; attempt < 12 && !throttled; attempt++) {
      const answer = await ask(url, '/auth/local/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'admin', passwd: 'not the password' }),
      });
      throttled = answer.status === 429;
      if (!throttled) failures.set(answer.worker, (failures.get(answer.worker) ?? 0) + 1);
    }
    expect(throttled).toBe(true);
    // Five free failures per account: no worker saw that many on its own.
    expect(failures.size).toBe(2);
    expect(Math.max(...failures.values())).toBeLessThanOrEqual(5);
  });
});
