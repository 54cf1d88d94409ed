/**
 * @module providers/oauth2/once
 * Remembers which handshake states were used, until their handshake expires, in the service's
 * shared state store: a replayed callback (same cookie, same state, same code) is refused before
 * the code reaches the provider, on whichever instance the replay arrives. The provider's own
 * one-time codes remain the second line.
 */
import type { StateStore } from '../../state/state-store.js';

/** Resolves true the first time `state` is used, false on any replay before `expiresAtMs`. */
export function useStateOnce(store: StateStore, state: string, expiresAtMs: number): Promise<boolean> {
  return store.setIfAbsent(`auth:oauth-state:${state}`, '1', Math.max(expiresAtMs - Date.now(), 1000));
}
