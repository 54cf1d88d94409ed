/**
 * @module registry
 * The programmatic API: a {@link Webhooks} registry holds the modules (from a folder and from
 * code), their routes and their concurrency bounds, and resolves a request target to a route.
 * A module registered from code shadows a folder module of the same name.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { WebhookDeclarationError } from './declaration-error.js';
import { discoverRoutes } from './discover.js';
import type { CallTarget } from './dispatch.js';
import { ModuleFolder } from './folder.js';
import { InProcessRunner } from './in-process.js';
import { Inbox } from './inbox.js';
import { networkProblem } from './isolation/network.js';
import { checkPrivatePaths, readablePaths } from './isolation/permissions.js';
import {
  type Confinement,
  IsolationUnavailableError,
  processConfinement,
  sandboxConfinement,
} from './isolation/sandbox.js';
import { inProcessLoader, type LoadedModule, type ModuleLoader, processLoader } from './loader.js';
import { MemoryStateStore } from './memory-state-store.js';
import { instanceConfig, ownMethodNames } from './module-export.js';
import { positiveInt, type ResolvedOptions, resolveOptions, type WebhooksOptions } from './options.js';
import { ReplayStore } from './replay.js';
import type { Runner } from './runner.js';
import { Semaphore } from './semaphore.js';
import { KNOWN_SIGNATURE_HEADERS, secretProblem } from './signatures/verify.js';
import type { ModuleConfig, RouteEntry } from './types.js';

/** A loaded module: its routes, where its calls run and its concurrency bound. */
export interface ModuleEntry {
  readonly name: string;
  readonly runner: Runner;
  readonly routes: ReadonlyMap<string, RouteEntry>;
  readonly semaphore: Semaphore;
  /** What dispatch needs per route, built once per load instead of once per call. */
  readonly targets: ReadonlyMap<string, CallTarget>;
  /** The file it came from, or `code` for {@link Webhooks.register}. */
  readonly origin: string;
}

export type Resolution =
  | {
      readonly found: true;
      readonly module: ModuleEntry;
      readonly route: RouteEntry;
      readonly target: CallTarget;
    }
  | { readonly found: false; readonly code: 'ERR_UNKNOWN_MODULE' | 'ERR_UNKNOWN_ROUTE' };

/** One row of {@link Webhooks.list}. */
export interface RouteInfo {
  readonly module: string;
  /** The module's file, or `code` for a module registered from code. */
  readonly file: string;
  readonly path: string;
  readonly method: string;
  /** The signature scheme, or `none` (then the shared secret guards it, when set). */
  readonly signature: string;
  /** Whether the handler gets the raw body (`@raw`). */
  readonly raw: boolean;
  /** The call's deadline in ms, the module's calls at once and waiting. */
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly queueLimit: number;
  /** Where its calls run: `process` (an isolated worker) or `in-process` (trusted code). */
  readonly isolation: Runner['isolation'];
}

const MODULE_NAME = /^[A-Za-z0-9_.~-]+$/;

/** Where isolated workers run; throws an IsolationUnavailableError when that cannot be had here. */
function confinementOf(options: ResolvedOptions, readable: readonly string[]): Confinement | undefined {
  if (options.isolation === 'none') return undefined;
  if (options.isolation === 'process') return processConfinement();
  const granted = Object.keys(options.modules).filter((name) => options.modules[name]?.network);
  const missing = granted.length > 0 ? networkProblem() : undefined;
  if (missing) {
    throw new IsolationUnavailableError(
      `modules ${granted.join(', ')} are granted outbound network (modules.<name>.network), which needs ${missing}`,
    );
  }
  return sandboxConfinement(options.workerUser, readable);
}

/** The loader the options ask for; for isolated workers, what each one gets. */
function folderLoader(
  options: ResolvedOptions,
  modulesDir: string,
  cacheDir: string,
): { loader: ModuleLoader; isolation: string } {
  const { logger } = options;
  const readable = readablePaths(modulesDir, cacheDir);
  if (options.isolation !== 'none') checkPrivatePaths(readable, options.privatePaths);
  // The cache folder is made at the first load (and a missing modules folder is no error): the
  // trial opens what exists now.
  const confinement = confinementOf(
    options,
    readable.filter((dir) => existsSync(dir)),
  );
  if (!confinement) return { loader: inProcessLoader(cacheDir, logger), isolation: IN_PROCESS };
  const loader = processLoader(cacheDir, (name) => {
    const env: Record<string, string> = {};
    for (const variable of options.modules[name]?.env ?? []) {
      const value = options.environment[variable];
      if (value !== undefined) env[variable] = value;
    }
    const { workerMemoryMib, loadTimeoutMs, answerLimit } = options;
    const network = options.modules[name]?.network === true;
    return {
      env,
      workerMemoryMib,
      loadTimeoutMs,
      answerLimit,
      readable,
      cwd: modulesDir,
      confinement,
      network,
      logger,
    };
  });
  return { loader, isolation: confinement.description };
}

