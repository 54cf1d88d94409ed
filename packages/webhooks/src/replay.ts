/**
 * @module replay
 * Replay protection by delivery id. The first delivery of an id runs the handler; a duplicate
 * within the window gets the first delivery's answer and the handler does not run again, also when
 * the duplicate arrives while the first is still running (it waits for the same answer). Only
 * successful (2xx) answers are kept: after a failure the sender's retry with the same id runs the
 * handler again, which is what senders that retry on failure expect. Memory is bounded by
 * `maxEntries`; the oldest entries go first.
 */

/** A finished HTTP answer, kept as bytes so a replay is identical. */
export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

interface Entry {
  expires: number;
  answer: Promise<Answer>;
}

export class ReplayStore {
  readonly #entries = new Map<string, Entry>();
  readonly #windowMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(windowMs: number, maxEntries: number, now: () => number = Date.now) {
    this.#windowMs = windowMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Runs `first` for a new id, or returns the stored answer of an id seen within the window. */
  async run(key: string, first: () => Promise<Answer>): Promise<{ answer: Answer; replayed: boolean }> {
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return { answer: await hit.answer, replayed: true };
    this.#prune(now);
    const answer = first();
    const entry: Entry = { expires: now + this.#windowMs, answer };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const forget = () => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    };
    answer.then((a) => (a.status >= 200 && a.status < 300 ? undefined : forget()), forget);
    return { answer: await answer, replayed: false };
  }

  /** Drops expired entries (insertion order is expiry order) and the oldest beyond the bound. */
  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expires > now && this.#entries.size < this.#maxEntries) break;
      this.#entries.delete(key);
    }
  }
}
