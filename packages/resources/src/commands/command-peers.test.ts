/**
 * Waking without polling: a command stored here wakes an idle consumer at once (the poll is set
 * to an hour, so only the wake can apply it), and on PostgreSQL two processors joined by an
 * in-process signal bus (the transport the service provides with LISTEN/NOTIFY) answer waiters
 * whose commands the other one applied; while the bus is not listening, waiters poll instead.
 */
import { describe, expect, it } from 'vitest';
import { smallCatalog } from '../../test/support/commands/fixtures.js';
import { useTestQueue } from '../../test/support/commands/test-queue.js';
import { DIALECTS } from '../../test/support/store/test-stores.js';
import type { CommandPeerListener, CommandPeers, CommandSignal } from './command-peers.js';
import { type Command, readCommand } from './envelope.js';

const NOW = '2026-11-20T12:00:00.000Z';
const HOUR_MS = 3_600_000;

const catalogCommand = (certname: string, minute: number): Command =>
  readCommand({
    query: {},
    body: {
      command: 'replace catalog',
      version: 9,
      payload: smallCatalog(certname, new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString(), {
        version: `v${minute}`,
      }),
    },
    now: NOW,
  });

/** Instances joined as LISTEN/NOTIFY joins them: a signal reaches every other member, later. */
class SignalBus {
  readonly #members = new Set<BusMember>();
  join(): BusMember {
    const member = new BusMember(this.#members);
    this.#members.add(member);
    return member;
  }
}

class BusMember implements CommandPeers {
  listening = true;
  readonly #all: Set<BusMember>;
  readonly #listeners = new Set<CommandPeerListener>();
  constructor(all: Set<BusMember>) {
    this.#all = all;
  }
  publish(signal: CommandSignal): void {
    for (const other of this.#all) if (other !== this) setImmediate(() => other.deliver(signal));
  }
  subscribe(listener: CommandPeerListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  deliver(signal: CommandSignal): void {
    if (this.listening) for (const listener of this.#listeners) listener.signal(signal);
  }
  setListening(listening: boolean): void {
    this.listening = listening;
    for (const listener of this.#listeners) listener.listening(listening);
  }
}

const queue = useTestQueue();

describe.each(DIALECTS)('waking the queue on %s', (dialect) => {
  it('applies each command stored here at once, one after another, with an hour-long poll', async () => {
    await queue.open(dialect);
    const p = queue.processor({ pollMs: HOUR_MS });
    for (let i = 0; i < 5; i += 1) {
      const { done } = await p.submit(catalogCommand(`web${i}`, i));
      expect(await done).toBe('stored');
    }
  });
});

describe.runIf(DIALECTS.includes('postgres'))('signals between two processors on PostgreSQL', () => {
  it('answers a waiter whose command the other instance applied, without polling', async () => {
    const t = await queue.open('postgres');
    const bus = new SignalBus();
    const a = queue.processor({ pollMs: HOUR_MS, concurrency: 2, peers: bus.join() });
    const b = queue.processor({ pollMs: HOUR_MS, concurrency: 2, peers: bus.join() });
    const submitted = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 3 ? a : b).submit(catalogCommand(`node${i}`, i))),
    );
    expect(await Promise.all(submitted.map((s) => s.done))).toEqual(submitted.map(() => 'stored'));
    const rows = await t.store.all("SELECT DISTINCT applied_by FROM command_queue WHERE state = 'done'");
    // Both applied some (woken by the other's `stored` signals), and every waiter was answered.
    expect(rows).toHaveLength(2);
  });

  it('polls for waiters while not listening, and stops once listening again', async () => {
    await queue.open('postgres');
    const bus = new SignalBus();
    const peersOfA = bus.join();
    const a = queue.processor({ pollMs: 20, concurrency: 1, peers: peersOfA });
    peersOfA.setListening(false);
    const b = queue.processor({ pollMs: 20, concurrency: 2, peers: bus.join() });
    const submitted = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).submit(catalogCommand(`n${i}`, i))),
    );
    // A hears no signal: its waiters are answered by its poll, whoever applied their commands.
    expect(await Promise.all(submitted.map((s) => s.done))).toEqual(submitted.map(() => 'stored'));
    peersOfA.setListening(true);
    const { done } = await a.submit(catalogCommand('after', 40));
    expect(await done).toBe('stored');
  });
});
