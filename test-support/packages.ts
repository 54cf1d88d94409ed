/**
 * @module test-support/packages
 * The workspace's packages as a consumer gets them, for the tests that must not go through
 * vitest's aliases (which map `@gatehouse/*` to `src/`): built, then imported by name in a plain
 * Node process, so through node_modules, the package's `exports` map and its `dist/`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root. */
export const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the package in `packageDir` and the packages it references (`tsc -b`, a no-op when dist/
 * is current, as after `npm test`'s own build), unless GATEHOUSE_TEST_PREBUILT=1 says the caller
 * did. One lock for the workspace: a package's build also writes the dist/ of those it references.
 */
export function buildPackage(packageDir: string): void {
  if (process.env.GATEHOUSE_TEST_PREBUILT === '1') return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const lock = join(workspaceRoot, 'node_modules', '.gatehouse-build.lock');
  const result = spawnSync('flock', [lock, process.execPath, tsc, '-b', packageDir], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`tsc -b ${packageDir} failed:\n${result.stdout}${result.stderr}${result.error ?? ''}`);
  }
}

/** What a plain Node process gets from `import(name)`. */
export interface ImportedByName {
  /** The folder the name stands for in node_modules (a workspace link, resolved). */
  readonly packageDir: string;
  /** The file Node resolved the name to, through the package's `exports` map. */
  readonly entry: string;
  /** The file the `exports` map names for TypeScript (its `types` condition), if any. */
  readonly types: string | undefined;
  /** The names the module exports. */
  readonly names: readonly string[];
}

const CHILD = `const name = process.argv[1];
const api = await import(name);
console.log(JSON.stringify({ entry: import.meta.resolve(name), names: Object.keys(api) }));`;

/** Builds the package called `name` and imports it by that name from the workspace root. */
export function importByName(name: string): ImportedByName {
  const packageDir = realpathSync(join(workspaceRoot, 'node_modules', name));
  buildPackage(packageDir);
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, name], {
    cwd: workspaceRoot,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`import('${name}') failed in Node:\n${child.stderr}`);
  const { entry, names } = JSON.parse(child.stdout) as { entry: string; names: string[] };
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    exports?: { '.'?: { types?: string } };
  };
  const declared = manifest.exports?.['.']?.types;
  return {
    packageDir,
    entry: fileURLToPath(entry),
    types: declared === undefined ? undefined : join(packageDir, declared),
    names,
  };
}

/**
 * The checks every package passes: its name resolves to `dist/index.js`, the `types` condition
 * names `dist/index.d.ts` and it exists, and the built module exports exactly the names of
 * `source` (the package's `src/index.ts`), with no default export.
 */
function expectPublished(pkg: ImportedByName, source: Record<string, unknown>): void {
  expect(pkg.entry).toBe(join(pkg.packageDir, 'dist', 'index.js'));
  expect(pkg.types).toBe(join(pkg.packageDir, 'dist', 'index.d.ts'));
  expect(existsSync(pkg.types!)).toBe(true);
  expect([...pkg.names].sort()).toEqual(Object.keys(source).sort());
  expect(pkg.names).not.toContain('default');
}

/**
 * The smoke test of one package: imported by `name` in a plain Node process it resolves through
 * its exports map to dist/ and exports exactly the API of `source` (its src/index.ts); then
 * `behaviour` runs against the built module itself, loaded here from the file the name resolved to.
 */
export function describePackage<T>(
  name: string,
  source: Record<string, unknown>,
  behaviour: { readonly title: string; run(built: T): Promise<void> | void },
): void {
  describe(`${name} imported by name`, () => {
    let pkg: ImportedByName;
    beforeAll(() => {
      pkg = importByName(name);
    }, 180_000);

    it('resolves to dist/ with its types and exports exactly the API of src/index.ts', () => {
      expectPublished(pkg, source);
    });

    it(behaviour.title, async () => {
      await behaviour.run((await import(pathToFileURL(pkg.entry).href)) as T);
    });
  });
}
