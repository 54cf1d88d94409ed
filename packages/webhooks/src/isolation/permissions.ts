/**
 * @module isolation/permissions
 * The Node.js permission model flags of a worker process: the worker may read only the folders it
 * needs (this package's compiled code, the modules folder, its transpile cache, and the
 * `node_modules` folders a module's imports resolve from), and may not write files, start
 * processes or threads, or load native addons. Anything else the service user can read, such as
 * the data folder with the JWT signing secret and the credentials file, is out of its reach.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `dist/` of this package: the worker's own code. Always the compiled code, also when the
 * service's side runs from `src/` (tests): the worker is a plain Node process without TypeScript.
 */
export const PACKAGE_CODE_DIR = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'dist');

/** Every `node_modules` folder from `dir` up to the root, as Node's resolution walks them. */
export function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    const candidate = path.join(at, 'node_modules');
    if (existsSync(candidate)) found.push(candidate);
    const parent = path.dirname(at);
    if (parent === at) return found;
    at = parent;
  }
}

/** Whether `inner` is `outer` or inside it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The folders a worker for modules in `modulesDir` (transpiled into `cacheDir`) may read. */
export function readablePaths(modulesDir: string, cacheDir: string): string[] {
  const paths = [PACKAGE_CODE_DIR, modulesDir, cacheDir, ...nodeModulesAbove(modulesDir)];
  return [...new Set(paths.map((p) => path.resolve(p)))];
}

/** The `execArgv` granting read access to `paths` and nothing else. */
export function permissionArgs(paths: readonly string[]): string[] {
  return ['--permission', ...paths.map((p) => `--allow-fs-read=${p}`)];
}

/**
 * Throws a TypeError when one of `privatePaths` (the data folder, the credentials file) lies
 * inside a folder workers may read: the isolation could not keep its promise.
 */
export function checkPrivatePaths(readable: readonly string[], privatePaths: readonly string[]): void {
  for (const secret of privatePaths) {
    const exposed = readable.find((dir) => isInside(path.resolve(secret), dir));
    if (exposed !== undefined) {
      throw new TypeError(
        `@gatehouse/webhooks: ${secret} lies inside ${exposed}, which webhook workers may read; move the modules folder or the data folder apart`,
      );
    }
  }
}
