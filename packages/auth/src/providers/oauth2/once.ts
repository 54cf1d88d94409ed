/**
 * @module providers/oauth2/once
 * Remembers which handshake states were used, until they expire, so a replayed callback (same
 * cookie, same state, same code) is refused before the code reaches the provider. Per process: with
 * several instances the provider's own one-time codes remain the second line.
 */

const MAX_ENTRIES = 100_000;

export class OneTimeStates {
  readonly #used = new Map<string, number>();

  /** True the first time a state is seen; false on any replay before `expiresAtMs`. */
  consume(state: string, expiresAtMs: number): boolean {
    const now = Date.now();
    this.#prune(now);
    const seen = this.#used.get(state);
    if (seen !== undefined && seen > now) return false;
    this.#used.set(state, expiresAtMs);
    return true;
  }

  #prune(now: number): void {
    if (this.#used.size < MAX_ENTRIES / 2) {
      return;
    }
    for (const [state, exp] of this.#used) {
      if (exp <= now) this.#used.delete(state);
    }
    // Still full of live states: drop the oldest; they are the ones least likely to be replayed.
    while (this.#used.size >= MAX_ENTRIES) {
      const oldest = this.#used.keys().next().value;
      if (oldest === undefined) break;
      this.#used.delete(oldest);
    }
  }
}
