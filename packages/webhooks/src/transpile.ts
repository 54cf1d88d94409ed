/**
 * @module transpile
 * Turns a TypeScript module into an ES module file in the cache folder with
 * `ts.transpileModule` (types are erased, not checked: a module with a type error still loads,
 * a syntax error does not). Each version gets its own file name, so an edited module is a new
 * module for Node's ESM loader; the file is removed once imported.
 */
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TS from 'typescript';
import { typescript } from './typescript.js';

function compilerOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    sourceMap: false,
  };
}

/** Transpiles `source` and throws with the parser's messages when it has syntax errors. */
export function transpileToEsm(fileName: string, source: string): string {
  const ts = typescript();
  const out = ts.transpileModule(source, {
    fileName,
    compilerOptions: compilerOptions(ts),
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const text = errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ');
    throw new SyntaxError(`${path.basename(fileName)}: ${text}`);
  }
  return out.outputText;
}

/** Transpiles `source` into a versioned `.mjs` file in `cacheDir` and returns its path. */
export async function writeTranspiled(
  fileName: string,
  source: string,
  cacheDir: string,
  version: string,
): Promise<string> {
  const code = transpileToEsm(fileName, source);
  await mkdir(cacheDir, { recursive: true });
  const target = path.join(cacheDir, `${path.basename(fileName).replace(/\.[cm]?ts$/, '')}-${version}.mjs`);
  await writeFile(target, code);
  return target;
}

/** Transpiles and imports a TypeScript module through a versioned file in `cacheDir`. */
export async function importTypeScript(
  fileName: string,
  source: string,
  cacheDir: string,
  version: string,
): Promise<Record<string, unknown>> {
  const target = await writeTranspiled(fileName, source, cacheDir, version);
  try {
    return (await import(`${pathToFileURL(target).href}?v=${version}`)) as Record<string, unknown>;
  } finally {
    await unlink(target).catch(() => {});
  }
}
