/**
 * @module cluster/primary
 * The primary process of `gatehouse serve` with `server.workers` above one. It serves requests like
 * a single process (it opens the data folder, so the signing secret and the first credential are
 * made and printed once, and runs the migrations), and once it listens it starts the other workers:
 * the same command, marked in their environment, with an IPC channel each. Every process listens on
 * the port with SO_REUSEPORT, so the kernel spreads connections over them and no process hands
 * connections on. The primary:
 * - keeps the shared state when `state.database` is memory, and answers the workers over IPC;
 * - has every other process drop a revoked session from its token cache before the revocation's
 *   write resolves, whichever process wrote it;
 * - replaces a worker that ended unexpectedly;
 * - tells the workers to stop (or cut) when it is told to, and hands SIGHUP on to them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { RevokedSessions, StateStore } from '@gatehouse/auth';
import type { GatehouseConfig } from '../config/schema.js';
import type { Logger, ServiceLog } from '../logging.js';
import {
  type OpenedStateStore,
  openStateStore,
  type StateSettings,
  stateDatabase,
} from '../state/open-state-store.js';
import { Channel } from './ipc.js';
import { WORKER_MARK } from './primary-channel.js';
import type { ProcessRole } from './process-role.js';
import { relayingRevocations, type StateOperation, stateOperations } from './worker-state.js';

/** What a worker asks its primary for when it starts. */
export interface WorkerStart {
  /** The primary's config, its listening port included. */
  readonly config: GatehouseConfig;
  readonly configFile: string | undefined;
}

export class WorkerGroup implements ProcessRole {
  readonly primary = true;
  readonly #log: ServiceLog;
  readonly #channels = new Set<Channel>();
  /** The workers that have not said they listen yet: stopping ends them at once. */
  readonly #starting = new Map<Channel, ChildProcess>();
  readonly #exits = new Set<Promise<number>>();
  #state: StateStore | undefined;
  #forgetHere: ((revoked: RevokedSessions) => void) | undefined;
  #start: WorkerStart | undefined;
  #stopping = false;

  constructor(log: ServiceLog) {
    this.#log = log;
  }

  async openState(config: StateSettings, logger: Logger): Promise<OpenedStateStore> {
    const relay = (revoked: RevokedSessions) => this.#forgetElsewhere(revoked);
    const opened = await openStateStore(config, logger, (store) => {
      // Memory: the workers are served the same store, over IPC.
      if (!stateDatabase(config)) this.#state = store;
      return relayingRevocations(store, relay);
    });
    if (opened.kind !== 'memory') return opened;
    return {
      ...opened,
      description:
        'state: memory of the primary process, shared with its workers over IPC (several instances need a shared state.database)',
    };
  }

  onRevokedElsewhere(forget: (revoked: RevokedSessions) => void): void {
    this.#forgetHere = forget;
  }

  /** Starts `count` workers at once; resolves with how many listen. */
  async start(count: number, start: WorkerStart): Promise<number> {
    this.#start = start;
    const started = await Promise.all(Array.from({ length: count }, () => this.#fork()));
    return started.filter(Boolean).length;
  }

  /** Asks every worker to stop (`stop`: finish in-flight requests; `cut`: at once). */
  tell(kind: 'stop' | 'cut'): void {
    this.#stopping = true;
    for (const channel of this.#channels) {
      const starting = this.#starting.get(channel);
      // Not listening yet: nothing in flight to finish.
      if (starting) starting.kill('SIGKILL');
      else channel.request(kind, null).catch(() => {});
    }
  }

  /** Resolves with the worst exit code of the workers, once each has ended. */
  async ended(): Promise<number> {
    return Math.max(0, ...(await Promise.all(this.#exits)));
  }

  /** Has each worker re-read its TLS files and allowlists, as SIGHUP does to this process. */
  readonly reload = (): void => {
    for (const channel of this.#channels) channel.request('reload', null).catch(() => {});
  };

  #forgetElsewhere(revoked: RevokedSessions, except?: Channel): Promise<unknown> {
    const others = [...this.#channels].filter((channel) => channel !== except);
    // A worker that ends meanwhile has no cache left to drop: its failed answer refuses nothing.
    return Promise.allSettled(others.map((channel) => channel.request('forget', revoked)));
  }

  /** One worker; resolves true once it listens, false when it ended before. */
  #fork(): Promise<boolean> {
    const [script, ...args] = process.argv.slice(1);
    const child = fork(script!, args, { env: { ...process.env, [WORKER_MARK]: '1' } });
    const channel = new Channel((message) => {
      if (child.connected) child.send(message);
    });
    this.#channels.add(channel);
    child.on('message', (message) => channel.receive(message));
    this.#serve(channel);
    this.#starting.set(channel, child);
    return new Promise((resolve) => {
      let ready = false;
      channel.handle('ready', () => {
        ready = true;
        this.#starting.delete(channel);
        resolve(true);
        // Told to stop while it started: it has handled nothing yet, and stops now.
        if (this.#stopping) channel.request('stop', null).catch(() => {});
        return null;
      });
      const exit = new Promise<number>((ended) => {
        child.once('exit', (code, signal) => {
          channel.close('the worker ended');
          this.#channels.delete(channel);
          this.#starting.delete(channel);
          // A worker ended before it listened cut no request: it does not fail the stop.
          ended(ready ? (code ?? 1) : 0);
          if (!ready) {
            this.#log.error(`a worker did not start (${signal ?? `exit ${code}`})`);
            resolve(false);
          } else if (!this.#stopping) {
            this.#log.error(`worker ${child.pid} ended (${signal ?? `exit ${code}`}); starting another`);
            void this.#fork();
          }
        });
      });
      this.#exits.add(exit);
    });
  }

  #serve(channel: Channel): void {
    channel.handle('start', () => this.#start);
    channel.handle('state', (body) => {
      const { op, args } = body as { op: StateOperation; args: unknown[] };
      if (!this.#state || !stateOperations.includes(op)) throw new Error(`no state operation ${op}`);
      return (this.#state[op] as (...values: unknown[]) => Promise<unknown>).apply(this.#state, args);
    });
    channel.handle('revoked', async (revoked) => {
      this.#forgetHere?.(revoked as RevokedSessions);
      await this.#forgetElsewhere(revoked as RevokedSessions, channel);
      return null;
    });
  }
}
