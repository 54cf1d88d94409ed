/**
 * @module service/service-metrics
 * The service's Prometheus metrics, in a registry of their own (one per app, so several apps in one
 * process never share counters): HTTP requests by route and status, logins by provider and outcome,
 * the command queue (depth, dead letters, oldest command, apply latency), resource query durations,
 * webhook calls by module and outcome, and prom-client's process metrics (CPU, memory, event loop
 * lag, handles, GC). Every label takes values from a bounded set (route templates, configured
 * provider names, loaded module names), never from what a client sent.
 */
import type { QueueStats, SettledCommand } from '@gatehouse/resources';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram.js';

/** How a login request ended: a session issued, refused, throttled, a server fault, or only begun. */
export type LoginOutcome = 'success' | 'refused' | 'throttled' | 'error' | 'started';

/** How a webhook call ended: answered, answered from the replay record, refused, or failed. */
export type WebhookOutcome = 'ok' | 'replayed' | 'rejected' | 'failed';

/** Seconds; from a cached answer (1 ms) to a slow catalog or query (30 s). */
const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds from a command's arrival to its application: a queue can hold commands for minutes. */
const applyBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #httpRequests: RequestHistogram;
  readonly #logins: Counter<'provider' | 'outcome'>;
  readonly #commandsSettled: Histogram<'command' | 'outcome'>;
  readonly #queueDepth: Gauge;
  readonly #queueDeadLetters: Gauge;
  readonly #queueOldestAge: Gauge;
  readonly #resourceQueries: Histogram<'entity' | 'status'>;
  readonly #webhookCalls: Counter<'module' | 'outcome'>;
  #queueStats: (() => Promise<QueueStats>) | undefined;
  #webhookModules: () => ReadonlySet<string> = () => new Set();

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // Counted on every answer: a histogram of its own, cheaper per observation than prom-client's.
    this.#httpRequests = new RequestHistogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status: count and duration until the answer was sent',
      buckets: durationBuckets,
      registry: this.registry,
    });
    this.#logins = new Counter({
      name: 'gatehouse_logins_total',
      help: 'Login requests by provider and outcome (success: a session was issued; started: sent on to the provider)',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.#commandsSettled = new Histogram({
      name: 'gatehouse_command_apply_seconds',
      help: 'PuppetDB commands this instance received, by command and outcome: seconds from arrival to applied or failed',
      labelNames: ['command', 'outcome'],
      buckets: applyBuckets,
      registers,
    });
    this.#queueDepth = new Gauge({
      name: 'gatehouse_command_queue_depth',
      help: 'Commands stored and not yet applied, retries included',
      registers,
    });
    this.#queueDeadLetters = new Gauge({
      name: 'gatehouse_command_queue_dead_letters',
      help: 'Commands that failed every attempt and wait for gatehouse resources commands retry|drop',
      registers,
    });
    this.#queueOldestAge = new Gauge({
      name: 'gatehouse_command_queue_oldest_age_seconds',
      help: 'Age of the oldest command not yet applied (0 when the queue is empty)',
      registers,
    });
    this.#resourceQueries = new Histogram({
      name: 'gatehouse_resource_query_duration_seconds',
      help: 'PuppetDB query API requests by entity and status: duration until the last byte was sent',
      labelNames: ['entity', 'status'],
      buckets: durationBuckets,
      registers,
    });
    this.#webhookCalls = new Counter({
      name: 'gatehouse_webhook_calls_total',
      help: 'Webhook calls by module and outcome',
      labelNames: ['module', 'outcome'],
      registers,
    });
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.#httpRequests.observe(method, route, status, seconds);
  }

  login(provider: string, outcome: LoginOutcome): void {
    this.#logins.inc({ provider, outcome });
  }

  commandSettled(settled: SettledCommand): void {
    this.#commandsSettled.observe({ command: settled.command, outcome: settled.outcome }, settled.seconds);
  }

  resourceQuery(entity: string, status: number, seconds: number): void {
    this.#resourceQueries.observe({ entity, status: String(status) }, seconds);
  }

  webhookCall(module: string, outcome: WebhookOutcome): void {
    this.#webhookCalls.inc({ module, outcome });
  }

  /** Where the queue gauges read from at each scrape. */
  watchCommandQueue(stats: () => Promise<QueueStats>): void {
    this.#queueStats = stats;
  }

  /** Where the names of the loaded webhook modules come from (labels of calls refused before dispatch). */
  watchWebhookModules(names: () => ReadonlySet<string>): void {
    this.#webhookModules = names;
  }

  isWebhookModule(name: string): boolean {
    return this.#webhookModules().has(name);
  }

  /**
   * The exposition text of every metric, the queue read once for this scrape. A queue that cannot be
   * read (its store is down) gives NaN gauges, and the rest is still answered: that is when the
   * process metrics matter most.
   */
  async exposition(now: Date = new Date()): Promise<string> {
    if (this.#queueStats) {
      const stats = await this.#queueStats().catch(() => undefined);
      this.#queueDepth.set(stats?.depth ?? Number.NaN);
      this.#queueDeadLetters.set(stats?.deadLetters ?? Number.NaN);
      const oldest = stats?.oldestReceived ? Date.parse(stats.oldestReceived) : undefined;
      const age = oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000);
      this.#queueOldestAge.set(stats ? age : Number.NaN);
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
