/**
 * @module state/state-events
 * The in-process events of the shared state, for anything that keeps a copy of what the store
 * decides (auth's cache of verified tokens, a hot-path cache): `revoked` when a session or every
 * session of a user ends, `throttle` when a login throttle blocks or clears an account or address.
 * They fire for what this instance wrote and, on PostgreSQL, for what any other instance wrote
 * (pushed through the peer channel), so a cache that forgets on `revoked` refuses a revoked
 * session on every instance within milliseconds. `{ everyone: true }` means revocations may have
 * been missed (the channel was lost and is back): forget every cached session verdict.
 *
 * The store is wrapped, not asked to announce: the libraries write their keys through the plain
 * `StateStore` interface, and the wrapper recognises auth's revocation and throttle keys as it
 * passes them on (state/state-keys.ts, whose test writes them through auth's own classes).
 */
import type { StateStore } from '@gatehouse/auth';
import type { Logger } from '../logging.js';
import type { PeerChannel } from './peer-channel.js';
import { announcedChange, type Revocation, type ThrottleChange } from './state-keys.js';

export type { Revocation, ThrottleChange } from './state-keys.js';

/** What a cache subscribes to. Each `on...` returns the function that unsubscribes. */
export interface StateEvents {
  onRevoked(listener: (revocation: Revocation) => void): () => void;
  onThrottle(listener: (change: ThrottleChange) => void): () => void;
}

const TOPIC = { revoked: 'revoked', throttle: 'throttle' } as const;

/** A `StateStore` that tells {@link StateEvents} listeners, here and on the other instances. */
export class SignallingStateStore implements StateStore, StateEvents {
  readonly #inner: StateStore;
  readonly #peers: PeerChannel | undefined;
  readonly #logger: Logger;
  readonly #revoked = new Set<(revocation: Revocation) => void>();
  readonly #throttle = new Set<(change: ThrottleChange) => void>();

  constructor(inner: StateStore, peers: PeerChannel | undefined, logger: Logger) {
    this.#inner = inner;
    this.#peers = peers;
    this.#logger = logger;
    peers?.on(TOPIC.revoked, (body) => this.#emit(this.#revoked, body as Revocation));
    peers?.on(TOPIC.throttle, (body) => this.#emit(this.#throttle, body as ThrottleChange));
    // Back after a gap: a revocation sent meanwhile was not heard.
    peers?.onListening((listening) => {
      if (listening) this.#emit(this.#revoked, { everyone: true });
    });
  }

  onRevoked(listener: (revocation: Revocation) => void): () => void {
    this.#revoked.add(listener);
    return () => this.#revoked.delete(listener);
  }

  onThrottle(listener: (change: ThrottleChange) => void): () => void {
    this.#throttle.add(listener);
    return () => this.#throttle.delete(listener);
  }

  get(key: string): Promise<string | undefined> {
    return this.#inner.get(key);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const set = await this.#inner.setIfAbsent(key, value, ttlMs);
    if (set) this.#announce(key, 'set');
    return set;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#inner.set(key, value, ttlMs);
    this.#announce(key, 'set');
  }

  async delete(key: string): Promise<void> {
    await this.#inner.delete(key);
    this.#announce(key, 'delete');
  }

  increment(key: string, ttlMs: number): Promise<number> {
    return this.#inner.increment(key, ttlMs);
  }

  /** After the write is stored: listeners here at once, the other instances through the channel. */
  #announce(key: string, write: 'set' | 'delete'): void {
    const change = announcedChange(key, write);
    if (!change) return;
    if (change.kind === 'revoked') {
      this.#emit(this.#revoked, change.revocation);
      this.#peers?.publish(TOPIC.revoked, change.revocation);
    } else {
      this.#emit(this.#throttle, change.throttle);
      this.#peers?.publish(TOPIC.throttle, change.throttle);
    }
  }

  #emit<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        this.#logger.logf('[WARN] state: an event listener failed: %s', String(error));
      }
    }
  }
}
