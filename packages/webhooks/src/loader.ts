/**
 * @module loader
 * Loads one module file, in one of two ways. In process (trusted code): the file is imported into
 * the service itself. Isolated (the default): a worker process imports it (see isolation/). Both
 * read the JSDoc tags from the source here, in the service, and give back the module's own method
 * names, its `webhookConfig` and the runner its calls go to. `.ts`/`.mts` files are transpiled
 * into the cache folder first; .js/.mjs/.cjs are imported as they are, with a cache-busting URL so
 * an edited file is imported anew. The module name is the file name without extension (and
 * without a `.photon` suffix, so `hooks.photon.ts` is `hooks`, as in the reference).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebhookDeclarationError } from './declaration-error.js';
import { InProcessRunner } from './in-process.js';
import { ProcessRunner } from './isolation/process-runner.js';
import type { WorkerSpec } from './isolation/worker-process.js';
import { type ExportDocs, readSourceDocs, type SourceDocs, unappliedTags } from './jsdoc.js';
import type { Logger } from './logger.js';
import { exportedConfig, instantiate, ownMethodNames, pickExport } from './module-export.js';
import type { Runner } from './runner.js';
import { importTypeScript, removeTranspiled, writeTranspiled } from './transpile.js';
import type { ModuleConfig } from './types.js';

export const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.cjs'] as const;

/** The module name for a file, or undefined when the file is not a module (type declarations...). */
export function moduleNameOf(file: string): string | undefined {
  const base = path.basename(file);
  if (base.startsWith('.') || /\.d\.[cm]?ts$/.test(base)) return undefined;
  const ext = MODULE_EXTENSIONS.find((e) => base.endsWith(e));
  if (ext === undefined) return undefined;
  const name = base.slice(0, -ext.length).replace(/\.photon$/, '');
  return /^[A-Za-z0-9_.~-]+$/.test(name) ? name : undefined;
}

export function contentHash(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/** A loaded module version: what discovery needs and where its calls run. */
export interface LoadedModule {
  readonly methods: readonly string[];
  readonly docs: ExportDocs | undefined;
  readonly config: ModuleConfig | undefined;
  readonly runner: Runner;
}

/** Loads `file` (whose text is `source`) as module `name`; throws with the reason it cannot. */
export type ModuleLoader = (
  name: string,
  file: string,
  source: string,
  version: string,
) => Promise<LoadedModule>;

const isTypeScript = (file: string) => /\.[cm]?ts$/.test(file);

/**
 * The docs of the export the module turned out to be. A webhook tag anywhere else in the file is a
 * declaration that would be ignored (a `@signature` above a helper, or on an export the runtime did
 * not pick): the module does not load, so a declared check is never silently dropped.
 */
export function docsOfExport(name: string, source: SourceDocs, exportName: string): ExportDocs | undefined {
  const docs = source.exports.get(exportName);
  const stray = unappliedTags(source, docs);
  if (stray.length > 0) {
    const list = stray.map((t) => `@${t.name}${t.text ? ` ${t.text}` : ''} (line ${t.line})`).join(', ');
    const holder = exportName === '*' ? 'its exported functions' : `its export "${exportName}"`;
    throw new WebhookDeclarationError(
      `${name}: ${list} not in a JSDoc block of ${holder} or their methods; put each tag right above the exported class, object, method or function it declares`,
    );
  }
  return docs;
}

/** Trusted code: imported into the service's own thread. */
export function inProcessLoader(cacheDir: string, logger: Logger): ModuleLoader {
  return async (name, file, source, version) => {
    const docs = readSourceDocs(file, source);
    const exports = isTypeScript(file)
      ? await importTypeScript(file, source, cacheDir, version)
      : ((await import(`${pathToFileURL(file).href}?v=${version}`)) as Record<string, unknown>);
    const [exportName, exported] = pickExport(exports);
    const instance = instantiate(exported);
    return {
      methods: ownMethodNames(instance),
      docs: docsOfExport(name, docs, exportName),
      config: exportedConfig(exports, exported),
      runner: new InProcessRunner(name, instance, logger),
    };
  };
}

/** What a worker of module `name` gets: everything of {@link WorkerSpec} but what the loader knows. */
export type WorkerSettings = (name: string) => Omit<WorkerSpec, 'module' | 'url'>;

/** Isolated: each module version runs in a worker process of its own. */
export function processLoader(cacheDir: string, settings: WorkerSettings): ModuleLoader {
  return async (name, file, source, version) => {
    const docs = readSourceDocs(file, source);
    const transpiled = isTypeScript(file)
      ? await writeTranspiled(file, source, cacheDir, version)
      : undefined;
    const url = `${pathToFileURL(transpiled?.file ?? file).href}?v=${version}`;
    // Kept while this version's worker lives: a handler may import a helper lazily.
    const removeFiles = () => {
      if (transpiled) void removeTranspiled(transpiled);
    };
    try {
      const { runner, ready } = await ProcessRunner.start(
        { ...settings(name), module: name, url },
        removeFiles,
      );
      try {
        const exportDocs = docsOfExport(name, docs, ready.exportName);
        return { methods: ready.methods, docs: exportDocs, config: ready.config, runner };
      } catch (err) {
        void runner.close();
        throw err;
      }
    } catch (err) {
      removeFiles();
      throw err;
    }
  };
}
