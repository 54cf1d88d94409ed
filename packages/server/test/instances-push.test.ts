/**
 * Push between real `gatehouse serve` processes on one PostgreSQL (state, resources and a shared
 * credentials file), with auth's default revocation check of 10 s, so only the push can be quick:
 * a logout on one of three instances is refused by the two others that had just verified the
 * session (the time it took is measured against a generous bound); a command waited on at one
 * instance answers when another applied it (the test holds the node's lock until every way the
 * first instance has to apply it is taken, so only the other can); a listener connection ended
 * by the database (pg_terminate_backend) is logged, polled around and re-established by itself;
 * the webhook delivery inbox reads the same from every instance.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaults } from '@gatehouse/resources';
import { describe, expect, it } from 'vitest';
import { firstPassword, type ServingProcess, useServe } from './support/cli.js';
import { sendFacts } from './support/facts-command.js';
import { holdNode } from './support/held-node.js';
import { type TestSchema, useTestSchemas } from './support/pg-schema.js';
import { useTempDirs } from './support/temp.js';

const serve = useServe();
const tempDir = useTempDirs();
const schema = useTestSchemas();
/** Several service starts on a shared machine. */
const SLOW = { timeout: 180_000 };
/** Far below auth's default revocation check (10 s), far above the push's few milliseconds. */
const REFUSED_WITHIN_MS = 1000;
const HELLO = "export default class { handleHello(p: { name: string }) { return 'hi ' + p.name; } }";

interface Cluster {
  readonly db: TestSchema;
  readonly instances: ServingProcess[];
  /** Starts one more instance on the same schema, secret and credentials file (added to `instances`). */
  addInstance(): Promise<ServingProcess>;
}

/**
 * `count` instances on one schema, one secret and one credentials file, started one after another;
 * `webhooks` replaces the webhooks section of instance `i`'s config.
 */
async function cluster(count: number, webhooks?: (i: number) => Record<string, unknown>): Promise<Cluster> {
  const db = await schema();
  const shared = tempDir();
  const env = {
    GATEHOUSE_SECRET: randomBytes(32).toString('base64url'),
    GATEHOUSE_RESOURCES_DATABASE: db.url,
  };
  const config = {
    // One process per instance: the test tells instances apart by process id and listener count.
    server: { workers: 1 },
    auth: { direct: { credentialsFile: join(shared, 'users.passwd') } },
    webhooks: { modulesDir: 'hooks', isolation: 'none', inbox: { deliveries: 20 } },
  };
  const instances: ServingProcess[] = [];
  const addInstance = async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'hooks'));
    writeFileSync(join(cwd, 'hooks', 'hello.ts'), HELLO);
    const own = webhooks ? { ...config, webhooks: webhooks(instances.length) } : config;
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(own));
    const instance = await serve(cwd, [], env);
    instances.push(instance);
    return instance;
  };
  for (let i = 0; i < count; i += 1) await addInstance();
  return { db, instances, addInstance };
}

async function login(at: ServingProcess, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${at.url}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin', passwd: password }),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
}

const userStatus = async (at: ServingProcess, session: Record<string, string>) =>
  (await fetch(`${at.url}/auth/user`, { headers: session })).status;

/** Milliseconds from now until `at` refuses `session`, trying every few milliseconds for 15 s. */
async function refusedAfter(at: ServingProcess, session: Record<string, string>, since: number) {
  while (performance.now() - since < 15_000) {
    if ((await userStatus(at, session)) === 401) return performance.now() - since;
    await sleep(5);
  }
  return Number.POSITIVE_INFINITY;
}

/** Logs out on `from` and measures how long each of `others` took to refuse the session. */
async function logoutSeenBy(from: ServingProcess, others: ServingProcess[], password: string) {
  const session = await login(from, password);
  // Each of the others verifies (and caches) the session: only a push makes it ask again soon.
  for (const at of others) expect(await userStatus(at, session)).toBe(200);
  expect((await fetch(`${from.url}/auth/logout`, { headers: session })).status).toBe(200);
  const since = performance.now();
  return Promise.all(others.map((at) => refusedAfter(at, session, since)));
}

/** The node whose lock the waited-command test holds. */
const NODE = 'held.example.com';
/** Waited commands an instance applies as it stores them at once: the PostgreSQL default (no setting). */
const WAITED_SLOTS = defaults.commandConcurrency.postgres;

const waitedCommand = (at: ServingProcess, certname: string) =>
  sendFacts(at, certname, '&secondsToWaitForCompletion=30');

/** A waited command awaited later: a failed check before then kills the services under it unheard. */
function pendingWaitedCommand(at: ServingProcess, certname: string): Promise<Response> {
  const request = waitedCommand(at, certname);
  request.catch(() => undefined);
  return request;
}

/** The lines of `at`'s log matching `pattern`, waiting up to 10 s for at least one. */
async function logLines(at: ServingProcess, pattern: RegExp): Promise<string[]> {
  for (let i = 0; i < 100; i += 1) {
    const lines = at.lines(pattern);
    if (lines.length > 0) return lines;
    await sleep(100);
  }
  return [];
}

