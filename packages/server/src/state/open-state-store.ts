/**
 * @module state/open-state-store
 * Chooses and opens the service's one shared-state store (the `state` config section): PostgreSQL
 * when `state.database` is a postgres:// URL, or unset while `resources.database` is one (one
 * database for everything several instances share); otherwise memory, for one process. Every
 * library that declares the small interface (auth's `StateStore`, the webhooks' replay and
 * rate-limit store) is handed this one object. A PostgreSQL store that cannot be opened stops
 * start-up with a message naming the key, never falling back to memory: instances that silently
 * kept their state apart would let a replayed login or a revoked session through.
 *
 * On PostgreSQL it also opens the peer channel (state/peer-channel.ts), through which instances
 * push what they decided (revocations, throttles, settled commands, reloaded modules); the store
 * handed out is wrapped so that its writes fire the in-process events of state/state-events.ts.
 */
import { MemoryStateStore, type StateStore } from '@gatehouse/auth';
import { type DatabaseAvailability, isPostgresUrl } from '@gatehouse/resources';
import { describeDatabase } from '../data/database.js';
import type { Logger } from '../logging.js';
import type { StateConfig } from './config.js';
import { PeerChannel } from './peer-channel.js';
import { PostgresStateStore } from './postgres-state-store.js';
import { SignallingStateStore } from './state-events.js';

export interface OpenedStateStore {
  /** The store every library gets, and the events any cache of its decisions subscribes to. */
  readonly store: SignallingStateStore;
  /** PostgreSQL: how instances tell each other what happened; memory: none (one process). */
  readonly peers: PeerChannel | undefined;
  /** PostgreSQL: whether the state database answers (for `/ready` and the 503 answers). */
  readonly availability: DatabaseAvailability | undefined;
  /** `memory` or `postgresql`, for `/ready`. */
  readonly kind: 'memory' | 'postgresql';
  /** The start-up summary line naming the store. */
  readonly description: string;
  close(): Promise<void>;
}

/** The `state` section, and the resources' database that PostgreSQL state defaults to. */
export interface StateSettings {
  readonly state: StateConfig;
  readonly resources: { readonly database?: string | undefined };
}

/** Where the state lives: a postgres:// URL and the key that chose it, or memory. */
export function stateDatabase(config: StateSettings): { url: string; key: string } | undefined {
  const { database } = config.state;
  if (database === 'memory') return undefined;
  if (database !== undefined) return { url: database, key: 'state.database' };
  const resources = config.resources.database;
  return resources !== undefined && isPostgresUrl(resources)
    ? { url: resources, key: 'resources.database' }
    : undefined;
}

/**
 * Opens the configured store; `wrap` (a worker's relay of its revocations, cluster/worker-state.ts)
 * sits between the store and the in-process events, so every write still fires them.
 */
export async function openStateStore(
  config: StateSettings,
  logger: Logger,
  wrap: (store: StateStore) => StateStore = (store) => store,
): Promise<OpenedStateStore> {
  const database = stateDatabase(config);
  if (!database) {
    const memory = new MemoryStateStore();
    return {
      store: new SignallingStateStore(wrap(memory), undefined, logger),
      peers: undefined,
      availability: undefined,
      kind: 'memory',
      description: 'state: memory (this process only; several instances need a shared state.database)',
      close: async () => memory.close(),
    };
  }
  const where = describeDatabase(database.url);
  let postgres: PostgresStateStore | undefined;
  let peers: PeerChannel;
  try {
    postgres = await PostgresStateStore.open(database.url, { logger });
    peers = await PeerChannel.open(
      { connectionString: database.url, keepAlive: true },
      { logger, availability: postgres.availability },
    );
  } catch (error) {
    await postgres?.close();
    throw new Error(`${database.key}: cannot open the shared state store on ${where}: ${String(error)}`);
  }
  const state = postgres;
  return {
    store: new SignallingStateStore(wrap(state), peers, logger),
    peers,
    availability: state.availability,
    kind: 'postgresql',
    description: `state: ${where}, table gatehouse_state (shared by every instance on it; from ${database.key})`,
    close: async () => {
      await peers.close();
      await state.close();
    },
  };
}
