/**
 * @module cluster/worker
 * A worker process of `gatehouse serve` (`server.workers` above one): it asks its primary for the
 * config (the same for every process, the port included), runs the service as one process would,
 * its state shared through the primary (cluster/worker-state.ts), says when it listens, and stops
 * when the primary says so or goes away. It prints no start-up summary (the primary's says how
 * many processes serve). SIGTERM and SIGINT are the primary's to handle: a terminal's Ctrl-C reaches
 * every process of the group, and a worker must not take it for a second signal.
 */
import type { RevokedSessions, StateStore } from '@gatehouse/auth';
import type { LineWriter, Logger } from '../logging.js';
import { installProcessPolicy } from '../process-policy.js';
import { type RunningService, serviceLogOf, startService } from '../serve.js';
import { ConfigError } from '../settings/errors.js';
import {
  type OpenedStateStore,
  openStateStore,
  type StateSettings,
  stateDatabase,
} from '../state/open-state-store.js';
import { SignallingStateStore } from '../state/state-events.js';
import type { Channel } from './ipc.js';
import type { WorkerStart } from './primary.js';
import type { ProcessRole } from './process-role.js';
import { IpcStateStore, relayingRevocations } from './worker-state.js';

class WorkerRole implements ProcessRole {
  readonly primary = false;
  readonly #primary: Channel;

  constructor(primary: Channel) {
    this.#primary = primary;
  }

  async openState(config: StateSettings, logger: Logger): Promise<OpenedStateStore> {
    const relay = (store: StateStore) =>
      relayingRevocations(store, (revoked) => this.#primary.request('revoked', revoked));
    if (stateDatabase(config)) return openStateStore(config, logger, relay);
    return {
      store: new SignallingStateStore(relay(new IpcStateStore(this.#primary)), undefined, logger),
      peers: undefined,
      availability: undefined,
      kind: 'memory',
      description: 'state: memory of the primary process, over IPC',
      close: async () => {},
    };
  }

  onRevokedElsewhere(forget: (revoked: RevokedSessions) => void): void {
    this.#primary.handle('forget', (revoked) => forget(revoked as RevokedSessions));
  }
}

/** Serves until the primary says stop; resolves with the exit code (0 clean, 1 cut or failed, 2 config). */
export async function runWorker(primary: Channel, stderr: LineWriter): Promise<number> {
  process.on('SIGTERM', () => {});
  process.on('SIGINT', () => {});
  const { config, configFile } = (await primary.request('start', null)) as WorkerStart;
  const log = serviceLogOf(config, stderr);
  const policy = installProcessPolicy(log);
  let service: RunningService;
  try {
    service = await startService(config, { log, configFile, summary: false, role: new WorkerRole(primary) });
  } catch (error) {
    const setting = error instanceof ConfigError;
    log.fatal(
      { err: error },
      setting ? (error as Error).message : `not started: ${(error as Error).message}`,
    );
    return setting ? 2 : 1;
  }
  const stopRequested = new Promise<void>((resolve) => {
    primary.handle('stop', () => resolve());
    // The primary is gone (killed): finish what is in flight rather than serve on alone.
    process.once('disconnect', () => resolve());
  });
  primary.handle('cut', () => void service.close());
  primary.handle('reload', () => void process.emit('SIGHUP', 'SIGHUP'));
  await primary.request('ready', null);
  await stopRequested;
  policy.stopping();
  const clean = await service.close();
  if (process.connected) process.disconnect();
  return clean ? 0 : 1;
}
