/**
 * @module loader
 * Loads one module file: reads its source (for the JSDoc tags), imports it (.ts/.mts through
 * transpile.ts, .js/.mjs/.cjs directly, with a cache-busting URL so an edited file is imported
 * anew), picks the exported class or object and makes the one instance the routes call.
 * The module name is the file name without extension (and without a `.photon` suffix, so
 * `hooks.photon.ts` is `hooks`, as in the reference).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ExportDocs, readSourceDocs } from './jsdoc.js';
import { importTypeScript } from './transpile.js';
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

export interface LoadedFile {
  readonly instance: object;
  readonly docs: ExportDocs | undefined;
  readonly config: ModuleConfig | undefined;
}

const CONFIG_EXPORT = 'webhookConfig';

function isCandidate(value: unknown): value is object {
  return (typeof value === 'function' || typeof value === 'object') && value !== null;
}

/** The default export when it is a class or object, else the only such named export. */
function pickExport(exports: Record<string, unknown>): [string, object] {
  if (isCandidate(exports.default)) return ['default', exports.default];
  const named = Object.entries(exports).filter(([name, v]) => name !== CONFIG_EXPORT && isCandidate(v));
  if (named.length === 1) return named[0] as [string, object];
  throw new TypeError('export one class or object (preferably as the default export)');
}

function configOf(exports: Record<string, unknown>, exported: object): ModuleConfig | undefined {
  const own = (exported as Record<string, unknown>)[CONFIG_EXPORT];
  return (exports[CONFIG_EXPORT] ?? own) as ModuleConfig | undefined;
}

async function importFile(file: string, source: string, cacheDir: string, version: string) {
  if (/\.[cm]?ts$/.test(file)) return importTypeScript(file, source, cacheDir, version);
  return (await import(`${pathToFileURL(file).href}?v=${version}`)) as Record<string, unknown>;
}

/** Imports `file` (whose text is `source`) and instantiates its export. Throws on any failure. */
export async function loadModuleFile(
  file: string,
  source: string,
  cacheDir: string,
  version: string,
): Promise<LoadedFile> {
  const docs = readSourceDocs(file, source);
  const exports = await importFile(file, source, cacheDir, version);
  const [exportName, exported] = pickExport(exports);
  const instance =
    typeof exported === 'function' ? (new (exported as new () => object)() as object) : exported;
  return { instance, docs: docs.get(exportName), config: configOf(exports, exported) };
}
