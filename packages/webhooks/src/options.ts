/**
 * @module options
 * The options of a {@link Webhooks} registry and of the Fastify plugin, their defaults in one
 * place ({@link defaults}), and the checks that stop a bad value at construction with a TypeError.
 * Options are resolved once, in the registry's constructor; nothing reads a default later.
 */
import path from 'node:path';
import { type AddressCheck, allowList } from './allowlist.js';
import type { InboxConfig } from './inbox.js';
import { type Logger, silentLogger } from './logger.js';
import { acceptRenamedOptions } from './options-renamed.js';
import type { RateLimitConfig } from './rate-limit.js';
import { checkSignatureConfig } from './signatures/spec.js';
import { STRIPE_DEFAULT_TOLERANCE_SEC } from './signatures/stripe.js';
import type { StateStore } from './state-store.js';
import type { SignatureConfig } from './types.js';

const MiB = 1024 * 1024;

/**
 * Every default of the options, frozen. Durations are milliseconds (names end in `Ms`), sizes bytes,
 * the worker's heap MiB; the service's config takes its defaults from here.
 */
export const defaults = Object.freeze({
  watch: true,
  /** As the reference. */
  bodyLimit: MiB,
  maxDepth: 64,
  answerLimit: MiB,
  timeoutMs: 30_000,
  concurrency: 16,
  queueLimit: 64,
  replayWindowMs: 24 * 60 * 60 * 1000,
  replayMaxEntries: 10_000,
  deliveryHeaders: Object.freeze(['webhook-id', 'idempotency-key']),
  /** Accepted clock difference of a timestamped signature (stripe, slack, standard-webhooks). */
  signatureToleranceSec: STRIPE_DEFAULT_TOLERANCE_SEC,
  /** Used when `inbox` is given; the inbox itself is off by default. */
  inbox: Object.freeze({ deliveries: 50, maxAgeMs: 60 * 60 * 1000, bodyBytes: 4096 }),
  /** A library host decides who reaches it; the service narrows this on a network address. */
  allowUnauthenticated: true as const,
  debounceMs: 100,
  isolation: 'sandbox' as Isolation,
  workerUser: 'gatehouse-webhooks',
  workerMemoryMib: 128,
  loadTimeoutMs: 10_000,
});

