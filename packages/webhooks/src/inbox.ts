/**
 * @module inbox
 * The optional delivery inbox (off by default): the most recent deliveries of each module, with
 * what the sender sent and what it got, so a developer can see a real sender's request. Bounded by
 * a count per module and an age; secret, signature, cookie and authorization header values are
 * replaced by `[redacted]`; the body is kept as UTF-8 text cut at `bodyBytes` (its full size is
 * noted).
 *
 * It lives in the state store the library is given (the service's shared one, so every instance
 * shows the same deliveries; memory for one process otherwise), as a ring per module: a delivery
 * takes the next number of the module's counter (`increment`, atomic across instances) and is
 * written to slot number mod `deliveries` with the age bound as its time to live, so the oldest go
 * first and nothing needs sweeping. A write that fails is logged and the delivery is not kept: the
 * inbox is a diagnostic and never fails a delivery.
 */
import type { Logger } from './logger.js';
import type { StateStore } from './state-store.js';

export interface InboxConfig {
  /** Deliveries kept per module (the oldest go first). */
  readonly deliveries: number;
  /** Deliveries older than this are dropped. */
  readonly maxAgeMs: number;
  /** Bytes of each body kept (the rest is cut). */
  readonly bodyBytes: number;
}

export interface Delivery {
  /** ISO time of receipt. */
  readonly at: string;
  readonly module: string;
  /** The route key below the module. */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  /** Answered from the replay store, the handler did not run. */
  readonly replayed: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: string;
  readonly body: string;
  /** The body's size in bytes, and whether `body` was cut. */
  readonly bodySize: number;
  readonly bodyCut: boolean;
}

const ALWAYS_REDACTED = ['authorization', 'proxy-authorization', 'cookie', 'x-webhook-secret'];

/** Where the inbox keeps its rings, and what it needs around it. */
export interface InboxContext {
  readonly store: StateStore;
  /** The modules served now (an `inbox.list()` of every module reads their rings). */
  readonly modules: () => Iterable<string>;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** A ring's counter outlives its slots by far: it must not restart while the slots still hold deliveries. */
const COUNTER_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export class Inbox {
  readonly #config: InboxConfig;
  readonly #redacted: ReadonlySet<string>;
  readonly #context: InboxContext;
  readonly #now: () => number;
  /** Writes of this process not yet done: a list made here waits for them. */
  readonly #writing = new Set<Promise<void>>();

  constructor(config: InboxConfig, redactedHeaders: readonly string[], context: InboxContext) {
    this.#config = config;
    this.#redacted = new Set([...ALWAYS_REDACTED, ...redactedHeaders]);
    this.#context = context;
    this.#now = context.now ?? Date.now;
  }

  /** Records one delivery; `extraRedacted` names the route's own signature header. */
  add(
    entry: Omit<Delivery, 'headers' | 'body' | 'bodySize' | 'bodyCut'>,
    headers: Readonly<Record<string, string | string[] | undefined>>,
    raw: Buffer,
    extraRedacted?: string,
  ): void {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const hidden = this.#redacted.has(name) || name === extraRedacted;
      kept[name] = hidden ? '[redacted]' : Array.isArray(value) ? value.join(', ') : value;
    }
    const { bodyBytes } = this.#config;
    const delivery: Delivery = {
      ...entry,
      headers: kept,
      body: raw.subarray(0, bodyBytes).toString('utf8'),
      bodySize: raw.length,
      bodyCut: raw.length > bodyBytes,
    };
    const writing = this.#keep(delivery).catch((error: unknown) =>
      this.#context.logger.logf(
        '[WARN] webhooks: a delivery to %s was not kept in the inbox: %s',
        entry.module,
        error,
      ),
    );
    this.#writing.add(writing);
    void writing.finally(() => this.#writing.delete(writing));
  }

  /** Deliveries newest first, of one module or of every module served. */
  async list(module?: string): Promise<Delivery[]> {
    await Promise.all(this.#writing);
    const modules = module === undefined ? [...new Set(this.#context.modules())] : [module];
    const rings = await Promise.all(modules.map((name) => this.#ring(name)));
    const since = this.#now() - this.#config.maxAgeMs;
    return rings
      .flat()
      .filter((d) => Date.parse(d.at) >= since)
      .sort((a, b) => b.at.localeCompare(a.at));
  }

  async #keep(delivery: Delivery): Promise<void> {
    const { store } = this.#context;
    const number = await store.increment(`${this.#prefix(delivery.module)}n`, COUNTER_TTL_MS);
    const slot = number % this.#config.deliveries;
    await store.set(
      `${this.#prefix(delivery.module)}${slot}`,
      JSON.stringify(delivery),
      this.#config.maxAgeMs,
    );
  }

  async #ring(module: string): Promise<Delivery[]> {
    const prefix = this.#prefix(module);
    const slots = Array.from({ length: this.#config.deliveries }, (_, slot) =>
      this.#context.store.get(`${prefix}${slot}`),
    );
    return (await Promise.all(slots)).flatMap((text) =>
      text === undefined ? [] : [JSON.parse(text) as Delivery],
    );
  }

  /** Module names are path-safe (no `:`), so one module's keys never run into another's. */
  #prefix(module: string): string {
    return `webhooks:inbox:${module}:`;
  }
}
