/**
 * @module isolation/worker-process
 * Starts one worker process for one loaded module version and waits until the module is
 * imported. The process runs in its confinement (sandbox.ts), gets only the environment given to
 * it, the permission flags of permissions.ts and a heap limit; its output lines go to the service's
 * log with the module name, cut at a fixed length (a line without end cannot grow the service's
 * memory). Importing must end within the load timeout: a module that exits or hangs while it is
 * imported is a load error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { ModuleConfig } from '../types.js';
import { JsonChannel, LineSplitter } from './channel.js';
import { attachNetwork } from './network.js';
import { PACKAGE_CODE_DIR, permissionArgs } from './permissions.js';
import { type FromWorker, readFromWorker, type ToWorker } from './protocol.js';
import type { Confinement } from './sandbox.js';

const WORKER_ENTRY = path.join(PACKAGE_CODE_DIR, 'isolation', 'worker-main.js');
/** Longest output line passed on to the log. */
const MAX_LINE = 2000;
/** Longest output line read at all: beyond it the rest of the line is dropped unread. */
const MAX_OUTPUT_LINE = 64 * 1024;

export interface WorkerSpec {
  readonly module: string;
  /** The URL the worker imports. */
  readonly url: string;
  /** The worker's whole environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly workerMemoryMib: number;
  readonly loadTimeoutMs: number;
  /** Largest answer body; the channel takes lines of a bounded multiple of it. */
  readonly answerLimit: number;
  /** Folders the worker may read. */
  readonly readable: readonly string[];
  /** The worker's working directory. */
  readonly cwd: string;
  readonly confinement: Confinement;
  /** Outbound network (never the host's loopback) for a sandboxed worker: the module's grant. */
  readonly network: boolean;
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
  readonly channel: JsonChannel;
  /** Set when the worker reported an uncaught exception or unhandled rejection. */
  fatal: string | undefined;
  /** Set when V8 reported that the heap limit was reached. */
  outOfMemory: boolean;
  /** Set when the worker sent what the protocol does not allow; it is killed then. */
  broken: string | undefined;
  /** Where the worker's messages go once it is ready (the runner). */
  onMessage: (message: FromWorker) => void;
}

/** Passes output lines to the log; V8's out-of-memory report is noted, not copied (one line says it). */
function forwardOutput(worker: Worker, stream: NodeJS.ReadableStream | null, spec: WorkerSpec): void {
  if (!stream) return;
  let dying = false;
  const lines = new LineSplitter(
    MAX_OUTPUT_LINE,
    (line) => {
      if (/heap out of memory|Reached heap limit|^<--- Last few GCs --->/.test(line)) {
        worker.outOfMemory = true;
        dying = true;
      }
      if (!dying) spec.logger.logf('[INFO] webhooks: %s: %s', spec.module, line.slice(0, MAX_LINE));
    },
    (bytes) =>
      spec.logger.logf('[WARN] webhooks: %s: an output line of over %d bytes, dropped', spec.module, bytes),
  );
  stream.on('data', (chunk: Buffer) => lines.push(chunk));
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was ended by ${signal}` : `exited with code ${code}`;
}

/** The channel's line limit: an answer's body JSON-escaped (up to 6 characters a byte), with room. */
function channelLimit(answerLimit: number): number {
  return 8 * answerLimit + 1024 * 1024;
}

/** Spawns the worker process in its confinement, with the channel on descriptor 3. */
function spawnWorker(spec: WorkerSpec): Worker {
  const nodeArgs = [
    ...permissionArgs(spec.readable),
    `--max-old-space-size=${spec.workerMemoryMib}`,
    '--disable-warning=ExperimentalWarning',
    WORKER_ENTRY,
  ];
  const { command, args } = spec.confinement.wrap(process.execPath, nodeArgs);
  const child = spawn(command, args, {
    env: { ...spec.env },
    cwd: spec.cwd,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    // A process group of its own: Ctrl-C in a terminal signals the service, which finishes the calls
    // in flight before it ends its workers; a worker whose service is gone is ended by the kernel
    // (with-service.ts).
    detached: true,
  });
  // Workers never keep the host alive by themselves: a host that ends (or fails to start) ends them
  // through the closed channel.
  child.unref();
  const socket = child.stdio[3] as Socket;
  socket.unref();
  const worker: Worker = {
    child,
    channel: new JsonChannel(
      socket,
      channelLimit(spec.answerLimit),
      (value) => {
        const message = readFromWorker(value);
        if (message) worker.onMessage(message);
        else brokenWorker(worker, 'a message the protocol does not allow');
      },
      (why) => brokenWorker(worker, why),
    ),
    fatal: undefined,
    outOfMemory: false,
    broken: undefined,
    onMessage: () => {},
  };
  forwardOutput(worker, child.stdout, spec);
  forwardOutput(worker, child.stderr, spec);
  return worker;
}

/** A worker that broke the protocol is ended at once: nothing it sends from now on is read. */
export function brokenWorker(worker: Worker, why: string): void {
  if (worker.broken !== undefined) return;
  worker.broken = why;
  worker.onMessage = () => {};
  killWorker(worker);
}

/**
 * Ends a worker: its whole process group (spawned `detached`, the group is the worker's own), so
 * nothing of it waits for the parent-death signals to travel down the sandbox's chain.
 */
export function killWorker(worker: Pick<Worker, 'child'>): void {
  const { child } = worker;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Starts a worker for `spec` and resolves once its module is imported; rejects with why it is not. */
export function startWorker(spec: WorkerSpec): Promise<{ worker: Worker; ready: ReadyModule }> {
  const worker = spawnWorker(spec);
  const { child } = worker;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      cleanup();
      killWorker(worker);
      reject(new Error(why));
    };
    const timer = setTimeout(
      () => fail(`importing did not finish within ${spec.loadTimeoutMs} ms (worker killed)`),
      spec.loadTimeoutMs,
    );
    worker.onMessage = (message: FromWorker) => {
      if (message.type === 'ready') {
        cleanup();
        resolve({ worker, ready: message });
      } else if (message.type === 'load-failed' || message.type === 'fatal') fail(message.error);
      else fail('the worker answered before its module was loaded');
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(
        worker.broken
          ? `the worker sent ${worker.broken} while importing the module`
          : `the worker ${describeExit(code, signal)} while importing the module${worker.outOfMemory ? ' (out of memory)' : ''}`,
      );
    const onError = (err: Error) => fail(`the worker could not start: ${err.message}`);
    const cleanup = () => {
      clearTimeout(timer);
      worker.onMessage = () => {};
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.on('exit', onExit);
    child.on('error', onError);
    const load = () => {
      const problem = worker.channel.send({
        type: 'load',
        url: spec.url,
        answerLimit: spec.answerLimit,
      } satisfies ToWorker);
      if (problem) fail(`the module could not be named to its worker: ${problem}`);
    };
    if (!spec.network || spec.confinement.kind !== 'sandbox' || child.pid === undefined) return load();
    // The module is imported once its network is up: its top level may already connect.
    attachNetwork(child.pid, spec.loadTimeoutMs).then(
      (stack) => {
        if (child.exitCode !== null || child.signalCode !== null) stack.kill('SIGKILL');
        else child.once('exit', () => stack.kill('SIGKILL'));
        load();
      },
      (err: Error) => fail(err.message),
    );
  });
}