export interface WebhooksOptions {
  /** Folder of module files to load and watch. None: only modules registered from code. */
  modulesDir?: string;
  /** Reload modules when files in the folder change (default true). */
  watch?: boolean;
  /** Where transpiled TypeScript modules are written (default `<modulesDir>/.webhooks-cache`). */
  cacheDir?: string;
  /** The shared secret every request must carry in `X-Webhook-Secret`; unset or empty: no check. */
  secret?: string;
  /** Largest accepted body in bytes (default 1 MiB, as the reference). */
  bodyLimit?: number;
  /** Deepest nesting of objects and arrays a JSON body may have (default 64); 400 beyond it. */
  maxDepth?: number;
  /** Largest answer a handler may give, in bytes of its body (default 1 MiB); 502 beyond it. */
  answerLimit?: number;
  /** Time a call may take, queueing included, before it answers 504 (default 30000 ms). */
  timeoutMs?: number;
  /** Calls of one module that run at once (default 16). */
  concurrency?: number;
  /** Calls of one module that wait for a slot before it answers 503 (default 64). */
  queueLimit?: number;
  /** How long a delivery id is remembered (default 24 h). */
  replayWindowMs?: number;
  /** Delivery ids remembered at most without a `stateStore` (default 10000). */
  replayMaxEntries?: number;
  /** Headers read as delivery id on routes whose scheme names none (default webhook-id, idempotency-key). */
  deliveryHeaders?: readonly string[];
  /** Signature required on every route that does not declare its own. */
  defaultSignature?: SignatureConfig;
  /** Keep recent deliveries per module for inspection (`inbox()`); unset: off. */
  inbox?: Partial<InboxConfig> & {
    /** @deprecated since 0.2: `deliveries`, the same value. */
    readonly perModule?: number;
  };
  /**
   * Which modules may have unauthenticated routes (no signature scheme while no shared `secret` is
   * set): `true` (default) any; a list, only those named, any other such module is a load error.
   * A host reachable from a network passes the list its operator opted in to.
   */
  allowUnauthenticated?: true | readonly string[];
  /** Client addresses or CIDR ranges (IPv4, IPv6) allowed to call; unset: any. 403 otherwise. */
  allowedIps?: readonly string[];
  /** Calls per client address per window; unset: no limit. 429 + Retry-After beyond it. */
  rateLimit?: RateLimitConfig;
  /**
   * Where the rate limit counts and replay records are kept, shared by every instance behind one
   * load balancer (the service hands in its state store); unset: in this process only (replay
   * records bounded by `replayMaxEntries`).
   */
  stateStore?: StateStore;
  /** Quiet time after a file change before the folder is re-read (default 100 ms). */
  debounceMs?: number;
  /**
   * Where folder modules run: `sandbox` (default), a worker process per module in namespaces of its
   * own (no network but what it is granted, never loopback; no view of the host's processes) under
   * a user of its own, with only the environment it is granted and read access to its own folder;
   * `process`, the same worker process without the namespaces (a weaker isolation, chosen by name
   * where namespaces cannot be had); `none`, in the service's own thread, for trusted code only.
   * A worker of either kind dies with the host, even a SIGKILLed one (Linux, util-linux's
   * `setpriv`; elsewhere both throw an `IsolationUnavailableError`). Modules registered from code
   * always run in process.
   */
  isolation?: Isolation;
  /**
   * The user sandboxed workers run as when the host runs as root (a name or a numeric uid; default
   * `gatehouse-webhooks`). It must exist: a missing user stops start-up, never a fallback to root.
   */
  workerUser?: string;
  /** Per module: the environment variables its worker gets (`{ github: { env: ['GITHUB_TOKEN'] } }`). */
  modules?: Readonly<Record<string, ModuleGrant>>;
  /** Heap limit of one worker in MiB (default 128); a worker past it is replaced, its calls answer 500. */
  workerMemoryMib?: number;
  /** @deprecated since 0.2: `workerMemoryMib`, the same value. */
  memoryMb?: number;
  /** Time a worker may take to import its module before that is a load error (default 10000 ms). */
  loadTimeoutMs?: number;
  /** Files or folders no worker may read (the data folder...); start-up fails if a worker could. */
  privatePaths?: readonly string[];
  /** Where granted variables are read from (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>>;
  logger?: Logger;
  /**
   * Called after the watcher (or `reload()`) loaded, replaced or dropped a module of the folder, not
   * for the first load: the service tells its other instances, which reload their folders too.
   */
  onModulesChanged?: () => void;
}

export type Isolation = 'sandbox' | 'process' | 'none';

/** What one module is granted. */
export interface ModuleGrant {
  /** Names of environment variables its worker gets, with the service's values. */
  env?: readonly string[];
  /**
   * Outbound network for a sandboxed worker (a chat or Git API), through a user-mode network stack
   * (slirp4netns) that never reaches the host's loopback. Default false: no network at all.
   */
  network?: boolean;
}

export interface ResolvedOptions {
  readonly modulesDir: string | undefined;
  readonly watch: boolean;
  readonly cacheDir: string | undefined;
  readonly secret: string | undefined;
  readonly bodyLimit: number;
  readonly maxDepth: number;
  readonly answerLimit: number;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly queueLimit: number;
  readonly replayWindowMs: number;
  readonly replayMaxEntries: number;
  readonly deliveryHeaders: readonly string[];
  readonly defaultSignature: SignatureConfig | undefined;
  readonly inbox: InboxConfig | undefined;
  readonly allowUnauthenticated: true | readonly string[];
  readonly allowedIps: AddressCheck | undefined;
  readonly rateLimit: RateLimitConfig | undefined;
  readonly stateStore: StateStore | undefined;
  readonly debounceMs: number;
  readonly isolation: Isolation;
  readonly workerUser: string;
  readonly modules: Readonly<Record<string, ModuleGrant>>;
  readonly workerMemoryMib: number;
  readonly loadTimeoutMs: number;
  readonly privatePaths: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  readonly onModulesChanged: (() => void) | undefined;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkIsolation(value: Isolation | undefined): Isolation {
  if (value === undefined) return defaults.isolation;
  if (value === 'sandbox' || value === 'process' || value === 'none') return value;
  throw new TypeError(
    `@gatehouse/webhooks: isolation must be "sandbox", "process" or "none", got ${String(value)}`,
  );
}

function checkGrants(modules: Readonly<Record<string, ModuleGrant>> = {}) {
  for (const [name, grant] of Object.entries(modules)) {
    if (grant.network !== undefined && typeof grant.network !== 'boolean')
      throw new TypeError(`@gatehouse/webhooks: modules.${name}.network must be true or false`);
    for (const variable of grant.env ?? []) {
      if (!ENV_NAME.test(variable)) {
        throw new TypeError(`@gatehouse/webhooks: modules.${name}.env: "${variable}" is not a variable name`);
      }
    }
  }
  return modules;
}

/** `value` when it is an integer >= `min`, `fallback` when undefined; else a TypeError naming `name`. */
export function positiveInt(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new TypeError(`@gatehouse/webhooks: ${name} must be an integer >= ${min}, got ${String(value)}`);
  }
  return value;
}

