/**
 * The peer channel and the state events on the real PostgreSQL of PG_TEST_URL: two stores opened
 * as two instances would (their own pools and listeners) hear each other's revocations and
 * throttle decisions, written through auth's own classes; instances on another schema hear
 * nothing; a listener whose connection an administrator ends (pg_terminate_backend) reports
 * `listening: false`, reconnects by itself and hears again; many messages of one tick arrive.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LoginThrottle, Revocations } from '@gatehouse/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestSchemas } from '../../test/support/pg-schema.js';
import { loadConfig } from '../config/load.js';
import { type OpenedStateStore, openStateStore } from './open-state-store.js';
import type { Revocation, ThrottleChange } from './state-events.js';

const schema = useTestSchemas();
const opened: OpenedStateStore[] = [];
afterEach(async () => {
  for (const state of opened.splice(0)) await state.close();
});

const lines: string[] = [];
const logger = { logf: (format: string, ...args: unknown[]) => lines.push(`${format} ${args.join(' ')}`) };

async function instance(url: string): Promise<OpenedStateStore> {
  const { config } = loadConfig({ cwd: '/nonexistent', env: { GATEHOUSE_STATE_DATABASE: url } });
  const state = await openStateStore(config, logger);
  opened.push(state);
  return state;
}

/** Resolves with what `subscribe` delivers first, or rejects after `ms`. */
function next<T>(subscribe: (listener: (value: T) => void) => () => void, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing heard within ${ms} ms`)), ms);
    const off = subscribe((value) => {
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

describe('peer channel on PostgreSQL', () => {
  it("tells the other instance of a revoked session, a user's revocation and a throttle block", async () => {
    const { url } = await schema();
    const [a, b] = [await instance(url), await instance(url)];
    expect(a.peers?.listening).toBe(true);
    const revocations = new Revocations(a.store, 3_600_000, Date.now);
    const now = Math.floor(Date.now() / 1000);

    let heard: Promise<Revocation> = next((l) => b.store.onRevoked(l));
    await revocations.revokeSession({ jti: 'session-1', iat: now, user: { id: 'u1', name: 'u1' } });
    expect(await heard).toEqual({ jti: 'session-1' });

    heard = next((l) => b.store.onRevoked(l));
    const here = next<Revocation>((l) => a.store.onRevoked(l));
    await revocations.revokeUser('github_42');
    expect(await heard).toEqual({ userId: 'github_42' });
    expect(await here).toEqual({ userId: 'github_42' }); // and in the instance that wrote it

    const blocked: Promise<ThrottleChange> = next((l) => b.store.onThrottle(l));
    const throttle = new LoginThrottle(a.store, { freeAttemptsPerAccount: 0, freeAttemptsPerAddress: 99 });
    await throttle.failed('alice', '192.0.2.1');
    expect((await blocked).key).toMatch(/^auth:throttle:account:.*:until$/);
  });

  it('keeps instances on another schema apart', async () => {
    const [one, other] = [await schema(), await schema()];
    const a = await instance(one.url);
    const b = await instance(other.url);
    expect(a.peers?.channel).not.toBe(b.peers?.channel);
    const heard = next((l) => b.store.onRevoked(l), 500);
    await new Revocations(a.store, 60_000, Date.now).revokeUser('u1');
    await expect(heard).rejects.toThrow(/nothing heard/);
  });

  it('reports a lost listener, reconnects by itself and hears again', async () => {
    const test = await schema();
    const [a, b] = [await instance(test.url), await instance(test.url)];
    const lost = next<boolean>((l) => b.peers!.onListening(l));
    await test.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query = $1 AND pid <> pg_backend_pid()`,
      [`LISTEN "${b.peers!.channel}"`],
    );
    expect(await lost).toBe(false);
    expect(b.peers!.listening).toBe(false);
    expect(lines.join('\n')).toMatch(/peers: lost the listener connection .*polling the database/);
    // Back: and a missed revocation is made up for by forgetting every cached verdict.
    const everyone = next<Revocation>((l) => b.store.onRevoked(l), 10_000);
    expect(await everyone).toEqual({ everyone: true });
    expect(b.peers!.listening).toBe(true);
    const heard = next<Revocation>((l) => b.store.onRevoked(l));
    await new Revocations(a.store, 60_000, Date.now).revokeUser('after');
    expect(await heard).toEqual({ userId: 'after' });
  });

  it('sends many messages of one tick in notifications under the size limit, all heard', async () => {
    const { url } = await schema();
    const [a, b] = [await instance(url), await instance(url)];
    const heard: unknown[] = [];
    b.peers!.on('test', (body) => heard.push(body));
    const bodies = Array.from({ length: 600 }, (_, i) => ({ n: i, pad: 'x'.repeat(40) }));
    for (const body of bodies) a.peers!.publish('test', body);
    for (let i = 0; i < 100 && heard.length < bodies.length; i += 1) await sleep(50);
    expect(heard).toEqual(bodies);
  });
});
