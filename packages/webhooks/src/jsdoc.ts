/**
 * @module jsdoc
 * Reads the JSDoc tags of a module's exports from its source with the TypeScript compiler API (the
 * same parser for .ts and .js), for every way a module can export its handlers: an ES class or
 * object (`export default`, `export class`, `export const`, `export { x }`), an exported instance
 * (`export default new X()`), exported functions (`export function handleA`), and CommonJS
 * (`module.exports = class|object|new X()`, `exports.handleA = function`). Only tags are read here;
 * which methods become handlers is decided in discover.ts against the loaded runtime object.
 *
 * It also lists every webhook tag of the file (`@webhook`, `@signature`, `@timeout`, `@raw` after
 * whitespace in a `/** … *\/` block, as TypeScript reads tags, wherever the block stands), so that a tag the reader could not tie to the
 * module's export is a load error instead of a declaration silently ignored (see
 * {@link unappliedTags}).
 */
import type * as TS from 'typescript';
import { typescript } from './typescript.js';

/** A JSDoc tag: lower-case name (tags are matched case-insensitively), its text and where it is. */
export interface DocTag {
  readonly name: string;
  readonly text: string;
  /** Offset of its `@` in the source. */
  readonly pos: number;
  /** 1-based line of its `@`. */
  readonly line: number;
}

/** The tags on one exported class, object or set of functions, and on each of its members. */
export interface ExportDocs {
  readonly own: readonly DocTag[];
  readonly members: ReadonlyMap<string, readonly DocTag[]>;
}

export interface SourceDocs {
  /** Export name (`default` for the default export or `module.exports`, `*` for the exported functions). */
  readonly exports: ReadonlyMap<string, ExportDocs>;
  /** Every webhook tag in the file's JSDoc comments. */
  readonly tags: readonly DocTag[];
}

/** The tags this package reads; any other tag is documentation. */
export const WEBHOOK_TAGS: ReadonlySet<string> = new Set(['webhook', 'signature', 'timeout', 'raw']);

type Holder = TS.ClassLikeDeclaration | TS.ObjectLiteralExpression;
type Local =
  | { readonly kind: 'holder'; readonly docs: ExportDocs }
  | { readonly kind: 'function'; readonly tags: DocTag[] };

function lineOf(file: TS.SourceFile, pos: number): number {
  return file.getLineAndCharacterOfPosition(pos).line + 1;
}

function tagsOf(file: TS.SourceFile, ...nodes: TS.Node[]): DocTag[] {
  const ts = typescript();
  const seen = new Set<number>();
  const out: DocTag[] = [];
  for (const node of nodes) {
    for (const tag of ts.getJSDocTags(node)) {
      const pos = tag.tagName.getStart(file) - 1;
      if (seen.has(pos)) continue;
      seen.add(pos);
      out.push({
        name: tag.tagName.text.toLowerCase(),
        text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
        pos,
        line: lineOf(file, pos),
      });
    }
  }
  return out;
}

