/**
 * @module folder
 * Keeps the modules of a folder loaded: reads every module file, loads the ones whose content
 * changed, drops the ones that disappeared, and with `watch` re-reads the folder after changes
 * (fs.watch on the folder and its subfolders plus a debounce, since editors write in several
 * steps). A file that fails to load leaves the last good version in place and logs why. Re-reads
 * never overlap. Any other file (a helper in `lib/`, a data file) that changes reloads every module,
 * since a module cannot say which of them it imports: the new versions import the helper anew.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
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
  /** One watcher per folder walked (fs.watch is not recursive on every platform), once `watch` ran. */
  readonly #watchers = new Map<string, FSWatcher>();
  #debounceMs: number | undefined;
  /** The folders the last re-read walked. */
  #dirs: readonly string[] = [];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  /** Size and time of every file besides the modules, as last read; undefined before the first sync. */
  #helpers: string | undefined;

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
      this.#logger.logf(
        '[ERROR] webhooks: cannot read modules folder %s: %s',
        this.#dir,
        (err as Error).message,
      );
      return byName;
    }
    for (const entry of entries) {
      const name = moduleNameOf(entry);
      if (name === undefined) continue;
      if (byName.has(name))
        this.#logger.logf('[WARN] webhooks: %s ignored, module %s is %s', entry, name, byName.get(name));
      else byName.set(name, entry);
    }
    return byName;
  }

  /**
   * Every file of the folder and its subfolders that is not a module, as `path size mtime` lines (a
   * change to one is a changed helper), and the folders walked. Dot folders (the cache among them)
   * and node_modules are left out.
   */
  async #walkHelpers(modules: ReadonlySet<string>): Promise<{ stamp: string; dirs: string[] }> {
    const lines: string[] = [];
    const dirs: string[] = [];
    const walk = async (dir: string, top: boolean): Promise<void> => {
      dirs.push(dir);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full, false);
        else if (entry.isFile() && !(top && modules.has(entry.name))) {
          const info = await stat(full).catch(() => undefined);
          if (info) lines.push(`${path.relative(this.#dir, full)} ${info.size} ${info.mtimeMs}`);
        }
      }
    };
    await walk(this.#dir, true);
    return { stamp: lines.join('\n'), dirs };
  }

  async #syncOnce(): Promise<void> {
    const present = await this.#listModules();
    const { stamp, dirs } = await this.#walkHelpers(new Set(present.values()));
    const helpersChanged = this.#helpers !== undefined && stamp !== this.#helpers;
    this.#helpers = stamp;
    this.#dirs = dirs;
    if (this.#debounceMs !== undefined) this.#watchDirs(dirs);
    if (helpersChanged) this.#logger.logf('[INFO] webhooks: a helper file changed, reloading every module');
    for (const [name, known] of this.#known) {
      if (present.get(name) !== path.basename(known.file)) {
        this.#known.delete(name);
        this.failures.delete(name);
        this.#events.removed(name);
        this.#logger.logf('[INFO] webhooks: module %s removed', name);
      }
    }
    // In parallel: an isolated module's load starts a worker process, which takes a while each.
    await Promise.all(
      [...present].map(([name, entry]) =>
        this.#loadIfChanged(name, path.join(this.#dir, entry), helpersChanged),
      ),
    );
  }

  async #loadIfChanged(name: string, file: string, force: boolean): Promise<void> {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch {
      return; // removed between listing and reading; the next event re-reads the folder
    }
    const hash = contentHash(source);
    if (!force && this.#known.get(name)?.hash === hash) return;
    let loaded: LoadedModule | undefined;
    try {
      loaded = await this.#load(name, file, source, `${hash}-${Date.now().toString(36)}`);
      this.#events.loaded(name, file, loaded);
      this.#known.set(name, { file, hash });
      this.failures.delete(name);
      this.#logger.logf('[INFO] webhooks: module %s loaded from %s', name, file);
    } catch (err) {
      void loaded?.runner.close();
      this.failures.set(name, { file, error: err });
      const known = this.#known.get(name);
      const outcome = known ? 'keeping the last good version' : 'not served';
      // A declaration error says all there is to say; an import error keeps its stack.
      const why = err instanceof WebhookDeclarationError ? err.message : err;
      this.#logger.logf('[ERROR] webhooks: module %s (%s) failed to load, %s: %s', name, file, outcome, why);
      // Remember the bad hash only if a good version is loaded, so fixing the file reloads it.
      if (known) this.#known.set(name, { file: known.file, hash });
    }
  }

  /** Starts watching the folder and its subfolders for changes (re-read after `debounceMs` of quiet). */
  watch(debounceMs: number): void {
    if (this.#debounceMs !== undefined) return;
    this.#debounceMs = debounceMs;
    this.#watchDirs(this.#dirs);
  }

  /** Watches each of `dirs` (the folder always), and stops watching folders that are gone. */
  #watchDirs(dirs: readonly string[]): void {
    const wanted = new Set([this.#dir, ...dirs]);
    for (const [dir, watcher] of this.#watchers) {
      if (wanted.has(dir)) continue;
      watcher.close();
      this.#watchers.delete(dir);
    }
    for (const dir of wanted) {
      if (this.#watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: false }, (_event, fileName) => {
          if (typeof fileName === 'string' && fileName.startsWith('.')) return; // the cache folder
          clearTimeout(this.#timer);
          this.#timer = setTimeout(() => void this.sync(), this.#debounceMs);
        });
        watcher.on('error', (err) => this.#logger.logf('[WARN] webhooks: watching %s failed: %s', dir, err));
        this.#watchers.set(dir, watcher);
      } catch (err) {
        this.#logger.logf('[WARN] webhooks: cannot watch %s: %s', dir, (err as Error).message);
      }
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#debounceMs = undefined;
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
    await this.#running;
  }
}
