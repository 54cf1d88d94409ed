/**
 * @module state/service-state
 * The shared state as the service wires it: opened once (state/open-state-store.ts), closed with
 * the app, named in the start-up summary and in `/ready` (the store reachable, and whether this
 * instance is listening for its peers), and, while a database the service needs is away, every
 * answer that failed because of it turned into `503` with `Retry-After` (state/outage-answers.ts).
 */
import { availabilityOf, type DatabaseAvailability, defaults, isPostgresUrl } from '@gatehouse/resources';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logging.js';
import { NotReady, type Readiness } from '../service/readiness.js';
import { type OpenedStateStore, openStateStore, type StateSettings } from './open-state-store.js';
import { answerOutagesWith503 } from './outage-answers.js';

/** A key no one writes: reading it proves the shared-state store answers. */
const READINESS_PROBE_KEY = 'gatehouse/ready-probe';

/** What `/ready` says of the peers (the route may be public: the channel, named after the schema, is left out). */
export function peersDetail(state: OpenedStateStore): string {
  if (!state.peers) return 'none: state in memory, this instance alone';
  return state.peers.listening
    ? 'listening (PostgreSQL LISTEN/NOTIFY)'
    : `not listening (its connection is lost and reconnecting): polling the database every ${defaults.commandPollMs} ms`;
}

/** Opens the shared state and wires it into the app; the caller hands `store` to the libraries. */
export async function installSharedState(
  app: FastifyInstance,
  config: StateSettings,
  options: {
    logger: Logger;
    announce: (line: string) => void;
    readiness: Readiness;
    /**
     * How this process opens it when it is one of several (`server.workers`: its role in
     * cluster/); default {@link openStateStore}.
     */
    open?: ((config: StateSettings, logger: Logger) => Promise<OpenedStateStore>) | undefined;
  },
): Promise<OpenedStateStore> {
  const { open = openStateStore, logger } = options;
  const state = await open(config, logger);
  app.addHook('onClose', () => state.close());
  options.announce(state.description);
  options.announce(
    state.peers
      ? `peers: listening for the other instances on PostgreSQL channel "${state.peers.channel}" (LISTEN/NOTIFY)`
      : `peers: ${peersDetail(state)}`,
  );
  const databases = [state.availability, resourcesAvailability(config)].filter(
    (tracker): tracker is DatabaseAvailability => tracker !== undefined,
  );
  answerOutagesWith503(app, databases);
  options.readiness.add('state', async () => {
    try {
      await state.store.get(READINESS_PROBE_KEY);
    } catch (error) {
      const down = state.availability?.state;
      throw down?.up === false ? new NotReady('PostgreSQL database unavailable') : error;
    }
    return state.kind;
  });
  options.readiness.add('peers', async () => peersDetail(state));
  return state;
}

/** The tracker of the resources database when it is PostgreSQL (the same object when it is the state's). */
function resourcesAvailability(config: StateSettings): DatabaseAvailability | undefined {
  const database = config.resources.database;
  return database !== undefined && isPostgresUrl(database) ? availabilityOf(database) : undefined;
}
