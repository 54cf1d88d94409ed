/**
 * The service outlives its database: a real `gatehouse serve` on a PostgreSQL cluster of the
 * test's own, under a steady load of commands (not waited), while the cluster is stopped, started,
 * killed (SIGKILL of the postmaster) and started again. The process never exits; meanwhile
 * commands answer 503 with Retry-After (not acknowledged), `/ready` 503 naming the stores, `/ping`
 * 200; it recovers by itself, logs each outage once when it begins and once when it ends, and
 * every acknowledged command is applied exactly once. On SQLite, a database file another process
 * holds locked answers commands with a 503 that says so, and the service carries on once it is free.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openStore } from '@gatehouse/resources';
import { describe, expect, it } from 'vitest';
import { type ServingProcess, useServe } from './support/cli.js';
import { sendFacts } from './support/facts-command.js';
import { useOwnPostgres } from './support/own-postgres.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const ownPostgres = useOwnPostgres();
/** initdb, a service start, two outages and a drain on a shared machine. */
const SLOW = { timeout: 300_000 };

/** A client that keeps sending fact sets, one at a time, and remembers what each answer was. */
class Load {
  readonly acknowledged: string[] = [];
  readonly refused: { status: number; retryAfter: string | null; code: string }[] = [];
  readonly unexpected: string[] = [];
  #running = true;
  readonly #done: Promise<void>;

  constructor(service: ServingProcess) {
    this.#done = this.#run(service);
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#done;
  }

