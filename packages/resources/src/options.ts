/**
 * @module options
 * The options of the resources plugin, every default of the package in one place, and the checks
 * that stop a bad value at registration with a TypeError starting "@gatehouse/resources:". The
 * plugin resolves its options once and hands the resolved values to the store, the command side,
 * the collector and the routes.
 */

import { availableParallelism } from 'node:os';
import type { CommandPeers } from './commands/command-peers.js';
import type { SettledCommand } from './commands/settled-command.js';
import { type Logger, silentLogger } from './logger.js';
import type { ResourceStore } from './store/types.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MiB = 1024 * 1024;

/**
 * Every default of the package, frozen: those of the plugin's options (under the options' names)
 * beside the internal sizes and waits. Durations are milliseconds (names end in `Ms`), sizes bytes.
 * The service's `resources` config section takes its defaults from here.
 */
export const defaults = Object.freeze({
  /** First path segment of every route, as PuppetDB. */
  prefix: 'pdb',
  /** PuppetDB's node-ttl: expire nodes with no new catalog, facts or report for this long. */
  nodeTtlMs: 7 * DAY_MS,
  /** PuppetDB's node-purge-ttl: delete nodes deactivated or expired for this long. */
  purgeTtlMs: 14 * DAY_MS,
  /** PuppetDB's report-ttl: delete reports produced longer ago than this. */
  reportTtlMs: 14 * DAY_MS,
  /** PuppetDB's gc-interval. */
  gcIntervalMs: HOUR_MS,
  /** Nodes purged per collection, as PuppetDB's batch. */
  purgeBatch: 25,
  /** Big catalogs are several MiB. */
  commandBodyLimit: 64 * MiB,
  /** Longest `secondsToWaitForCompletion` honoured. */
  maxWaitSeconds: 300,
  /** How often idle queue consumers and waiters look for commands another instance stored or applied. */
  commandPollMs: 250,
  /** Attempts before a failing command becomes a dead letter. */
  commandMaxAttempts: 3,
  /** Wait before a failed command's next attempt, times the attempts so far. */
  commandRetryDelayMs: 1000,
  /** How long an applied command's row is kept, so waiters on other instances can see it. */
  keepAppliedMs: 10 * 60 * 1000,
  /** Nodes whose commands are applied at once: SQLite has one writer anyway. */
  commandConcurrency: Object.freeze({ sqlite: 1, postgres: 4 }),
  /** Commands one transaction applies at most, each in a savepoint: one commit for several. */
  commandBatch: 8,
  /**
   * A transaction claims no further command after this long, so it keeps the SQLite writer (and
   * the commands waiting to be stored before their 200) no longer than about this.
   */
  commandBatchMs: 100,
  /** Largest query POST body or GET form body. */
  queryBodyLimit: MiB,
  /** Longest query text in characters. */
  maxQueryChars: 256 * 1024,
  /** Bounds that keep a hostile query from costing unbounded parse or compile time. */
  parseLimits: Object.freeze({ maxDepth: 64, maxNodes: 10_000 }),
  /** The PuppetDB version answered by the meta and status routes: the API level implemented. */
  puppetdbVersion: '7.12.1',
  /** Time bound of every query: PostgreSQL's `statement_timeout`, SQLite's read pool (0 = none). */
  queryTimeoutMs: 30_000,
  /** Connections in a PostgreSQL store's pool. */
  postgresMaxConnections: 10,
  /**
   * Rows fetched per round trip when a PostgreSQL result is streamed (~1 MB of resources; the
   * full dump took 0.1-0.2 s less than with 500, bench/RESULTS-resources.md).
   */
  streamBatchSize: 2000,
  /** How long an SQLite writer waits for another process's lock before failing. */
  sqliteBusyTimeoutMs: 5000,
  /** Compress query answers by Accept-Encoding. */
  compression: true,
  /** Answers shorter than this are sent as they are: below 1 KiB gzip's framing eats most of the gain. */
  compressionMinBytes: 1024,
  /** SQLite read worker threads: one per core, at least 2, at most 8. */
  readWorkers: Math.min(8, Math.max(2, availableParallelism())),
  /** SQLite queries that may wait for a busy read pool before one more is refused (503). */
  readQueueLimit: 64,
  /** PuppetDB's Jolokia metrics are served only when asked for (guard them first). */
  metricsV2: false,
});