function memberName(name: TS.PropertyName | undefined): string | undefined {
  const ts = typescript();
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function isFunctionValue(node: TS.Node | undefined): boolean {
  const ts = typescript();
  return node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
}

/** The tags of a local function that `node` names (`{ handleA }`, `exports.a = handleA`), if any. */
function functionTagsOf(node: TS.Node | undefined, locals: Map<string, Local>): DocTag[] {
  const ts = typescript();
  if (node === undefined || !ts.isIdentifier(node)) return [];
  const local = locals.get(node.text);
  return local?.kind === 'function' ? local.tags : [];
}

function membersOf(file: TS.SourceFile, holder: Holder, locals: Map<string, Local>): Map<string, DocTag[]> {
  const ts = typescript();
  const members = new Map<string, DocTag[]>();
  const elements: readonly TS.Node[] = ts.isObjectLiteralExpression(holder)
    ? holder.properties
    : holder.members;
  for (const el of elements) {
    let name: string | undefined;
    let tags: DocTag[] = [];
    if (ts.isMethodDeclaration(el)) name = memberName(el.name);
    else if (
      (ts.isPropertyAssignment(el) || ts.isPropertyDeclaration(el)) &&
      (isFunctionValue(el.initializer) || (el.initializer && ts.isIdentifier(el.initializer)))
    ) {
      name = memberName(el.name);
      tags = functionTagsOf(el.initializer, locals);
    } else if (ts.isShorthandPropertyAssignment(el)) {
      name = el.name.text;
      tags = functionTagsOf(el.name, locals);
    }
    if (name !== undefined && !members.has(name)) members.set(name, [...tagsOf(file, el), ...tags]);
  }
  return members;
}

function docsOf(
  file: TS.SourceFile,
  holder: Holder,
  locals: Map<string, Local>,
  ...at: TS.Node[]
): ExportDocs {
  return { own: tagsOf(file, ...at), members: membersOf(file, holder, locals) };
}

function hasModifier(node: TS.Node, kind: TS.SyntaxKind): boolean {
  const ts = typescript();
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/**
 * Top-level classes, functions and `const x = {…} | class {…} | () => … | function …`, by local name.
 * Two passes: object literals may name functions declared further down (`{ handleA }`).
 */
function localDeclarations(file: TS.SourceFile): Map<string, Local> {
  const ts = typescript();
  const locals = new Map<string, Local>();
  for (const st of file.statements) {
    if (ts.isFunctionDeclaration(st) && st.name)
      locals.set(st.name.text, { kind: 'function', tags: tagsOf(file, st) });
    if (!ts.isVariableStatement(st)) continue;
    for (const decl of st.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && isFunctionValue(decl.initializer))
        locals.set(decl.name.text, { kind: 'function', tags: tagsOf(file, decl) });
    }
  }
  for (const st of file.statements) {
    if (ts.isClassDeclaration(st) && st.name)
      locals.set(st.name.text, { kind: 'holder', docs: docsOf(file, st, locals, st) });
    if (!ts.isVariableStatement(st)) continue;
    for (const decl of st.declarationList.declarations) {
      const docs = ts.isIdentifier(decl.name)
        ? expressionDocs(file, decl.initializer, locals, decl)
        : undefined;
      if (docs && ts.isIdentifier(decl.name)) locals.set(decl.name.text, { kind: 'holder', docs });
    }
  }
  return locals;
}

/** The docs of a class or object an expression stands for: a literal, a local name, `new X()`. */
function expressionDocs(
  file: TS.SourceFile,
  expr: TS.Expression | undefined,
  locals: Map<string, Local>,
  at: TS.Node,
): ExportDocs | undefined {
  const ts = typescript();
  if (expr === undefined) return undefined;
  if (ts.isParenthesizedExpression(expr)) return expressionDocs(file, expr.expression, locals, at);
  if (ts.isObjectLiteralExpression(expr)) return docsOf(file, expr, locals, at);
  if (ts.isClassExpression(expr)) return docsOf(file, expr, locals, at, expr);
  let named: ExportDocs | undefined;
  if (ts.isIdentifier(expr)) {
    const local = locals.get(expr.text);
    named = local?.kind === 'holder' ? local.docs : undefined;
  } else if (ts.isNewExpression(expr)) {
    named = expressionDocs(file, expr.expression, locals, expr);
  }
  // A JSDoc block above `export default new X()` or `module.exports = X` counts for the module too.
  return named && { own: [...named.own, ...tagsOf(file, at)], members: named.members };
}

/** `module.exports` (true), `exports.x` / `module.exports.x` (the name), or neither (undefined). */
function commonJsTarget(node: TS.Expression): true | string | undefined {
  const ts = typescript();
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  const isModuleExports = (n: TS.Expression) =>
    ts.isPropertyAccessExpression(n) &&
    ts.isIdentifier(n.expression) &&
    n.expression.text === 'module' &&
    n.name.text === 'exports';
  if (isModuleExports(node)) return true;
  if (
    isModuleExports(node.expression) ||
    (ts.isIdentifier(node.expression) && node.expression.text === 'exports')
  )
    return node.name.text;
  return undefined;
}

/** Every webhook tag at the start of a line of a `/** … *\/` comment anywhere in the file. */
function allWebhookTags(file: TS.SourceFile): DocTag[] {
  const ts = typescript();
  const text = file.text;
  const seen = new Set<number>();
  const found: DocTag[] = [];
  const visit = (node: TS.Node) => {
    // Leading ranges start after the first line break; a block on the line of the token before it
    // (`class A { /** @webhook */ m() {} }`) is that token's trailing comment.
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ];
    for (const range of ranges) {
      if (seen.has(range.pos) || text.slice(range.pos, range.pos + 3) !== '/**') continue;
      seen.add(range.pos);
      const comment = text.slice(range.pos, range.end);
      // As TypeScript reads JSDoc: a tag is an `@name` after whitespace or at the start of the block.
      for (const match of comment.matchAll(/(?<=^\/\*\*|\s)@([A-Za-z]+)([^\n@]*)/g)) {
        const name = (match[1] ?? '').toLowerCase();
        if (!WEBHOOK_TAGS.has(name)) continue;
        const pos = range.pos + match.index;
        const words = (match[2] ?? '').replace(/\*\/\s*$/, '').trim();
        found.push({ name, text: words, pos, line: lineOf(file, pos) });
      }
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return found.sort((a, b) => a.pos - b.pos);
}

/** Parses `source` (named `fileName`, whose extension picks TS or JS) and returns its exports' tags. */
export function readSourceDocs(fileName: string, source: string): SourceDocs {
  const ts = typescript();
  const kind = /\.[cm]?js$/i.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const locals = localDeclarations(file);
  const out = new Map<string, ExportDocs>();
  const functions = new Map<string, DocTag[]>();
  const commonJsMembers = new Map<string, DocTag[]>();
  const holderOrFunction = (local: string, exported: string) => {
    const found = locals.get(local);
    if (found?.kind === 'holder') out.set(exported, found.docs);
    if (found?.kind === 'function') functions.set(exported, found.tags);
  };
  for (const st of file.statements) {
    const exported = hasModifier(st, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(st, ts.SyntaxKind.DefaultKeyword);
    if (ts.isClassDeclaration(st) && exported) {
      const docs = docsOf(file, st, locals, st);
      if (isDefault) out.set('default', docs);
      else if (st.name) out.set(st.name.text, docs);
    } else if (ts.isFunctionDeclaration(st) && exported && !isDefault && st.name) {
      functions.set(st.name.text, tagsOf(file, st));
    } else if (ts.isVariableStatement(st) && exported) {
      for (const decl of st.declarationList.declarations)
        if (ts.isIdentifier(decl.name)) holderOrFunction(decl.name.text, decl.name.text);
    } else if (ts.isExportAssignment(st) && !st.isExportEquals) {
      const docs = expressionDocs(file, st.expression, locals, st);
      if (docs) out.set('default', docs);
    } else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const spec of st.exportClause.elements)
        holderOrFunction((spec.propertyName ?? spec.name).text, spec.name.text);
    } else if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression)) {
      const { left, operatorToken, right } = st.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const target = commonJsTarget(left);
      if (target === true) {
        const docs = expressionDocs(file, right, locals, st);
        if (docs) out.set('default', docs);
      } else if (target !== undefined) {
        commonJsMembers.set(target, [...tagsOf(file, st), ...functionTagsOf(right, locals)]);
      }
    }
  }
  if (commonJsMembers.size > 0) {
    const base = out.get('default');
    out.set('default', {
      own: base?.own ?? [],
      members: new Map([...(base?.members ?? []), ...commonJsMembers]),
    });
  }
  if (functions.size > 0) out.set('*', { own: [], members: functions });
  return { exports: out, tags: allWebhookTags(file) };
}

/** The webhook tags of the file that are not part of `docs` (the export the module turned out to be). */
export function unappliedTags(source: SourceDocs, docs: ExportDocs | undefined): DocTag[] {
  const applied = new Set<number>();
  for (const tag of docs?.own ?? []) applied.add(tag.pos);
  for (const tags of docs?.members.values() ?? []) for (const tag of tags) applied.add(tag.pos);
  return source.tags.filter((tag) => !applied.has(tag.pos));
}
