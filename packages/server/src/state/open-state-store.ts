/**
 * @module state/open-state-store
 * Chooses and opens the service's one shared-state store (the `state` config section): PostgreSQL
 * when `state.database` is a postgres:// URL, or unset while `resources.database` is one (one
 * database for everything several instances share); otherwise memory, for one process. Every
 * library that declares the small interface (auth's `StateStore`, the webhooks' replay and
 * rate-limit store) is handed this one object. A PostgreSQL store that cannot be opened stops
 * start-up with a message naming the key, never falling back to memory: instances that silently
 * kept their state apart would let a replayed login or a revoked session through.
 */
import { MemoryStateStore, type StateStore } from '@gatehouse/auth';
import { isPostgresUrl } from '@gatehouse/resources';
import type { GatehouseConfig } from '../config/schema.js';
import { describeDatabase } from '../data/database.js';
import type { Logger } from '../logging.js';
import { PostgresStateStore } from './postgres-state-store.js';

export interface OpenedStateStore {
  readonly store: StateStore;
  /** `memory` or `postgresql`, for `/ready`. */
  readonly kind: 'memory' | 'postgresql';
  /** The start-up summary line naming the store. */
  readonly description: string;
  close(): Promise<void>;
}

/** Where the state lives: a postgres:// URL and the key that chose it, or memory. */
export function stateDatabase(config: GatehouseConfig): { url: string; key: string } | undefined {
  const { database } = config.state;
  if (database === 'memory') return undefined;
  if (database !== undefined) return { url: database, key: 'state.database' };
  const resources = config.resources.database;
  return resources !== undefined && isPostgresUrl(resources)
    ? { url: resources, key: 'resources.database' }
    : undefined;
}

export async function openStateStore(config: GatehouseConfig, logger: Logger): Promise<OpenedStateStore> {
  const database = stateDatabase(config);
  if (!database) {
    const store = new MemoryStateStore();
    return {
      store,
      kind: 'memory',
      description: 'state: memory (this process only; several instances need a shared state.database)',
      close: async () => store.close(),
    };
  }
  const where = describeDatabase(database.url);
  let store: PostgresStateStore;
  try {
    store = await PostgresStateStore.open(database.url, { logger });
  } catch (error) {
    throw new Error(`${database.key}: cannot open the shared state store on ${where}: ${String(error)}`);
  }
  return {
    store,
    kind: 'postgresql',
    description: `state: ${where}, table gatehouse_state (shared by every instance on it; from ${database.key})`,
    close: () => store.close(),
  };
}