/** Options of `resourcesPlugin`. Durations are milliseconds. */
export interface ResourcesPluginOptions {
  /** An SQLite file path, a `postgres://` URL, or an already opened store (then the caller closes it). */
  readonly database: string | ResourceStore;
  /** First path segment of every route (default `pdb`, as PuppetDB). */
  readonly prefix?: string;
  readonly logger?: Logger;
  /** Expire nodes with no new catalog, facts or report for this long (default 7 days; 0 = never). */
  readonly nodeTtlMs?: number;
  /** Delete nodes inactive for this long (default 14 days; 0 = never). */
  readonly purgeTtlMs?: number;
  /** Delete reports produced longer ago than this (default 14 days, PuppetDB's report-ttl; 0 = never). */
  readonly reportTtlMs?: number;
  /** How often expiry and purge run (default 1 hour; 0 = never). */
  readonly gcIntervalMs?: number;
  /** Largest command body (default 64 MiB: big catalogs are several MiB). */
  readonly commandBodyLimit?: number;
  /** Longest `secondsToWaitForCompletion` honoured (default 300). */
  readonly maxWaitSeconds?: number;
  /** Nodes whose commands are applied at once (default 1 on SQLite, 4 on PostgreSQL). */
  readonly commandConcurrency?: number;
  /** Server clock (tests inject one). */
  readonly now?: () => Date;
  /** Largest query POST body or GET form body (default 1 MiB). */
  readonly queryBodyLimit?: number;
  /** Longest query text in characters (default 256 KiB; longer is a 413). */
  readonly maxQueryChars?: number;
  /** The PuppetDB version reported by /meta/v1/version and the status route (default 7.12.1). */
  readonly puppetdbVersion?: string;
  /**
   * Time bound of every query (default 30 000 ms; 0 = none): PostgreSQL's `statement_timeout`,
   * SQLite's read workers' limit; a query past it answers 503. Applies when `database` is a path
   * or URL (an opened store keeps its own setting).
   */
  readonly queryTimeoutMs?: number;
  /** Compress query answers by Accept-Encoding (gzip, br, deflate; default true). */
  readonly compression?: boolean;
  /** Answers shorter than this many bytes are sent uncompressed (default 1024). */
  readonly compressionMinBytes?: number;
  /** SQLite: read worker threads (default one per core, at least 2, at most 8). */
  readonly readWorkers?: number;
  /** SQLite: queries that may wait for a busy read pool (default 64); one more answers 503. */
  readonly readQueueLimit?: number;
  /** Told of each command this instance stored once it is applied or has failed (for metrics). */
  readonly onCommandSettled?: (settled: SettledCommand) => void;
  /**
   * Serve PuppetDB's Jolokia metrics, `GET /metrics/v2/list` and `/metrics/v2/read/<mbean>`, at the
   * root of the app (default false: guard them as the app's other metrics first).
   */
  readonly metricsV2?: boolean;
  /**
   * PostgreSQL: the other instances on the database (the service's `LISTEN/NOTIFY` channel): a
   * waited command applied elsewhere answers as soon as it is, and idle consumers take commands
   * stored elsewhere at once. Unset: they poll the queue every 250 ms.
   */
  readonly commandPeers?: CommandPeers;
}

