/**
 * The durable command queue on both databases: commands wait as rows until a consumer applies
 * them in producer-timestamp order, each exactly once (two processors on one PostgreSQL schema
 * included); failing commands are retried and then kept as dead letters, which can be retried or
 * dropped.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smallCatalog } from '../../test/support/commands/fixtures.js';
import { useTestQueue } from '../../test/support/commands/test-queue.js';
import { DIALECTS, type TestStore } from '../../test/support/store/test-stores.js';
import type { ResourceStore } from '../store/types.js';
import { dropDeadLetters, enqueue, listDeadLetters, queueStats, retryDeadLetters } from './command-queue.js';
import { type Command, readCommand } from './envelope.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const T3 = '2026-11-20T10:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';

const catalogCommand = (certname: string, ts: string, version: string): Command =>
  readCommand({
    query: {},
    body: { command: 'replace catalog', version: 9, payload: smallCatalog(certname, ts, { version }) },
    now: NOW,
  });

/** `store` with its transactions counted (every other call goes through unchanged). */
function countingTransactions(store: ResourceStore): { store: ResourceStore; transactions: () => number } {
  let transactions = 0;
  const counted: ResourceStore = {
    dialect: store.dialect,
    run: (sql, params) => store.run(sql, params),
    all: (sql, params) => store.all(sql, params),
    bulkInsert: (table, columns, rows) => store.bulkInsert(table, columns, rows),
    stream: (sql, params, options) => store.stream(sql, params, options),
    streamObjects: (sql, params) => store.streamObjects(sql, params),
    transaction: (work) => {
      transactions += 1;
      return store.transaction(work);
    },
    close: () => store.close(),
  };
  return { store: counted, transactions: () => transactions };
}

/** The outcome of every applied command, by uuid. */
async function outcomesOf(t: TestStore): Promise<Record<string, unknown>> {
  const rows = await t.store.all("SELECT uuid, outcome FROM command_queue WHERE state = 'done'");
  return Object.fromEntries(rows.map((r) => [r.uuid, r.outcome]));
}

describe.each(DIALECTS)('durable command queue on %s: order and submissions', (dialect) => {
  const q = useTestQueue({ pollMs: 20 });

  it('applies stored commands per node in producer-timestamp order, after a restart too', async () => {
    await q.open(dialect);
    // Stored before any consumer runs, as a crashed service leaves them; arrival order a, c, b, x.
    const ids = ['a', 'c', 'b', 'x'].map(() => randomUUID());
    const commands = [
      catalogCommand('web1', T1, 'a'),
      catalogCommand('web1', T3, 'c'),
      catalogCommand('web1', T2, 'b'),
      catalogCommand('web2', T1, 'x'),
    ];
    for (const [i, command] of commands.entries())
      await enqueue(q.t.store, { uuid: ids[i]!, received: NOW, command });
    expect((await queueStats(q.t.store)).depth).toBe(4);
    await q.processor().idle();
    // b (older) before c, so neither is stale; in arrival order b would follow c and be stale.
    expect(await outcomesOf(q.t)).toEqual({
      [ids[0]!]: 'stored',
      [ids[1]!]: 'unchanged',
      [ids[2]!]: 'unchanged',
      [ids[3]!]: 'stored',
    });
    expect(await q.t.store.all('SELECT certname, version FROM catalogs ORDER BY certname')).toEqual([
      { certname: 'web1', version: 'c' },
      { certname: 'web2', version: 'x' },
    ]);
  });

  it('resolves a submission when its command is applied, and refuses after close', async () => {
    await q.open(dialect);
    const p = q.processor();
    const { uuid, done } = await p.submit(catalogCommand('web1', T1, 'a'));
    expect(await done).toBe('stored');
    expect(await outcomesOf(q.t)).toEqual({ [uuid]: 'stored' });
    await p.close();
    await expect(p.submit(catalogCommand('web1', T2, 'b'))).rejects.toThrow(/closed/);
  });

  it('opens no transaction only to find the queue empty after applying a command', async () => {
    await q.open(dialect);
    const counted = countingTransactions(q.t.store);
    const p = q.processor({ pollMs: 3_600_000 }, counted.store);
    const sent = 10;
    for (let i = 0; i < sent; i += 1) {
      const { done } = await p.submit(catalogCommand(`web${i}`, T1, 'a'));
      expect(await done).toBe('stored');
    }
    // One transaction per command applied (a look that finds nothing used to follow each).
    expect(counted.transactions()).toBeLessThan(2 * sent);
  });
});

