/**
 * @module cluster/primary-channel
 * A worker's one channel to its primary process, made on first use; `undefined` in a process that
 * is no cluster worker. The worker stops taking requests on it when the primary goes away.
 */
import cluster from 'node:cluster';
import { Channel } from './ipc.js';

let channel: Channel | undefined;

export function primaryChannel(): Channel | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  if (!channel) {
    const send = process.send.bind(process);
    const opened = new Channel((message) => send(message));
    process.on('message', (message) => opened.receive(message));
    process.once('disconnect', () => opened.close('the primary process is gone'));
    channel = opened;
  }
  return channel;
}
