/**
 * @module replay
 * Replay protection by delivery id, kept in a {@link StateStore} so that instances sharing one store
 * (the service's PostgreSQL table) see each other's deliveries. The first delivery of a key claims it
 * (set-if-absent, as "pending" for the call's time) and runs the handler; a successful (2xx) answer
 * is then kept for the window, and a duplicate gets it and does not run the handler. A failure
 * (500, 503, 504) releases the key, so the sender's retry runs the handler again. A duplicate that
 * arrives while the first is running waits for its answer: on the same instance for the same
 * promise, on another by polling the store until the call's time is up (then 409, retry later).
 * If the store cannot be reached the delivery is refused (503), never run unprotected.
 */
import type { StateStore } from './state-store.js';

/** A finished HTTP answer, kept as text so a replay is identical. */
export interface Answer {
  readonly status: number;
  /** The body; base64 of the bytes when `base64` is set (a raw answer with a binary body). */
  readonly body: string;
  readonly base64?: boolean;
  /** Default `application/json; charset=utf-8`. */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type ReplayOutcome =
  | { readonly kind: 'ran'; readonly answer: Answer }
  | { readonly kind: 'replayed'; readonly answer: Answer }
  | { readonly kind: 'in-progress' }
  | { readonly kind: 'store-failed'; readonly error: unknown };

const PENDING = 'pending';
/** How long a claim outlives the call's own deadline (the answer still has to be stored). */
const CLAIM_MARGIN_MS = 5_000;
const POLL_MS = 50;

function parseAnswer(value: string): Answer | undefined {
  try {
    const answer = JSON.parse(value) as Answer;
    return typeof answer.status === 'number' && typeof answer.body === 'string' ? answer : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReplayStore {
  readonly #store: StateStore;
  readonly #windowMs: number;
  /** Calls running on this instance, so local duplicates share one answer without polling. */
  readonly #running = new Map<string, Promise<Answer>>();

  constructor(store: StateStore, windowMs: number) {
    this.#store = store;
    this.#windowMs = windowMs;
  }

  /** Runs `first` for a new key, or answers what the key's first delivery answered. */
  async run(key: string, first: () => Promise<Answer>, timeoutMs: number): Promise<ReplayOutcome> {
    const local = this.#running.get(key);
    if (local) return { kind: 'replayed', answer: await local };
    try {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await this.#store.setIfAbsent(key, PENDING, timeoutMs + CLAIM_MARGIN_MS))
          return { kind: 'ran', answer: await this.#runClaimed(key, first) };
        const value = await this.#store.get(key);
        const stored = value === undefined || value === PENDING ? undefined : parseAnswer(value);
        if (stored) return { kind: 'replayed', answer: stored };
        const running = this.#running.get(key);
        if (running) return { kind: 'replayed', answer: await running };
        if (value === PENDING && Date.now() >= deadline) return { kind: 'in-progress' };
        if (value === PENDING) await sleep(POLL_MS);
      }
    } catch (error) {
      return { kind: 'store-failed', error };
    }
  }

  async #runClaimed(key: string, first: () => Promise<Answer>): Promise<Answer> {
    const answer = first();
    this.#running.set(key, answer);
    const done = await answer;
    try {
      if (done.status >= 200 && done.status < 300)
        await this.#store.set(key, JSON.stringify(done), this.#windowMs);
      else await this.#store.delete(key);
    } catch {
      // The handler has run: its answer goes out. The claim expires by itself (its duplicates wait
      // or get 409 until then), so a sender's retry cannot run the handler twice meanwhile.
    } finally {
      this.#running.delete(key);
    }
    return done;
  }
}
