/**
 * The arrows of the repository's ARCHITECTURE.md, checked on every relative import of the server's
 * sources: an area's folder imports leaves and the area contract, never another area nor `config/`;
 * a leaf imports only leaves; only the files that compose the service know the whole configuration.
 * (Import cycles in every package are `npm run cycles`' business.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const leaves = [
  'access',
  'state',
  'data',
  'service',
  'settings',
  'tls',
  'body-limits',
  'logging.ts',
  'version.ts',
];

/**
 * The files that compose the service and so may hold the whole `GatehouseConfig`: the config itself,
 * the app and its start, the CLI and its commands (they load the config), the package's door, and
 * the primary of `server.workers`, which hands its whole config to each worker it starts (the worker
 * then runs `startService` with it, as `commands/serve.ts` does).
 */
const composition = ['config', 'app.ts', 'serve.ts', 'index.ts', 'cli.ts', 'cli', 'commands'];
const compositionFiles = ['cluster/primary.ts'];

/** The functions that take the whole config, by file; in `config/` and `commands/` any may. */
const wholeConfigFunctions: Record<string, readonly string[]> = {
  'app.ts': ['buildApp', 'areasOf'],
  'serve.ts': ['startService'],
};

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support'),
);

/** Every `from './...'` of every source file, as paths relative to `src/`. */
function imports(): { from: string; to: string }[] {
  return sources.flatMap((file) =>
    [...readFileSync(join(src, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => ({
      from: file,
      to: relative(src, resolve(dirname(join(src, file)), match[1]!)).replace(/\.js$/, '.ts'),
    })),
  );
}

/** `areas/<name>` for a file in an area's folder, the first path segment otherwise. */
function unit(path: string): string {
  const [first, second, third] = path.split('/');
  return first === 'areas' && third !== undefined ? `areas/${second}` : first!;
}

const isLeaf = (path: string) => leaves.includes(unit(path));
const composes = (path: string) => composition.includes(unit(path)) || compositionFiles.includes(path);

/** `file: function` for every function, method or arrow with a parameter typed `GatehouseConfig`. */
function takersOfWholeConfig(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) && node.type?.getText(source) === 'GatehouseConfig') {
      const owner = node.parent;
      const named = ts.isFunctionDeclaration(owner) || ts.isMethodDeclaration(owner) ? owner.name : undefined;
      const declared = ts.isVariableDeclaration(owner.parent) ? owner.parent.name : undefined;
      found.push(`${file}: ${(named ?? declared)?.getText(source) ?? '(anonymous)'}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the arrows of ARCHITECTURE.md', () => {
  const all = imports();

  it('reads the imports of the whole tree', () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it('an area imports leaves and areas/area.ts, never another area nor config/', () => {
    const wrong = all.filter(({ from, to }) => {
      if (!unit(from).startsWith('areas/') || unit(to) === unit(from)) return false;
      return !(isLeaf(to) || to === 'areas/area.ts');
    });
    expect(wrong).toEqual([]);
  });

  it('a leaf imports only leaves', () => {
    expect(all.filter(({ from, to }) => isLeaf(from) && !isLeaf(to))).toEqual([]);
  });

  it('the area contract imports only leaves', () => {
    expect(all.filter(({ from, to }) => from === 'areas/area.ts' && !isLeaf(to))).toEqual([]);
  });

  it('only the files that compose the service import config/', () => {
    expect(all.filter(({ from, to }) => unit(to) === 'config' && !composes(from))).toEqual([]);
  });

  it('only the functions that compose the service take the whole GatehouseConfig', () => {
    const allowed = (taker: string) => {
      const [file, name] = taker.split(': ') as [string, string];
      return ['config', 'commands'].includes(unit(file)) || wholeConfigFunctions[file]?.includes(name);
    };
    const takers = sources.flatMap(takersOfWholeConfig);
    expect(takers).toContain('app.ts: buildApp'); // the scan sees parameters
    expect(takers.filter((taker) => !allowed(taker))).toEqual([]);
  });
});
