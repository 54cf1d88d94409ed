/**
 * @module cluster/primary
 * The primary process of `gatehouse serve` with `server.workers` above one (node:cluster: the
 * workers share the listening port, the primary hands out connections). It opens the data folder
 * first (so the signing secret and the first credential are made once, and the credential is
 * printed once), starts the workers one after the other (migrations never race), and then:
 * - keeps the shared state when `state.database` is memory, answering the workers over IPC;
 * - relays a revocation one worker wrote to every other worker, and answers once they dropped it;
 * - replaces a worker that ended unexpectedly;
 * - on SIGTERM/SIGINT asks every worker to finish its requests (a second signal: to cut them), and
 *   on SIGHUP has each re-read its TLS files and allowlists. The workers leave signals to it.
 * Its exit code is the workers' worst: 0 when every one stopped cleanly.
 */
import cluster, { type Worker } from 'node:cluster';
import { MemoryStateStore, type StateStore } from '@gatehouse/auth';
import { serviceURL } from '../config/load.js';
import type { GatehouseConfig } from '../config/schema.js';
import { openDataFolder } from '../data/folder.js';
import type { ServiceLog } from '../logging.js';
import { choosePort, firstCredentialLines } from '../serve.js';
import { stateDatabase } from '../state/open-state-store.js';
import { Channel } from './ipc.js';
import { type StateOperation, stateOperations } from './worker-state.js';
import { describeWorkers, type WorkerPlan } from './workers.js';

/** What the primary sends a worker to start it. */
export interface WorkerStart {
  readonly config: GatehouseConfig;
  readonly configFile: string | undefined;
  /** Only the first worker prints the start-up summary. */
  readonly summary: boolean;
}

interface Running {
  readonly worker: Worker;
  readonly channel: Channel;
}

export interface PrimaryOptions {
  readonly log: ServiceLog;
  readonly configFile: string | undefined;
  readonly plan: WorkerPlan;
  /** Resolves with the first SIGTERM or SIGINT. */
  readonly stopRequested: Promise<NodeJS.Signals>;
}

class Workers {
  readonly #running = new Set<Running>();
  readonly #state: StateStore | undefined;
  readonly #start: Omit<WorkerStart, 'summary'>;
  readonly #log: ServiceLog;
  /** The exit codes of the workers that ended once stopping began. */
  readonly #codes: number[] = [];
  #allEnded: (() => void) | undefined;
  stopping = false;

  constructor(start: Omit<WorkerStart, 'summary'>, log: ServiceLog) {
    this.#start = start;
    this.#log = log;
    this.#state = stateDatabase(start.config) ? undefined : new MemoryStateStore();
  }

  /** Forks one worker; resolves when it listens, rejects with its exit code when it ends first. */
  start(summary: boolean): Promise<void> {
    const worker = cluster.fork();
    const channel = new Channel((message) => {
      if (worker.isConnected()) worker.send(message);
    });
    const running: Running = { worker, channel };
    this.#running.add(running);
    worker.on('message', (message) => channel.receive(message));
    this.#serve(running);
    channel.handle('start', () => ({ ...this.#start, summary }));
    return new Promise((resolve, reject) => {
      let ready = false;
      channel.handle('ready', () => {
        ready = true;
        resolve();
        return null;
      });
      worker.once('exit', (code, signal) => {
        channel.close('the worker ended');
        this.#running.delete(running);
        if (this.stopping) this.#codes.push(code ?? 1);
        if (!ready) reject(code || 1);
        else if (!this.stopping) this.#replace(worker.process.pid, code, signal);
        if (this.#running.size === 0) this.#allEnded?.();
      });
    });
  }

  #serve({ channel }: Running): void {
    channel.handle('state', (body) => {
      const { op, args } = body as { op: StateOperation; args: unknown[] };
      if (!this.#state || !stateOperations.includes(op)) throw new Error(`no state operation ${op}`);
      return (this.#state[op] as (...values: unknown[]) => Promise<unknown>)(...args);
    });
    channel.handle('revoked', async (revoked) => {
      const others = [...this.#running].filter((other) => other.channel !== channel);
      // A worker that ends meanwhile has no cache left to drop: its failed answer is no refusal.
      await Promise.allSettled(others.map((other) => other.channel.request('forget', revoked)));
      return null;
    });
  }

  #replace(pid: number | undefined, code: number | null, signal: string | null): void {
    this.#log.error(`worker ${pid} ended unexpectedly (${signal ?? `exit ${code}`}); starting another`);
    this.start(false).catch((exit: number) => {
      this.#log.error(`the replacement worker did not start (exit ${exit})`);
    });
  }

  /** Asks every worker to stop (`stop`: finish in-flight requests; `cut`: at once). */
  tell(kind: 'stop' | 'cut'): void {
    for (const { channel } of this.#running) channel.request(kind, null).catch(() => {});
  }

  /** Has every worker re-read its TLS files and allowlists, as SIGHUP does to one process. */
  reload(): void {
    for (const { worker } of this.#running) worker.process.kill('SIGHUP');
  }

  /** Resolves with the worst exit code once every worker has ended (call after `stopping`). */
  async ended(): Promise<number> {
    if (this.#running.size > 0) {
      await new Promise<void>((resolve) => {
        this.#allEnded = resolve;
      });
    }
    return Math.max(0, ...this.#codes);
  }
}

/** Runs the workers until a signal stops them; resolves with the exit code. */
export async function runPrimary(config: GatehouseConfig, options: PrimaryOptions): Promise<number> {
  const { log, plan } = options;
  const port = await choosePort(config.server.host, config.server.port);
  const resolved = { ...config, server: { ...config.server, port } };
  const data = await openDataFolder(resolved);
  const credentialLog = log.child({}, { level: 'info' });
  for (const line of firstCredentialLines(resolved, data, serviceURL(resolved))) credentialLog.warn(line);
  const workers = new Workers({ config: resolved, configFile: options.configFile }, log);
  process.on('SIGHUP', () => workers.reload());
  try {
    for (let index = 0; index < plan.count; index++) await workers.start(index === 0);
  } catch (exit) {
    workers.stopping = true;
    workers.tell('cut');
    await workers.ended();
    return typeof exit === 'number' && exit > 0 ? exit : 1;
  }
  log.info(describeWorkers(plan));
  log.info('ready (stop with SIGTERM or Ctrl-C)');
  const signal = await options.stopRequested;
  workers.stopping = true;
  log.info(`${signal} received, finishing in-flight requests (up to ${config.server.shutdownTimeout} ms)`);
  process.once('SIGTERM', () => workers.tell('cut'));
  process.once('SIGINT', () => workers.tell('cut'));
  workers.tell('stop');
  const code = await workers.ended();
  if (code === 0) log.info('stopped');
  else log.warn('stopped after cutting unfinished requests');
  return code;
}