const IN_PROCESS = 'none: folder modules run in this process (trusted code)';

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

export class Webhooks {
  readonly options: ResolvedOptions;
  readonly replay: ReplayStore;
  /** Recent deliveries per module, when the `inbox` option is set. */
  readonly inbox: Inbox | undefined;
  /**
   * How folder modules are isolated, in words (for a start-up summary): the sandbox's namespaces
   * and user, the plain worker process, or `none`.
   */
  readonly isolation: string;
  readonly #fromCode = new Map<string, ModuleEntry>();
  readonly #fromFolder = new Map<string, ModuleEntry>();
  readonly #semaphores = new Map<string, Semaphore>();
  readonly #folder: ModuleFolder | undefined;
  #started: Promise<void> | undefined;
  /** The first load is over: later loads and removals are changes to announce. */
  #loaded = false;

  constructor(options: WebhooksOptions = {}) {
    this.options = resolveOptions(options);
    const store = this.options.stateStore ?? new MemoryStateStore(this.options.replayMaxEntries);
    this.replay = new ReplayStore(store, this.options.replayWindowMs);
    this.inbox =
      this.options.inbox &&
      new Inbox(this.options.inbox, KNOWN_SIGNATURE_HEADERS, {
        store,
        modules: () => this.list().map((route) => route.module),
        logger: this.options.logger,
      });
    const { modulesDir, cacheDir, logger } = this.options;
    const folder =
      modulesDir !== undefined && cacheDir !== undefined
        ? folderLoader(this.options, modulesDir, cacheDir)
        : undefined;
    this.isolation = folder?.isolation ?? this.options.isolation;
    if (modulesDir !== undefined && folder !== undefined) {
      this.#folder = new ModuleFolder(
        modulesDir,
        folder.loader,
        {
          loaded: (name, file, loaded) => {
            const entry = this.#declared(name, file, loaded);
            void this.#fromFolder.get(name)?.runner.close();
            this.#fromFolder.set(name, entry);
            this.#changed();
          },
          removed: (name) => {
            void this.#fromFolder.get(name)?.runner.close();
            this.#fromFolder.delete(name);
            this.#changed();
          },
        },
        logger,
      );
    }
  }

  /** Loads the modules folder (when there is one) and starts watching it; once, however often called. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    if (!this.#folder) return;
    if (!(await isDirectory(this.options.modulesDir!))) {
      this.options.logger.logf(
        '[WARN] webhooks: modules folder %s does not exist; only modules registered from code are served',
        this.options.modulesDir,
      );
      return;
    }
    await this.#folder.sync();
    const refused = [...this.#folder.failures.values()].filter(
      (failure) => failure.error instanceof WebhookDeclarationError,
    );
    if (refused.length > 0) {
      await this.close();
      const reasons = refused.map(({ file, error }) => `${file}: ${(error as Error).message}`);
      throw new WebhookDeclarationError(
        `${refused.length} webhook module(s) declare what cannot be honoured:\n  ${reasons.join('\n  ')}`,
      );
    }
    this.#loaded = true;
    if (this.options.watch) this.#folder.watch(this.options.debounceMs);
  }

  #changed(): void {
    if (this.#loaded) this.options.onModulesChanged?.();
  }

  /** Re-reads the modules folder now, without waiting for the watcher. */
  async reload(): Promise<void> {
    await this.#folder?.sync();
  }

  /** Stops watching and ends every worker (after the calls it runs). */
  async close(): Promise<void> {
    await this.#folder?.close();
    await Promise.all([...this.#fromFolder.values()].map((entry) => entry.runner.close()));
  }

  /**
   * Exposes `instance` (an object or class instance) as module `name`, with the same handler rules
   * as a file, except that JSDoc cannot be read: use `config.methods[m].webhook` in place of
   * `@webhook`. Returns the route keys. Throws a TypeError for a bad name, a WebhookDeclarationError
   * for a declaration that cannot be honoured.
   */
  register(name: string, instance: object, config?: ModuleConfig): string[] {
    if (!MODULE_NAME.test(name)) throw new TypeError(`@gatehouse/webhooks: invalid module name "${name}"`);
    if (typeof instance !== 'object' || instance === null) {
      throw new TypeError('@gatehouse/webhooks: register() needs an object or class instance');
    }
    const entry = this.#declared(name, 'code', {
      methods: ownMethodNames(instance),
      docs: undefined,
      config: config ?? instanceConfig(instance),
      runner: new InProcessRunner(name, instance, this.options.logger),
    });
    this.#fromCode.set(name, entry);
    return [...entry.routes.keys()];
  }

  /** Removes a module registered from code. */
  unregister(name: string): boolean {
    return this.#fromCode.delete(name);
  }

  /** The module and route a request names. */
  resolve(module: string, route: string): Resolution {
    const entry = this.#fromCode.get(module) ?? this.#fromFolder.get(module);
    if (!entry || entry.routes.size === 0) return { found: false, code: 'ERR_UNKNOWN_MODULE' };
    const hit = entry.routes.get(route);
    if (!hit) return { found: false, code: 'ERR_UNKNOWN_ROUTE' };
    return { found: true, module: entry, route: hit, target: entry.targets.get(route)! };
  }

  /** Every exposed route, for start-up messages and tooling. */
  list(): RouteInfo[] {
    const names = new Set([...this.#fromFolder.keys(), ...this.#fromCode.keys()]);
    const rows: RouteInfo[] = [];
    for (const name of [...names].sort()) {
      const entry = (this.#fromCode.get(name) ?? this.#fromFolder.get(name))!;
      for (const route of entry.routes.values()) {
        rows.push({
          module: name,
          file: entry.origin,
          path: route.key,
          method: route.method,
          signature: route.signature?.scheme ?? 'none',
          raw: route.raw,
          timeoutMs: route.timeoutMs ?? this.options.timeoutMs,
          concurrency: entry.semaphore.limit,
          queueLimit: entry.semaphore.queueLimit,
          isolation: entry.runner.isolation,
        });
      }
    }
    return rows;
  }

  /** {@link #entry}, with any problem as a {@link WebhookDeclarationError}: the module does not load. */
  #declared(name: string, origin: string, loaded: LoadedModule): ModuleEntry {
    try {
      return this.#entry(name, origin, loaded);
    } catch (err) {
      if (err instanceof WebhookDeclarationError) throw err;
      throw new WebhookDeclarationError(
        String((err as Error).message ?? err).replace(/^@gatehouse\/webhooks: /, ''),
      );
    }
  }

  #entry(name: string, origin: string, loaded: LoadedModule): ModuleEntry {
    const { config, runner } = loaded;
    const routes = discoverRoutes({
      module: name,
      methods: loaded.methods,
      docs: loaded.docs,
      config,
      defaultSignature: this.options.defaultSignature,
    });
    // Fail closed at load: a route whose signature cannot be checked is never served.
    for (const route of routes.values()) {
      const problem = route.signature && secretProblem(route.signature, this.options.environment);
      if (problem) throw new WebhookDeclarationError(`${name}.${route.method}: ${problem}`);
    }
    const open = this.options.secret === undefined ? [...routes.values()].filter((r) => !r.signature) : [];
    const allowed = this.options.allowUnauthenticated;
    if (open.length > 0 && allowed !== true && !allowed.includes(name)) {
      const methods = open.map((r) => `${name}.${r.method}`).join(', ');
      throw new WebhookDeclarationError(
        `${methods}: no signature and no shared secret, so anyone who reaches the service could call it; add a @signature, set the shared secret, or opt this module in to unauthenticated calls (${name})`,
      );
    }
    if (routes.size === 0) this.options.logger.logf('[WARN] webhooks: module %s has no handlers', name);
    const semaphore = this.#semaphoreFor(name, config);
    const targets = new Map<string, CallTarget>();
    for (const [key, route] of routes)
      targets.set(key, { module: name, method: route.method, semaphore, runner });
    return { name, runner, routes, semaphore, targets, origin };
  }

  /** One semaphore per module name, kept across reloads so the bound holds while versions overlap. */
  #semaphoreFor(name: string, config: ModuleConfig | undefined): Semaphore {
    const limit = positiveInt(`${name}: concurrency`, config?.concurrency, this.options.concurrency);
    const queueLimit = positiveInt(`${name}: queueLimit`, config?.queueLimit, this.options.queueLimit, 0);
    let semaphore = this.#semaphores.get(name);
    if (!semaphore) {
      semaphore = new Semaphore(limit, queueLimit);
      this.#semaphores.set(name, semaphore);
    }
    semaphore.limit = limit;
    semaphore.queueLimit = queueLimit;
    return semaphore;
  }
}
