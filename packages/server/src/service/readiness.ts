/**
 * @module service/readiness
 * What `GET /ready` asks: each area adds the checks of what it depends on (a store reachable, its
 * migrations applied, its modules loaded) and the answer is ready only when every check passes.
 * Liveness (`GET /ping`) stays apart and touches nothing: a load balancer takes an instance out of
 * rotation while it is not ready, a supervisor restarts it only when it is not alive.
 *
 * A check that fails or takes longer than the time bound says only `failed` or `timed out` in the
 * answer (the route may be public); the reason goes to the log.
 */
import type { ServiceLog } from '../logging.js';

/** A check resolves with a short detail (`3 modules`) or throws when the thing is not ready. */
export type ReadinessCheck = () => Promise<string | undefined>;

export interface CheckResult {
  readonly ok: boolean;
  readonly detail: string;
}

export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, CheckResult>>;
}

class CheckTimeout extends Error {}

/** Thrown by a check whose reason is safe to show in the answer (`2 migrations not applied`). */
export class NotReady extends Error {}

export class Readiness {
  readonly #checks = new Map<string, ReadinessCheck>();
  readonly #timeoutMs: number;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /** Adds the check `name` (e.g. `resources.store`); a name is added once. */
  add(name: string, check: ReadinessCheck): void {
    if (this.#checks.has(name)) throw new TypeError(`readiness check ${name} added twice`);
    this.#checks.set(name, check);
  }

  /** Runs every check at once, each bounded by the timeout; failures are logged with their reason. */
  async run(log: ServiceLog): Promise<ReadinessReport> {
    const names = [...this.#checks.keys()];
    const results = await Promise.all(names.map((name) => this.#runOne(this.#checks.get(name)!, name, log)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    return { ready: results.every((result) => result.ok), checks };
  }

  async #runOne(check: ReadinessCheck, name: string, log: ServiceLog): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckTimeout()), this.#timeoutMs);
    });
    try {
      const detail = await Promise.race([check(), timeout]);
      return { ok: true, detail: detail ?? 'ok' };
    } catch (error) {
      const detail =
        error instanceof CheckTimeout
          ? `timed out after ${this.#timeoutMs} ms`
          : error instanceof NotReady
            ? error.message
            : 'failed';
      log.warn({ check: name, err: error }, `readiness check ${name}: ${detail}`);
      return { ok: false, detail };
    } finally {
      clearTimeout(timer);
    }
  }
}
