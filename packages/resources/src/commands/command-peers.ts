/**
 * @module commands/command-peers
 * What instances sharing one database tell each other about the durable queue, as a seam the
 * service fills (on PostgreSQL with `LISTEN/NOTIFY`): that a command was stored, so an idle
 * consumer elsewhere takes it at once, and that one was settled, so a client waiting on another
 * instance is answered at once. Signals are best effort; while `listening` is false the processor
 * and the consumers poll the queue instead, and once it is true again they look once for what
 * they may have missed.
 */

import type { ApplyOutcome } from './apply-catalog.js';

/** One signal between instances. */
export type CommandSignal =
  | { readonly kind: 'stored' }
  | { readonly kind: 'settled'; readonly uuid: string; readonly outcome: ApplyOutcome }
  | { readonly kind: 'settled'; readonly uuid: string; readonly failed: string };

/** Who hears the signals of the other instances. */
export interface CommandPeerListener {
  /** A signal of another instance (never this instance's own). */
  signal(signal: CommandSignal): void;
  /** Listening began (true) or was lost (false). */
  listening(listening: boolean): void;
}

/** The other instances on the same database. */
export interface CommandPeers {
  /** True while signals of the other instances arrive. */
  readonly listening: boolean;
  /** Tells every other instance; never throws (a lost signal is what the fallback poll is for). */
  publish(signal: CommandSignal): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: CommandPeerListener): () => void;
}
