/**
 * A waited command applied in the transaction that stores it, on both databases: its queue row
 * goes in already applied (and its uuid cannot be queued again); a node with a command still
 * queued keeps its order (nothing is stored, the command is queued behind); a failing apply stores
 * nothing. Through the processor on
 * PostgreSQL, a waited submission is settled when `submit` resolves, and a failing one falls back
 * to the queue's retries and dead letters.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smallCatalog } from '../../test/support/commands/fixtures.js';
import { useTestQueue } from '../../test/support/commands/test-queue.js';
import { DIALECTS, type TestStore } from '../../test/support/store/test-stores.js';
import { applyWhileStoring } from './apply-waited.js';
import { enqueue, listDeadLetters, type QueueEntry } from './command-queue.js';
import { type Command, readCommand } from './envelope.js';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-20T09:00:00.000Z';
const NOW = '2026-11-20T12:00:00.000Z';
const INSTANCE = 'test-host:1:waited';

const catalogCommand = (certname: string, ts: string, version: string): Command =>
  readCommand({
    query: {},
    body: { command: 'replace catalog', version: 9, payload: smallCatalog(certname, ts, { version }) },
    now: NOW,
  });
const entryOf = (command: Command): QueueEntry => ({ uuid: randomUUID(), received: NOW, command });
/** A catalog command with nothing in it: every apply of it fails. */
const broken = { kind: 'replace catalog', version: 9, catalog: { certname: 'web9', producerTimestamp: T1 } };

const queue = useTestQueue();

const queueRows = (store: TestStore) =>
  store.store.all('SELECT uuid, state, outcome, applied_by FROM command_queue ORDER BY id');

describe.each(DIALECTS)('a waited command applied as it is stored, on %s', (dialect) => {
  it('stores the command already applied, in one transaction with its data', async () => {
    const t = await queue.open(dialect);
    const entry = entryOf(catalogCommand('web1', T1, 'a'));
    expect(await applyWhileStoring(t.store, entry, INSTANCE, () => new Date(NOW))).toBe('stored');
    expect(await queueRows(t)).toEqual([
      { uuid: entry.uuid, state: 'done', outcome: 'stored', applied_by: INSTANCE },
    ]);
    expect(await t.store.all('SELECT certname, version FROM catalogs')).toEqual([
      { certname: 'web1', version: 'a' },
    ]);
  });

  it('stores nothing while the node has a command queued, so that one goes first', async () => {
    const t = await queue.open(dialect);
    const queued = entryOf(catalogCommand('web1', T1, 'a'));
    await enqueue(t.store, queued);
    const waited = entryOf(catalogCommand('web1', T2, 'b'));
    expect(await applyWhileStoring(t.store, waited, INSTANCE, () => new Date(NOW))).toBeUndefined();
    expect(await queueRows(t)).toEqual([
      { uuid: queued.uuid, state: 'queued', outcome: null, applied_by: null },
    ]);
    expect(await t.store.all('SELECT certname FROM catalogs')).toEqual([]);
    // Another node is not held up by it.
    const other = entryOf(catalogCommand('web2', T2, 'c'));
    expect(await applyWhileStoring(t.store, other, INSTANCE, () => new Date(NOW))).toBe('stored');
  });

  it('refuses to queue a command applied as it was stored (what a late wait relies on)', async () => {
    const t = await queue.open(dialect);
    const entry = entryOf(catalogCommand('web1', T1, 'a'));
    expect(await applyWhileStoring(t.store, entry, INSTANCE, () => new Date(NOW))).toBe('stored');
    expect(await enqueue(t.store, entry)).toBe(false);
    expect(await queueRows(t)).toHaveLength(1);
  });

  it('stores nothing when the apply fails', async () => {
    const t = await queue.open(dialect);
    const entry = entryOf(broken as unknown as Command);
    await expect(applyWhileStoring(t.store, entry, INSTANCE, () => new Date(NOW))).rejects.toThrow();
    expect(await queueRows(t)).toEqual([]);
    expect(await t.store.all("SELECT certname FROM certnames WHERE certname = 'web9'")).toEqual([]);
  });
});

