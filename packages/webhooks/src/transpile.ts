/**
 * @module transpile
 * Turns a TypeScript module into an ES module file in the cache folder with
 * `ts.transpileModule` (types are erased, not checked: a module with a type error still loads,
 * a syntax error does not). Each version gets its own file name, so an edited module is a new
 * module for Node's ESM loader.
 *
 * The transpiled file lives in the cache folder, not beside its source, so its relative imports
 * are rewritten to point where the source's would: `./helper.js` becomes the URL of the sibling
 * `helper.js` when there is one, else of `helper.ts` (or `.mts`) transpiled the same way (the
 * TypeScript habit of importing a `.ts` sibling by its `.js` name). Package imports stay as they
 * are and resolve from the cache folder, which by default lies inside the modules folder.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
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

/** Rewrites the string literal of every static import, re-export and `import('...')` through `rewrite`. */
function specifierRewriter(
  ts: typeof TS,
  rewrite: (specifier: string) => string,
): TS.TransformerFactory<TS.SourceFile> {
  return (context) => {
    const { factory } = context;
    const visit = (node: TS.Node): TS.Node => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const to = rewrite(node.moduleSpecifier.text);
        return factory.updateImportDeclaration(
          node,
          node.modifiers,
          node.importClause,
          factory.createStringLiteral(to),
          node.attributes,
        );
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const to = rewrite(node.moduleSpecifier.text);
        return factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          factory.createStringLiteral(to),
          node.attributes,
        );
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments.length >= 1 &&
        ts.isStringLiteral(node.arguments[0]!)
      ) {
        const to = rewrite((node.arguments[0] as TS.StringLiteral).text);
        return factory.updateCallExpression(node, node.expression, node.typeArguments, [
          factory.createStringLiteral(to),
          ...node.arguments.slice(1),
        ]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit) as TS.SourceFile;
  };
}

/** Transpiles `source`; throws with the parser's messages when it has syntax errors. */
export function transpileToEsm(
  fileName: string,
  source: string,
  rewrite: (specifier: string) => string = (s) => s,
): string {
  const ts = typescript();
  const out = ts.transpileModule(source, {
    fileName,
    compilerOptions: compilerOptions(ts),
    reportDiagnostics: true,
    transformers: { before: [specifierRewriter(ts, rewrite)] },
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const text = errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ');
    throw new SyntaxError(`${path.basename(fileName)}: ${text}`);
  }
  return out.outputText;
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/** The TypeScript source a relative `.js`/`.mjs`/extensionless import means, when no such JS file exists. */
function typeScriptSibling(target: string): string | undefined {
  const candidates = /\.m?js$/.test(target)
    ? [target.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts')]
    : [`${target}.ts`, `${target}.mts`, target];
  return candidates.find((file) => /\.m?ts$/.test(file) && existsSync(file));
}

/** The transpiled files of one module version: the module first, then the helpers it imports. */
export interface Transpiled {
  readonly file: string;
  readonly written: readonly string[];
}

/** Transpiles `source` (and the TypeScript siblings it imports) into versioned `.mjs` files in `cacheDir`. */
export async function writeTranspiled(
  fileName: string,
  source: string,
  cacheDir: string,
  version: string,
): Promise<Transpiled> {
  await mkdir(cacheDir, { recursive: true });
  // One file per source and version; the path's hash keeps same-named helpers of two folders apart.
  const targetOf = (from: string) => {
    const tag = createHash('sha256').update(from).digest('hex').slice(0, 8);
    return path.join(cacheDir, `${path.basename(from).replace(/\.[cm]?ts$/, '')}-${tag}-${version}.mjs`);
  };
  const seen = new Set<string>();
  const written: string[] = [];
  const emit = async (from: string, text: string): Promise<void> => {
    seen.add(from);
    const helpers: string[] = [];
    const code = transpileToEsm(from, text, (specifier) => {
      if (!isRelative(specifier)) return specifier;
      const wanted = path.resolve(path.dirname(from), specifier);
      if (existsSync(wanted) && !/\.[cm]?ts$/.test(wanted)) return pathToFileURL(wanted).href;
      const sibling = typeScriptSibling(wanted);
      if (sibling === undefined) return pathToFileURL(wanted).href; // Node reports it missing, naming the file
      if (!seen.has(sibling)) {
        seen.add(sibling);
        helpers.push(sibling);
      }
      return pathToFileURL(targetOf(sibling)).href;
    });
    await writeFile(targetOf(from), code);
    written.push(targetOf(from));
    for (const helper of helpers) await emit(helper, await readFile(helper, 'utf8'));
  };
  const file = path.resolve(fileName);
  await emit(file, source);
  return { file: targetOf(file), written };
}

/** Removes the files of {@link writeTranspiled}; missing ones are no error. */
export async function removeTranspiled(transpiled: Transpiled): Promise<void> {
  await Promise.all(transpiled.written.map((file) => unlink(file).catch(() => {})));
}

/** Transpiles and imports a TypeScript module through versioned files in `cacheDir`. */
export async function importTypeScript(
  fileName: string,
  source: string,
  cacheDir: string,
  version: string,
): Promise<Record<string, unknown>> {
  const transpiled = await writeTranspiled(fileName, source, cacheDir, version);
  try {
    return (await import(`${pathToFileURL(transpiled.file).href}?v=${version}`)) as Record<string, unknown>;
  } finally {
    await removeTranspiled(transpiled);
  }
}