/** The plugin options with every default filled in and every value checked. */
export interface ResolvedOptions {
  readonly database: string | ResourceStore;
  readonly prefix: string;
  readonly logger: Logger;
  readonly nodeTtlMs: number;
  readonly purgeTtlMs: number;
  readonly reportTtlMs: number;
  readonly gcIntervalMs: number;
  readonly commandBodyLimit: number;
  readonly maxWaitSeconds: number;
  /** Undefined: the store's dialect decides (`defaults.commandConcurrency`). */
  readonly commandConcurrency: number | undefined;
  readonly now: () => Date;
  readonly queryBodyLimit: number;
  readonly maxQueryChars: number;
  readonly puppetdbVersion: string;
  readonly queryTimeoutMs: number;
  readonly compression: boolean;
  readonly compressionMinBytes: number;
  readonly readWorkers: number;
  readonly readQueueLimit: number;
  readonly onCommandSettled: ((settled: SettledCommand) => void) | undefined;
  readonly metricsV2: boolean;
  readonly commandPeers: CommandPeers | undefined;
}

const PREFIX = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new TypeError(
      `@gatehouse/resources: \`${name}\` must be a non-negative number, not ${String(value)}`,
    );
  }
  return v;
}

function checkBoolean(name: string, value: boolean | undefined, fallback: boolean): boolean {
  const v = value ?? fallback;
  if (typeof v !== 'boolean') {
    throw new TypeError(`@gatehouse/resources: \`${name}\` must be true or false, not ${String(value)}`);
  }
  return v;
}

function checkPrefix(prefix: string | undefined): string {
  const p = prefix ?? defaults.prefix;
  if (typeof p !== 'string' || !PREFIX.test(p)) {
    throw new TypeError(
      `@gatehouse/resources: \`prefix\` must be path segments such as "pdb", not ${JSON.stringify(p)}`,
    );
  }
  return p;
}

/** Fills in the defaults and checks every value; throws a TypeError naming the first bad option. */
export function resolveOptions(options: ResourcesPluginOptions): ResolvedOptions {
  return Object.freeze({
    database: options.database,
    prefix: checkPrefix(options.prefix),
    logger: options.logger ?? silentLogger,
    nodeTtlMs: nonNegative('nodeTtlMs', options.nodeTtlMs, defaults.nodeTtlMs),
    purgeTtlMs: nonNegative('purgeTtlMs', options.purgeTtlMs, defaults.purgeTtlMs),
    reportTtlMs: nonNegative('reportTtlMs', options.reportTtlMs, defaults.reportTtlMs),
    gcIntervalMs: nonNegative('gcIntervalMs', options.gcIntervalMs, defaults.gcIntervalMs),
    commandBodyLimit: nonNegative('commandBodyLimit', options.commandBodyLimit, defaults.commandBodyLimit),
    maxWaitSeconds: nonNegative('maxWaitSeconds', options.maxWaitSeconds, defaults.maxWaitSeconds),
    commandConcurrency: options.commandConcurrency,
    now: options.now ?? (() => new Date()),
    queryBodyLimit: nonNegative('queryBodyLimit', options.queryBodyLimit, defaults.queryBodyLimit),
    maxQueryChars: nonNegative('maxQueryChars', options.maxQueryChars, defaults.maxQueryChars),
    puppetdbVersion: options.puppetdbVersion ?? defaults.puppetdbVersion,
    queryTimeoutMs: nonNegative('queryTimeoutMs', options.queryTimeoutMs, defaults.queryTimeoutMs),
    compression: checkBoolean('compression', options.compression, defaults.compression),
    compressionMinBytes: nonNegative(
      'compressionMinBytes',
      options.compressionMinBytes,
      defaults.compressionMinBytes,
    ),
    readWorkers: nonNegative('readWorkers', options.readWorkers, defaults.readWorkers),
    readQueueLimit: nonNegative('readQueueLimit', options.readQueueLimit, defaults.readQueueLimit),
    onCommandSettled: options.onCommandSettled,
    metricsV2: checkBoolean('metricsV2', options.metricsV2, defaults.metricsV2),
    commandPeers: options.commandPeers,
  });
}