// A fact set takes its own way on PostgreSQL (one statement calling the database functions of
// migration 12), so it is checked on both databases as well.
const factsCommand = (certname: string, ts: string, values: Record<string, unknown>): Command =>
  readCommand({
    query: {},
    body: {
      command: 'replace facts',
      version: 5,
      payload: { certname, environment: 'production', values, producer_timestamp: ts, producer: 'puppet1' },
    },
    now: NOW,
  });

describe.each(DIALECTS)('a waited fact set applied as it is stored, on %s', (dialect) => {
  it("stores the facts and the queue row together, stale ones as stale, and keeps a node's order", async () => {
    const t = await queue.open(dialect);
    const apply = (command: Command) =>
      applyWhileStoring(t.store, entryOf(command), INSTANCE, () => new Date(NOW));
    expect(await apply(factsCommand('web1', T2, { os: { family: 'Debian' }, role: 'web' }))).toBe('stored');
    expect(await apply(factsCommand('web1', T1, { role: 'old' }))).toBe('stale');
    expect(await t.store.all("SELECT name, value FROM facts WHERE certname = 'web1' ORDER BY name")).toEqual([
      { name: 'os', value: '{"family":"Debian"}' },
      { name: 'role', value: '"web"' },
    ]);
    expect((await queueRows(t)).map((row) => [row.state, row.outcome, row.applied_by])).toEqual([
      ['done', 'stored', INSTANCE],
      ['done', 'stale', INSTANCE],
    ]);
    const queued = entryOf(factsCommand('web1', T2, { role: 'queued' }));
    await enqueue(t.store, queued);
    expect(await apply(factsCommand('web1', T2, { role: 'waited' }))).toBeUndefined();
    expect(await t.store.all("SELECT value FROM facts WHERE certname = 'web1' AND name = 'role'")).toEqual([
      { value: '"web"' },
    ]);
    expect(await queueRows(t)).toHaveLength(3);
  });

  it('reactivates a deactivated node with newer facts', async () => {
    const t = await queue.open(dialect);
    const apply = (command: Command) =>
      applyWhileStoring(t.store, entryOf(command), INSTANCE, () => new Date(NOW));
    const deactivate = readCommand({
      query: {},
      body: { command: 'deactivate node', version: 3, payload: { certname: 'web1', producer_timestamp: T1 } },
      now: NOW,
    });
    expect(await apply(deactivate)).toBe('stored');
    expect(await apply(factsCommand('web1', T2, { role: 'web' }))).toBe('stored');
    expect(
      await t.store.all("SELECT deactivated, facts_producer FROM certnames WHERE certname = 'web1'"),
    ).toEqual([{ deactivated: null, facts_producer: 'puppet1' }]);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('waited submissions on PostgreSQL', () => {
  it('settles a waited submission as it is stored', async () => {
    const t = await queue.open('postgres');
    const p = queue.processor({ pollMs: 3_600_000 });
    const { uuid, done } = await p.submit(catalogCommand('web1', T1, 'a'), { waitMs: 30_000 });
    // Already settled when submit resolves: the race sees its outcome, not the later value.
    expect(await Promise.race([done, Promise.resolve('not yet')])).toBe('stored');
    expect(await queueRows(t)).toEqual([
      { uuid, state: 'done', outcome: 'stored', applied_by: expect.any(String) },
    ]);
  });

  it('queues a waited command whose apply fails, so retries and dead letters take it', async () => {
    const t = await queue.open('postgres');
    const p = queue.processor({ maxAttempts: 2, retryDelayMs: 0 });
    const { uuid, done } = await p.submit(broken as unknown as Command, { waitMs: 30_000 });
    await expect(done).rejects.toThrow();
    expect(await listDeadLetters(t.store)).toEqual([expect.objectContaining({ uuid, attempts: 2 })]);
  });
});