/** Fills in {@link defaults} and checks every value; throws a TypeError naming the first bad option. */
export function resolveOptions(given: WebhooksOptions = {}): ResolvedOptions {
  const options = acceptRenamedOptions(given);
  const modulesDir = options.modulesDir === undefined ? undefined : path.resolve(options.modulesDir);
  const cacheDir = options.cacheDir ?? (modulesDir && path.join(modulesDir, '.webhooks-cache'));
  return Object.freeze({
    modulesDir,
    watch: options.watch ?? defaults.watch,
    cacheDir: cacheDir === undefined ? undefined : path.resolve(cacheDir),
    secret: options.secret ? options.secret : undefined,
    bodyLimit: positiveInt('bodyLimit', options.bodyLimit, defaults.bodyLimit),
    maxDepth: positiveInt('maxDepth', options.maxDepth, defaults.maxDepth),
    answerLimit: positiveInt('answerLimit', options.answerLimit, defaults.answerLimit),
    timeoutMs: positiveInt('timeoutMs', options.timeoutMs, defaults.timeoutMs),
    concurrency: positiveInt('concurrency', options.concurrency, defaults.concurrency),
    queueLimit: positiveInt('queueLimit', options.queueLimit, defaults.queueLimit, 0),
    replayWindowMs: positiveInt('replayWindowMs', options.replayWindowMs, defaults.replayWindowMs),
    replayMaxEntries: positiveInt('replayMaxEntries', options.replayMaxEntries, defaults.replayMaxEntries),
    deliveryHeaders: (options.deliveryHeaders ?? defaults.deliveryHeaders).map((h) => h.toLowerCase()),
    defaultSignature:
      options.defaultSignature && checkSignatureConfig(options.defaultSignature, 'defaultSignature'),
    allowUnauthenticated: options.allowUnauthenticated ?? defaults.allowUnauthenticated,
    inbox: options.inbox && resolveInbox(options.inbox),
    allowedIps: options.allowedIps && allowList(options.allowedIps),
    rateLimit: options.rateLimit && {
      max: positiveInt('rateLimit.max', options.rateLimit.max, 0, 1),
      windowMs: positiveInt('rateLimit.windowMs', options.rateLimit.windowMs, 0, 1000),
    },
    stateStore: options.stateStore,
    debounceMs: positiveInt('debounceMs', options.debounceMs, defaults.debounceMs, 0),
    isolation: checkIsolation(options.isolation),
    workerUser: options.workerUser ?? defaults.workerUser,
    modules: checkGrants(options.modules),
    workerMemoryMib: positiveInt('workerMemoryMib', options.workerMemoryMib, defaults.workerMemoryMib, 16),
    loadTimeoutMs: positiveInt('loadTimeoutMs', options.loadTimeoutMs, defaults.loadTimeoutMs),
    privatePaths: (options.privatePaths ?? []).map((p) => path.resolve(p)),
    environment: options.environment ?? process.env,
    logger: options.logger ?? silentLogger,
    onModulesChanged: options.onModulesChanged,
  });
}

function resolveInbox(inbox: Partial<InboxConfig>): InboxConfig {
  const fallback = defaults.inbox;
  return {
    deliveries: positiveInt('inbox.deliveries', inbox.deliveries, fallback.deliveries),
    maxAgeMs: positiveInt('inbox.maxAgeMs', inbox.maxAgeMs, fallback.maxAgeMs),
    bodyBytes: positiveInt('inbox.bodyBytes', inbox.bodyBytes, fallback.bodyBytes, 0),
  };
}