describe('instances on one PostgreSQL push what they decide', () => {
  it('a logout on one of three instances is refused by the two others at once', SLOW, async () => {
    const { instances } = await cluster(3);
    const [a, b, c] = instances as [ServingProcess, ServingProcess, ServingProcess];
    for (const at of instances) expect(at.log()).toMatch(/peers: listening for the other instances/);
    const password = firstPassword(a);
    const fromA = await logoutSeenBy(a, [b, c], password);
    const fromC = await logoutSeenBy(c, [a, b], password);
    for (const ms of [...fromA, ...fromC]) expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('a command waited on at one instance answers when another applied it', SLOW, async () => {
    // A alone first, so that its consumer, not B's, takes the held node's first command.
    const { db, instances, addInstance } = await cluster(1);
    const [a] = instances as [ServingProcess];
    const held = await holdNode(db, NODE);
    try {
      // A applies a queued command of the node and waits for its lock; while it does, A's other
      // loops pass over the node's later commands (and B skips the one row A has claimed).
      expect((await sendFacts(a, NODE)).status).toBe(200);
      expect(await held.waiters(1)).toBe(1);
      // Every slot of A's waited applies as stored takes a command of the node and waits too.
      const fillers = Array.from({ length: WAITED_SLOTS }, () => pendingWaitedCommand(a, NODE));
      expect(await held.waiters(1 + WAITED_SLOTS)).toBe(1 + WAITED_SLOTS);
      // So A queues the next waited command, and only B, started now, can take it.
      const b = await addInstance();
      const crossing = pendingWaitedCommand(a, NODE);
      expect(await held.waiters(2 + WAITED_SLOTS)).toBe(2 + WAITED_SLOTS);
      const { rows: queued } = await db.query(
        `SELECT uuid FROM ${db.schema}.command_queue WHERE certname = $1 AND state = 'queued'`,
        [NODE],
      );
      expect(queued).toHaveLength(2);
      await held.release();

      const answer = await crossing;
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { uuid: string };
      expect(body).toMatchObject({ processed: true, timed_out: false });
      const { rows } = await db.query<{ applied_by: string }>(
        `SELECT applied_by FROM ${db.schema}.command_queue WHERE uuid = $1`,
        [body.uuid],
      );
      expect(rows.map((row) => row.applied_by.split(':')[1])).toEqual([String(b.child.pid)]);
      for (const res of await Promise.all(fillers)) expect(res.status).toBe(200);
    } finally {
      await held.release();
    }
  });

  it(
    'a listener connection ended by the database is logged, polled around and back by itself',
    SLOW,
    async () => {
      const { db, instances } = await cluster(2);
      const [a, b] = instances as [ServingProcess, ServingProcess];
      const { rowCount } = await db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1',
        [`LISTEN "gatehouse ${db.schema}"`],
      );
      expect(rowCount).toBe(2);
      for (const at of instances) {
        expect(await logLines(at, /peers: lost the listener connection .*polling the database/)).toHaveLength(
          1,
        );
        expect(await logLines(at, /peers: listening again/)).toHaveLength(1);
        const ready = (await (await fetch(`${at.url}/ready`)).json()) as { checks: Record<string, unknown> };
        expect(ready.checks.peers).toEqual({ ok: true, detail: 'listening (PostgreSQL LISTEN/NOTIFY)' });
      }
      // Pushed again: a logout on B is refused by A at once.
      const [ms] = await logoutSeenBy(b, [a], firstPassword(a));
      expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
      expect((await waitedCommand(b, 'after.example.com')).status).toBe(200);
    },
  );

  it(
    'modules reloaded on one instance reload on the other, whose own watcher heard nothing',
    SLOW,
    async () => {
      // One folder on a network file system, as it were: only A watches it.
      const folder = tempDir();
      writeFileSync(join(folder, 'hello.ts'), HELLO);
      const { instances } = await cluster(2, (i) => ({
        modulesDir: folder,
        isolation: 'none',
        watch: i === 0,
      }));
      const [a, b] = instances as [ServingProcess, ServingProcess];
      writeFileSync(join(folder, 'added.ts'), 'export default class { handlePing() { return "pong"; } }');
      const call = (at: ServingProcess) =>
        fetch(`${at.url}/webhook/added/handlePing`, { method: 'POST', body: '{}' });
      let status = 404;
      for (let i = 0; i < 100 && status === 404; i += 1) {
        status = (await call(b)).status;
        if (status === 404) await sleep(100);
      }
      expect(status).toBe(200);
      expect((await call(a)).status).toBe(200);
    },
  );

  it('the webhook delivery inbox reads the same from every instance', SLOW, async () => {
    const { instances } = await cluster(2);
    for (const [i, at] of instances.entries()) {
      const res = await fetch(`${at.url}/webhook/hello/handleHello`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `from ${i}` }),
      });
      expect(res.status).toBe(200);
    }
    const seen = await Promise.all(
      instances.map(async (at) => {
        const res = await fetch(`${at.url}/admin/webhooks/deliveries`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { deliveries: { body: string; at: string }[] }).deliveries;
      }),
    );
    expect(seen[0]!.map((d) => d.body).sort()).toEqual(['{"name":"from 0"}', '{"name":"from 1"}']);
    expect(seen[1]).toEqual(seen[0]);
  });
});
