/**
 * @module isolation/network
 * Outbound network for a sandboxed worker whose module is granted it (`modules.<name>.network`):
 * slirp4netns, a user-mode TCP/IP stack, gives the worker's network namespace an interface whose
 * traffic leaves through the service's own sockets, as connections the service could make. With
 * `--disable-host-loopback` the stack refuses the gateway's loopback address, so the worker reaches
 * the outside but never the host's 127.0.0.1 (the service, a database on loopback). Chosen over
 * pasta for being in Debian stable in a version with that switch and a ready signal.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const BINARY = 'slirp4netns';

/** Undefined when slirp4netns can be run here; else why not. */
export function networkProblem(): string | undefined {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8', timeout: 5000 });
  if (probe.error || probe.status !== 0) return `${BINARY} is not installed (apt-get install ${BINARY})`;
  return undefined;
}

/** Waits until process `pid` (the sandbox's unshare) has entered a network namespace of its own. */
async function ownNetworkNamespace(pid: number, deadline: number): Promise<void> {
  const host = readlinkSync('/proc/self/ns/net');
  for (;;) {
    let current: string | undefined;
    try {
      current = readlinkSync(`/proc/${pid}/ns/net`);
    } catch {
      throw new Error('the worker ended before its network was set up');
    }
    if (current !== host) return;
    if (Date.now() > deadline) throw new Error('the worker got no network namespace in time');
    await sleep(5);
  }
}

/**
 * Attaches slirp4netns to the network namespace of process `pid` and resolves once the interface is
 * up; the returned process ends with the worker (the caller kills it when the worker exits).
 */
export async function attachNetwork(pid: number, timeoutMs: number): Promise<ChildProcess> {
  await ownNetworkNamespace(pid, Date.now() + timeoutMs);
  const asRoot = process.getuid?.() === 0;
  const args = ['--configure', '--mtu=65520', '--disable-host-loopback', '--ready-fd=3'];
  if (!asRoot) args.push(`--userns-path=/proc/${pid}/ns/user`);
  const stack = spawn(BINARY, [...args, String(pid), 'tap0'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  stack.unref();
  let errors = '';
  stack.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-500);
  });
  const ready = stack.stdio[3] as Socket;
  // Neither the stack nor its pipes keep the host alive: it ends with its worker.
  ready.unref();
  (stack.stderr as Socket | null)?.unref();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail('not ready in time'), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      stack.kill('SIGKILL');
      reject(new Error(`${BINARY} could not give the worker a network: ${why} ${errors.trim()}`.trim()));
    };
    ready.once('data', () => {
      clearTimeout(timer);
      resolve();
    });
    stack.once('exit', (code) => fail(`exited with code ${code}`));
    stack.once('error', (err) => fail(err.message));
  });
  stack.removeAllListeners('exit');
  return stack;
}
