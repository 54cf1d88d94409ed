/**
 * @module cluster/primary-channel
 * A worker's one channel to its primary process, made on first use; `undefined` in a process that
 * no primary started as a worker (the primary marks its workers' environment and keeps an IPC
 * channel to each). The worker stops taking requests on it when the primary goes away.
 */
import { Channel } from './ipc.js';

/** The environment variable a primary sets for its workers. */
export const WORKER_MARK = 'GATEHOUSE_WORKER';

let channel: Channel | undefined;

export function primaryChannel(): Channel | undefined {
  if (channel) return channel;
  if (process.env[WORKER_MARK] !== '1' || !process.send) return undefined;
  // Not handed on to whatever this process starts.
  delete process.env[WORKER_MARK];
  const send = process.send.bind(process);
  const opened = new Channel((message) => send(message));
  process.on('message', (message) => opened.receive(message));
  process.once('disconnect', () => opened.close('the primary process is gone'));
  channel = opened;
  return channel;
}
