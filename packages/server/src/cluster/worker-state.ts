/**
 * @module cluster/worker-state
 * The state store of a process among several (`server.workers` above one). With `state.database` a
 * PostgreSQL URL every process opens it as a single instance would; with memory the store lives in
 * the primary process and a worker asks it over IPC ({@link IpcStateStore}), so a one-time value,
 * a throttling counter or a revocation is the same for every process. Either way each process
 * relays the revocations it writes ({@link relayingRevocations}), and the write resolves only once
 * every other process dropped the session from its cache of verified tokens: a logout answered by
 * one process is refused by all of them at once, not after `auth.revocationCheckInterval`.
 */
import { type RevokedSessions, revocationOf, type StateStore } from '@gatehouse/auth';
import type { Channel } from './ipc.js';

/** The operations a worker may ask of the primary's store. */
export const stateOperations = ['get', 'setIfAbsent', 'set', 'delete', 'increment'] as const;
export type StateOperation = (typeof stateOperations)[number];

/** The state store of the primary process, asked over IPC. */
export class IpcStateStore implements StateStore {
  readonly #primary: Channel;

  constructor(primary: Channel) {
    this.#primary = primary;
  }

  #ask<T>(op: StateOperation, args: unknown[]): Promise<T> {
    return this.#primary.request('state', { op, args }) as Promise<T>;
  }

  get(key: string): Promise<string | undefined> {
    return this.#ask<string | null | undefined>('get', [key]).then((value) => value ?? undefined);
  }
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#ask('setIfAbsent', [key, value, ttlMs]);
  }
  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#ask('set', [key, value, ttlMs]);
  }
  async delete(key: string): Promise<void> {
    await this.#ask('delete', [key]);
  }
  increment(key: string, ttlMs: number): Promise<number> {
    return this.#ask('increment', [key, ttlMs]);
  }
}

/** `store`, with every revocation it records handed to `relay` before the write resolves. */
export function relayingRevocations(
  store: StateStore,
  relay: (revoked: RevokedSessions) => Promise<unknown>,
): StateStore {
  return {
    get: (key) => store.get(key),
    setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
    delete: (key) => store.delete(key),
    increment: (key, ttlMs) => store.increment(key, ttlMs),
    async set(key, value, ttlMs) {
      await store.set(key, value, ttlMs);
      const revoked = revocationOf(key);
      if (revoked) await relay(revoked);
    },
  };
}
