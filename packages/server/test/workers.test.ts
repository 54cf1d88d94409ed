/**
 * `server.workers`: `gatehouse serve` as two processes on one port (real processes, the state in
 * the primary over IPC): a session ended through one process is refused by the other at once,
 * though both had it in their token caches; the login throttle counts the attempts made on both;
 * the start-up summary names the workers. The kernel spreads connections over the processes
 * (SO_REUSEPORT); a test keeps one connection to each, told apart by the request ids, whose prefix
 * is per process.
 */
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
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
  readonly process: string;
}

interface Init {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

function ask(url: string, path: string, agent: Agent, init: Init = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const options = { method: init.method ?? 'GET', headers: init.headers, agent };
    const call = request(`${url}${path}`, options, (response) => {
      response.resume();
      const id = String(response.headers['x-request-id'] ?? '');
      response.once('end', () => resolve({ status: response.statusCode ?? 0, process: id.slice(0, 24) }));
    });
    call.once('error', reject);
    call.end(init.body);
  });
}

/** A kept-alive connection to each of the two processes. */
async function connections(url: string): Promise<[Agent, Agent]> {
  const found = new Map<string, Agent>();
  for (let attempt = 0; attempt < 40 && found.size < 2; attempt++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const { process } = await ask(url, '/ping', agent);
    if (!found.has(process)) found.set(process, agent);
  }
  if (found.size < 2) throw new Error('every connection reached the same process');
  return [...found.values()] as [Agent, Agent];
}

/** A service of two processes, once the second listens too (the first is ready before). */
async function twoWorkers() {
  const service = await serve(tempDir(), [], { GATEHOUSE_WORKERS: '2' });
  for (let waited = 0; !service.log().includes('workers: 2 of 2 processes listening'); waited += 100) {
    if (waited > 60_000) throw new Error(`the second process did not listen:\n${service.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...service, password: firstCredentialPassword(service.log()) };
}

describe('server.workers', () => {
  it('a logout answered by one process is refused by the other at once', SLOW, async () => {
    const { url, password, log } = await twoWorkers();
    expect(log()).toContain('workers: 2 processes (server.workers)');
    const [a, b] = await connections(url);
    const { jwt } = await logIn(url, 'admin', password);
    const headers = { 'x-jwt': jwt };
    // Both processes verify the token and keep it in their caches.
    expect((await ask(url, '/auth/user', a, { headers })).status).toBe(200);
    expect((await ask(url, '/auth/user', b, { headers })).status).toBe(200);
    expect((await ask(url, '/auth/logout', a, { method: 'POST', headers })).status).toBeLessThan(300);
    expect((await ask(url, '/auth/user', b, { headers })).status).toBe(401);
    expect((await ask(url, '/auth/user', a, { headers })).status).toBe(401);
  });

  it('the login throttle counts the failed attempts made on every process', SLOW, async () => {
    const { url } = await twoWorkers();
    const [a, b] = await connections(url);
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', passwd: 'not the password' }),
    };
    // Five free failures per account: three on each process make six, and the next is refused.
    const statuses: number[] = [];
    for (const agent of [a, b, a, b, a, b, a])
      statuses.push((await ask(url, '/auth/local/login', agent, init)).status);
    expect(statuses.slice(0, 6)).not.toContain(429);
    expect(statuses[6]).toBe(429);
  });
});
