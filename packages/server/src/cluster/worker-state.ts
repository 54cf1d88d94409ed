/**
 * @module cluster/worker-state
 * The shared state of a worker process (`server.workers` above one). With `state.database` a
 * PostgreSQL URL every worker opens it as a single instance would; with memory the store lives in
 * the primary process and a worker asks it over IPC ({@link IpcStateStore}), so a one-time value,
 * a throttling counter or a revocation is the same for every worker. Either way the worker's store
 * relays each revocation it writes to the primary, which has every other worker drop the session
 * from its cache of verified tokens before the write resolves: a logout answered by one worker is
 * refused by all of them at once, not after `revocationCheckInterval`.
 */
import cluster from 'node:cluster';
import { revocationOf, type StateStore } from '@gatehouse/auth';
import type { GatehouseConfig } from '../config/schema.js';
import type { Logger } from '../logging.js';
import { type OpenedStateStore, openStateStore, stateDatabase } from '../state/open-state-store.js';
import { SignallingStateStore } from '../state/state-events.js';
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

/** `store`, with every revocation it records relayed to the other workers before it resolves. */
export function relayingRevocations(store: StateStore, primary: Channel): StateStore {
  return {
    get: (key) => store.get(key),
    setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
    delete: (key) => store.delete(key),
    increment: (key, ttlMs) => store.increment(key, ttlMs),
    async set(key, value, ttlMs) {
      await store.set(key, value, ttlMs);
      const revoked = revocationOf(key);
      if (revoked) await primary.request('revoked', revoked);
    },
  };
}

/** The state store of this process: a worker's when it is one, else {@link openStateStore}'s. */
export async function openProcessStateStore(
  config: GatehouseConfig,
  logger: Logger,
  primary: Channel | undefined,
): Promise<OpenedStateStore> {
  if (!primary || !cluster.isWorker) return openStateStore(config, logger);
  const relay = (store: StateStore) => relayingRevocations(store, primary);
  if (stateDatabase(config)) return openStateStore(config, logger, relay);
  return {
    store: new SignallingStateStore(relay(new IpcStateStore(primary)), undefined, logger),
    peers: undefined,
    availability: undefined,
    kind: 'memory',
    description:
      'state: memory of the primary process, shared by its workers (several instances need a shared state.database)',
    close: async () => {},
  };
}
