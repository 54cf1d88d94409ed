/**
 * @module state/command-peers
 * The resources library's seam for signals between instances (`CommandPeers`: a command stored,
 * a command settled) carried by the service's peer channel, on the topic `command`.
 */
import type { CommandPeers, CommandSignal } from '@gatehouse/resources';
import type { PeerChannel } from './peer-channel.js';

const TOPIC = 'command';

function isSignal(body: unknown): body is CommandSignal {
  const kind = (body as { kind?: unknown } | null)?.kind;
  return kind === 'stored' || (kind === 'settled' && typeof (body as { uuid?: unknown }).uuid === 'string');
}

/** `CommandPeers` over `channel`. */
export function commandPeersOver(channel: PeerChannel): CommandPeers {
  return {
    get listening() {
      return channel.listening;
    },
    publish: (signal) => channel.publish(TOPIC, signal),
    subscribe: (listener) => {
      const offSignal = channel.on(TOPIC, (body) => {
        if (isSignal(body)) listener.signal(body);
      });
      const offListening = channel.onListening((listening) => listener.listening(listening));
      return () => {
        offSignal();
        offListening();
      };
    },
  };
}