describe.each(DIALECTS)('durable command queue on %s: loops, polling and retries', (dialect) => {
  const q = useTestQueue({ pollMs: 20 });

  it('applies commands of nodes another loop holds without waiting for the poll', async () => {
    await q.open(dialect);
    // An hour-long poll: a command passed over while its node was busy would wait that long.
    const p = q.processor({ pollMs: 3_600_000, concurrency: 3 });
    const submitted = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        p.submit(
          catalogCommand(`node${i % 4}`, new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(), `v${i}`),
        ),
      ),
    );
    const outcomes = await Promise.all(submitted.map((s) => s.done));
    expect(outcomes.filter((o) => o === 'stored').length).toBeGreaterThanOrEqual(4);
    // Each node's newest catalog (the last i with i % 4 = n) is the one stored.
    expect(await q.t.store.all('SELECT certname, version FROM catalogs ORDER BY certname')).toEqual(
      Array.from({ length: 4 }, (_, n) => ({
        certname: `node${n}`,
        version: `v${n + 4 * Math.floor((29 - n) / 4)}`,
      })),
    );
  });

  it('applies commands stored behind its back (another instance, no signals) by one loop polling', async () => {
    await q.open(dialect);
    const p = q.processor({ pollMs: 20, concurrency: 3 });
    // Stored as another instance does when no signal tells this one: only the poll finds them.
    for (let i = 0; i < 20; i += 1)
      await enqueue(q.t.store, {
        uuid: randomUUID(),
        received: NOW,
        command: catalogCommand(`n${i}`, T1, 'a'),
      });
    await p.idle();
    expect(Object.values(await outcomesOf(q.t))).toEqual(Array.from({ length: 20 }, () => 'stored'));
  });

  it('retries a failing command, then keeps it as a dead letter with each error', async () => {
    await q.open(dialect);
    const broken = {
      kind: 'replace catalog',
      version: 9,
      catalog: { certname: 'web9', producerTimestamp: T1 },
    };
    const p = q.processor({ maxAttempts: 2, retryDelayMs: 0 });
    const { uuid, done } = await p.submit(broken as unknown as Command);
    await expect(done).rejects.toThrow();
    const [dead] = await listDeadLetters(q.t.store);
    expect(dead).toMatchObject({ uuid, command: 'replace catalog', certname: 'web9', attempts: 2 });
    expect(dead!.errors).toHaveLength(2);
    expect(await queueStats(q.t.store)).toEqual({ depth: 0, oldestReceived: null, deadLetters: 1 });
    // Nothing of the failed attempts was stored.
    expect(await q.t.store.all("SELECT certname FROM certnames WHERE certname = 'web9'")).toEqual([]);
    expect(await retryDeadLetters(q.t.store, [dead!.id], NOW)).toBe(1);
    await p.idle();
    expect((await listDeadLetters(q.t.store))[0]).toMatchObject({ uuid, attempts: 2 });
    expect(await dropDeadLetters(q.t.store, 'all')).toBe(1);
    expect(await queueStats(q.t.store)).toEqual({ depth: 0, oldestReceived: null, deadLetters: 0 });
  });
});

describe.each(DIALECTS)('durable command queue on %s: transactions and unreadable commands', (dialect) => {
  const q = useTestQueue({ pollMs: 20 });

  it('applies the commands a transaction takes together, also when one of them fails', async () => {
    await q.open(dialect);
    const broken = {
      kind: 'replace catalog',
      version: 9,
      catalog: { certname: 'web9', producerTimestamp: T1 },
    };
    // Queued before a consumer runs, so its first transaction claims all three (one commit).
    const queued = [
      catalogCommand('web1', T1, 'a'),
      broken as unknown as Command,
      catalogCommand('web2', T2, 'b'),
    ];
    const ids = queued.map(() => randomUUID());
    for (const [i, command] of queued.entries())
      await enqueue(q.t.store, { uuid: ids[i]!, received: NOW, command });
    await q.processor({ maxAttempts: 1 }).idle();
    expect(await outcomesOf(q.t)).toEqual({ [ids[0]!]: 'stored', [ids[2]!]: 'stored' });
    expect((await listDeadLetters(q.t.store)).map((d) => d.uuid)).toEqual([ids[1]]);
    expect(await q.t.store.all('SELECT certname FROM catalogs ORDER BY certname')).toEqual([
      { certname: 'web1' },
      { certname: 'web2' },
    ]);
  });

  it('keeps an unreadable stored command as a dead letter at once', async () => {
    await q.open(dialect);
    await enqueue(q.t.store, { uuid: randomUUID(), received: NOW, command: catalogCommand('web1', T1, 'a') });
    await q.t.store.run("UPDATE command_queue SET payload = '{not json'");
    await q.processor().idle();
    expect((await listDeadLetters(q.t.store))[0]).toMatchObject({ attempts: 1, certname: 'web1' });
  });

  it.runIf(dialect === 'postgres')(
    'applies each command once with two processors on one database',
    async () => {
      await q.open(dialect);
      const a = q.processor({ concurrency: 3 });
      const b = q.processor({ concurrency: 3 });
      const submitted = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).submit(
            catalogCommand(`node${i % 10}`, new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(), `v${i}`),
          ),
        ),
      );
      const settled = await Promise.allSettled(submitted.map((s) => s.done));
      expect(settled.every((s) => s.status === 'fulfilled')).toBe(true);
      const rows = await q.t.store.all("SELECT uuid, applied_by FROM command_queue WHERE state = 'done'");
      expect(rows.map((r) => r.uuid).sort()).toEqual(submitted.map((s) => s.uuid).sort());
      // Both consumed: the rows name two instances.
      expect(new Set(rows.map((r) => r.applied_by)).size).toBe(2);
      expect(await q.t.store.all('SELECT certname, version FROM catalogs ORDER BY certname')).toEqual(
        Array.from({ length: 10 }, (_, n) => ({ certname: `node${n}`, version: `v${30 + n}` })),
      );
    },
  );
});
