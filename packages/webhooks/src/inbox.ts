/**
 * @module inbox
 * The optional delivery inbox (off by default): the most recent deliveries of each module, with
 * what the sender sent and what it got, so a developer can see a real sender's request. Bounded by
 * a count per module and an age; secret, signature, cookie and authorization header values are
 * replaced by `[redacted]`; the body is kept as UTF-8 text cut at `bodyBytes` (its full size is
 * noted). It lives in the memory of this process.
 */

export interface InboxConfig {
  /** Deliveries kept per module (the oldest go first). */
  readonly perModule: number;
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

export class Inbox {
  readonly #config: InboxConfig;
  readonly #redacted: ReadonlySet<string>;
  readonly #byModule = new Map<string, Delivery[]>();
  readonly #now: () => number;

  constructor(config: InboxConfig, redactedHeaders: readonly string[], now: () => number = Date.now) {
    this.#config = config;
    this.#redacted = new Set([...ALWAYS_REDACTED, ...redactedHeaders]);
    this.#now = now;
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
    const { bodyBytes, perModule } = this.#config;
    const delivery: Delivery = {
      ...entry,
      headers: kept,
      body: raw.subarray(0, bodyBytes).toString('utf8'),
      bodySize: raw.length,
      bodyCut: raw.length > bodyBytes,
    };
    const list = this.#byModule.get(entry.module) ?? [];
    list.unshift(delivery);
    if (list.length > perModule) list.length = perModule;
    this.#byModule.set(entry.module, list);
  }

  /** Deliveries newest first, of one module or of all. */
  list(module?: string): Delivery[] {
    const since = this.#now() - this.#config.maxAgeMs;
    const fresh = (list: Delivery[]) => list.filter((d) => Date.parse(d.at) >= since);
    for (const [name, list] of this.#byModule) {
      const kept = fresh(list);
      if (kept.length === 0) this.#byModule.delete(name);
      else this.#byModule.set(name, kept);
    }
    const chosen =
      module === undefined ? [...this.#byModule.values()].flat() : (this.#byModule.get(module) ?? []);
    return chosen.sort((a, b) => b.at.localeCompare(a.at));
  }
}
