/**
 * @module isolation/worker-process
 * Starts one worker process for one loaded module version and waits until the module is
 * imported. The process gets only the environment given to it, the permission flags of
 * permissions.ts and a heap limit; its output lines go to the service's log with the module name.
 * Importing must end within the load timeout: a module that exits or hangs while it is imported is
 * a load error.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from '../logger.js';
import type { ModuleConfig } from '../types.js';
import { PACKAGE_CODE_DIR, permissionArgs } from './permissions.js';
import type { FromWorker, ToWorker } from './protocol.js';

const WORKER_ENTRY = path.join(PACKAGE_CODE_DIR, 'isolation', 'worker-main.js');
/** Longest output line passed on to the log. */
const MAX_LINE = 2000;

export interface WorkerSpec {
  readonly module: string;
  /** The URL the worker imports. */
  readonly url: string;
  /** The worker's whole environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly memoryMb: number;
  readonly loadTimeoutMs: number;
  /** Folders the worker may read. */
  readonly readable: readonly string[];
  /** The worker's working directory. */
  readonly cwd: string;
  readonly logger: Logger;
}

export interface ReadyModule {
  readonly methods: readonly string[];
  readonly exportName: string;
  readonly config: ModuleConfig | undefined;
}

/** A started worker, and what it saw happen to itself. */
export interface Worker {
  readonly child: ChildProcess;
  /** Set when the worker reported an uncaught exception or unhandled rejection. */
  fatal: string | undefined;
  /** Set when V8 reported that the heap limit was reached. */
  outOfMemory: boolean;
}

/** Passes output lines to the log; V8's out-of-memory report is noted, not copied (one line says it). */
function forwardOutput(worker: Worker, stream: NodeJS.ReadableStream | null, spec: WorkerSpec): void {
  if (!stream) return;
  let dying = false;
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    if (/heap out of memory|Reached heap limit|^<--- Last few GCs --->/.test(line)) {
      worker.outOfMemory = true;
      dying = true;
    }
    if (!dying) spec.logger.logf('webhooks: %s: %s', spec.module, line.slice(0, MAX_LINE));
  });
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was ended by ${signal}` : `exited with code ${code}`;
}

/** Starts a worker for `spec` and resolves once its module is imported; rejects with why it is not. */
export function startWorker(spec: WorkerSpec): Promise<{ worker: Worker; ready: ReadyModule }> {
  const child = fork(WORKER_ENTRY, [], {
    execArgv: [
      ...permissionArgs(spec.readable),
      `--max-old-space-size=${spec.memoryMb}`,
      '--disable-warning=ExperimentalWarning',
    ],
    env: { ...spec.env },
    cwd: spec.cwd,
    serialization: 'json',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // A process group of its own: Ctrl-C in a terminal signals the service, which finishes the calls
    // in flight before it ends its workers; a worker whose service is gone ends by itself.
    detached: true,
  });
  // Workers never keep the host alive by themselves: a host that ends (or fails to start) ends them
  // through the closed IPC channel.
  child.unref();
  child.channel?.unref();
  const worker: Worker = { child, fatal: undefined, outOfMemory: false };
  forwardOutput(worker, child.stdout, spec);
  forwardOutput(worker, child.stderr, spec);
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(why));
    };
    const timer = setTimeout(
      () => fail(`importing did not finish within ${spec.loadTimeoutMs} ms (worker killed)`),
      spec.loadTimeoutMs,
    );
    const onMessage = (message: FromWorker) => {
      if (message.type === 'ready') {
        cleanup();
        resolve({ worker, ready: message });
      } else if (message.type === 'load-failed') fail(message.error);
      else if (message.type === 'fatal') fail(message.error);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(
        `the worker ${describeExit(code, signal)} while importing the module${worker.outOfMemory ? ' (out of memory)' : ''}`,
      );
    const onError = (err: Error) => fail(`the worker could not start: ${err.message}`);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
    child.send({ type: 'load', url: spec.url } satisfies ToWorker);
  });
}
