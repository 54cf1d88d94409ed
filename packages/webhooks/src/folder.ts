/**
 * @module folder
 * Keeps the modules of a folder loaded: reads every module file, loads the ones whose content
 * changed, drops the ones that disappeared, and with `watch` re-reads the folder after changes
 * (fs.watch on the folder plus a debounce, since editors write in several steps). A file that
 * fails to load leaves the last good version in place and logs why. Re-reads never overlap.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { WebhookDeclarationError } from './declaration-error.js';
import { contentHash, type LoadedModule, type ModuleLoader, moduleNameOf } from './loader.js';
import type { Logger } from './logger.js';

export interface FolderEvents {
  /** A module was loaded (or reloaded); throwing here counts as a failed load. */
  loaded(name: string, file: string, loaded: LoadedModule): void;
  removed(name: string): void;
}

interface Known {
  file: string;
  hash: string;
}

export class ModuleFolder {
  readonly #dir: string;
  readonly #load: ModuleLoader;
  readonly #events: FolderEvents;
  readonly #logger: Logger;
  readonly #known = new Map<string, Known>();
  /** Modules whose current file failed to load, with why; emptied for a module once it loads. */
  readonly failures = new Map<string, { file: string; error: unknown }>();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(dir: string, load: ModuleLoader, events: FolderEvents, logger: Logger) {
    this.#dir = dir;
    this.#load = load;
    this.#events = events;
    this.#logger = logger;
  }

  /** Re-reads the folder now; resolves when every change is applied. */
  sync(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#syncLoop().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #syncLoop(): Promise<void> {
    do {
      this.#again = false;
      await this.#syncOnce();
    } while (this.#again);
  }

  async #listModules(): Promise<Map<string, string>> {
    const byName = new Map<string, string>();
    let entries: string[];
    try {
      entries = (await readdir(this.#dir)).sort();
    } catch (err) {
      this.#logger.logf('webhooks: cannot read modules folder %s: %s', this.#dir, (err as Error).message);
      return byName;
    }
    for (const entry of entries) {
      const name = moduleNameOf(entry);
      if (name === undefined) continue;
      if (byName.has(name))
        this.#logger.logf('webhooks: %s ignored, module %s is %s', entry, name, byName.get(name));
      else byName.set(name, entry);
    }
    return byName;
  }

  async #syncOnce(): Promise<void> {
    const present = await this.#listModules();
    for (const [name, known] of this.#known) {
      if (present.get(name) !== path.basename(known.file)) {
        this.#known.delete(name);
        this.failures.delete(name);
        this.#events.removed(name);
        this.#logger.logf('webhooks: module %s removed', name);
      }
    }
    // In parallel: an isolated module's load starts a worker process, which takes a while each.
    await Promise.all(
      [...present].map(([name, entry]) => this.#loadIfChanged(name, path.join(this.#dir, entry))),
    );
  }

  async #loadIfChanged(name: string, file: string): Promise<void> {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch {
      return; // removed between listing and reading; the next event re-reads the folder
    }
    const hash = contentHash(source);
    if (this.#known.get(name)?.hash === hash) return;
    let loaded: LoadedModule | undefined;
    try {
      loaded = await this.#load(name, file, source, `${hash}-${Date.now().toString(36)}`);
      this.#events.loaded(name, file, loaded);
      this.#known.set(name, { file, hash });
      this.failures.delete(name);
      this.#logger.logf('webhooks: module %s loaded from %s', name, file);
    } catch (err) {
      void loaded?.runner.close();
      this.failures.set(name, { file, error: err });
      const known = this.#known.get(name);
      const outcome = known ? 'keeping the last good version' : 'not served';
      // A declaration error says all there is to say; an import error keeps its stack.
      const why = err instanceof WebhookDeclarationError ? err.message : err;
      this.#logger.logf('webhooks: module %s (%s) failed to load, %s: %s', name, file, outcome, why);
      // Remember the bad hash only if a good version is loaded, so fixing the file reloads it.
      if (known) this.#known.set(name, { file: known.file, hash });
    }
  }

  /** Starts watching the folder for changes. */
  watch(debounceMs: number): void {
    if (this.#watcher) return;
    try {
      this.#watcher = watch(this.#dir, { persistent: false }, (_event, fileName) => {
        if (typeof fileName === 'string' && fileName.startsWith('.')) return; // the cache folder
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => void this.sync(), debounceMs);
      });
      this.#watcher.on('error', (err) =>
        this.#logger.logf('webhooks: watching %s failed: %s', this.#dir, err),
      );
    } catch (err) {
      this.#logger.logf('webhooks: cannot watch %s: %s', this.#dir, (err as Error).message);
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
    await this.#running;
  }
}