  async #run(service: ServingProcess): Promise<void> {
    for (let n = 0; this.#running; n += 1) {
      const certname = `load${n}.example.com`;
      const body = JSON.stringify({
        certname,
        environment: 'production',
        values: { n },
        producer_timestamp: new Date().toISOString(),
        producer: 'puppet.example.com',
      });
      try {
        const res = await fetch(
          `${service.url}/pdb/cmd/v1?command=replace_facts&version=5&certname=${certname}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          },
        );
        const answer = (await res.json()) as { uuid?: string; code?: string };
        if (res.status === 200) this.acknowledged.push(answer.uuid!);
        else if (res.status === 503)
          this.refused.push({
            status: 503,
            retryAfter: res.headers.get('retry-after'),
            code: answer.code ?? '',
          });
        else this.unexpected.push(`${res.status} ${JSON.stringify(answer)}`);
      } catch (error) {
        this.unexpected.push(String(error));
      }
      await sleep(20);
    }
  }
}

async function readiness(service: ServingProcess) {
  const res = await fetch(`${service.url}/ready`);
  return {
    status: res.status,
    body: (await res.json()) as { checks: Record<string, { ok: boolean; detail: string }> },
  };
}

/**
 * Waits (up to 60 s) until `/ready` answers `status` and, for 503, every store check failed: right
 * after a SIGKILL of the postmaster, a backend not yet gone may still answer one pool's statement.
 */
async function readyIs(service: ServingProcess, status: number) {
  for (let i = 0; i < 300; i += 1) {
    const ready = await readiness(service);
    const stores = [ready.body.checks.state, ready.body.checks['resources.store']];
    if (ready.status === status && (status === 200 || stores.every((check) => !check?.ok))) return ready;
    await sleep(200);
  }
  throw new Error(`/ready never answered ${status}`);
}

/** While the database is away: commands refused with Retry-After, /ready 503 naming it, /ping 200. */
async function expectOutageAnswers(service: ServingProcess, load: Load) {
  const ready = await readyIs(service, 503);
  expect(ready.body.checks['resources.store']).toEqual({
    ok: false,
    detail: 'PostgreSQL database unavailable',
  });
  expect(ready.body.checks.state).toEqual({ ok: false, detail: 'PostgreSQL database unavailable' });
  const ping = await fetch(`${service.url}/ping`);
  expect([ping.status, await ping.text()]).toEqual([200, 'pong']);
  const refusedBefore = load.refused.length;
  for (let i = 0; i < 100 && load.refused.length === refusedBefore; i += 1) await sleep(50);
  expect(load.refused.at(-1)).toEqual({ status: 503, retryAfter: '5', code: 'ERR_CMD_STORE_UNAVAILABLE' });
}

async function queueOf(url: string) {
  const store = await openStore(url, { readWorkers: 0 });
  try {
    const rows = await store.all('SELECT uuid, state FROM command_queue');
    const dead = await store.all('SELECT uuid FROM command_dead_letters');
    return { rows: rows as { uuid: string; state: string }[], dead };
  } finally {
    await store.close();
  }
}

describe('a database that goes away and comes back', () => {
  it(
    'is outlived: 503 meanwhile, recovery by itself, every acknowledged command applied once',
    SLOW,
    async () => {
      const database = await ownPostgres();
      // One process: each worker of server.workers would log the outage once of its own.
      const service = await serve(tempDir(), [], {
        GATEHOUSE_RESOURCES_DATABASE: database.url,
        GATEHOUSE_WORKERS: '1',
      });
      const load = new Load(service);
      await sleep(1000);

      await database.stop();
      await expectOutageAnswers(service, load);
      await database.start();
      await readyIs(service, 200);
      const afterStop = load.acknowledged.length;
      for (let i = 0; i < 100 && load.acknowledged.length === afterStop; i += 1) await sleep(50);
      expect(load.acknowledged.length).toBeGreaterThan(afterStop);

      database.kill();
      await expectOutageAnswers(service, load);
      await database.start();
      await readyIs(service, 200);
      await sleep(1000);
      await load.stop();

      expect(service.child.exitCode).toBeNull();
      expect(load.unexpected).toEqual([]);
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await queueOf(database.url);
        if (rows.every((row) => row.state === 'done')) break;
        await sleep(200);
      }
      const { rows, dead } = await queueOf(database.url);
      expect(dead).toEqual([]);
      const applied = new Map(rows.map((row) => [row.uuid, row.state]));
      expect(rows.filter((row) => row.state !== 'done')).toEqual([]);
      for (const uuid of load.acknowledged) expect(applied.get(uuid)).toBe('done');
      expect(new Set(rows.map((row) => row.uuid)).size).toBe(rows.length);
      const log = service.log();
      expect(log.match(/database postgres:\/\/127\.0\.0\.1:\d+\/gatehouse unavailable/g)).toHaveLength(2);
      expect(log.match(/database postgres:\/\/127\.0\.0\.1:\d+\/gatehouse reachable again/g)).toHaveLength(2);
      expect(log).not.toMatch(/uncaught|Connection terminated unexpectedly/);
    },
  );
});

describe('an SQLite database file locked by another process', () => {
  it('answers commands 503 naming the lock, and carries on once it is free', SLOW, async () => {
    const cwd = tempDir();
    const service = await serve(cwd);
    const file = join(cwd, '.data', 'gatehouse', 'resources.db');
    // sqlite3 holds an exclusive transaction open until its input ends.
    const holder = spawn('sqlite3', [file], { stdio: ['pipe', 'ignore', 'ignore'] });
    holder.stdin.write('BEGIN EXCLUSIVE;\nSELECT 1;\n');
    await sleep(500);
    const refused = await sendFacts(service, 'locked.example.com');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({
      code: 'ERR_CMD_STORE_UNAVAILABLE',
      error: expect.stringMatching(/the SQLite database is locked by another process/),
    });
    expect((await fetch(`${service.url}/ping`)).status).toBe(200);
    holder.stdin.end('ROLLBACK;\n');
    await new Promise((resolve) => holder.once('exit', resolve));
    const applied = await sendFacts(service, 'free.example.com', '&secondsToWaitForCompletion=30');
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ processed: true });
    expect(service.child.exitCode).toBeNull();
  });
});
