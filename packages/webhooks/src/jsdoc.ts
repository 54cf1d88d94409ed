/**
 * @module jsdoc
 * Reads the JSDoc tags of a module's exported class or object from its source with the TypeScript
 * compiler API (the same parser for .ts and .js). Only tags are read here; which methods become
 * handlers is decided in discover.ts against the loaded runtime object.
 */
import type * as TS from 'typescript';
import { typescript } from './typescript.js';

/** A JSDoc tag: lower-case name (tags are matched case-insensitively) and its text. */
export interface DocTag {
  readonly name: string;
  readonly text: string;
}

/** The tags on one exported class or object and on each of its members. */
export interface ExportDocs {
  readonly own: readonly DocTag[];
  readonly members: ReadonlyMap<string, readonly DocTag[]>;
}

/** Export name (`default` for the default export) → its tags. */
export type SourceDocs = ReadonlyMap<string, ExportDocs>;

type Holder = TS.ClassLikeDeclaration | TS.ObjectLiteralExpression;

function tagsOf(node: TS.Node): DocTag[] {
  const ts = typescript();
  return ts.getJSDocTags(node).map((tag) => ({
    name: tag.tagName.text.toLowerCase(),
    text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
  }));
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

function membersOf(holder: Holder): Map<string, DocTag[]> {
  const ts = typescript();
  const members = new Map<string, DocTag[]>();
  const elements: readonly TS.Node[] = ts.isObjectLiteralExpression(holder)
    ? holder.properties
    : holder.members;
  for (const el of elements) {
    let name: string | undefined;
    if (ts.isMethodDeclaration(el)) name = memberName(el.name);
    else if (ts.isPropertyAssignment(el) && isFunctionValue(el.initializer)) name = memberName(el.name);
    else if (ts.isPropertyDeclaration(el) && isFunctionValue(el.initializer)) name = memberName(el.name);
    if (name !== undefined && !members.has(name)) members.set(name, tagsOf(el));
  }
  return members;
}

function docsOf(holder: Holder, tagNode: TS.Node): ExportDocs {
  return { own: tagsOf(tagNode), members: membersOf(holder) };
}

function hasModifier(node: TS.Node, kind: TS.SyntaxKind): boolean {
  const ts = typescript();
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** Class declarations and `const x = {…}` / `const X = class {…}` at the top level, by local name. */
function localHolders(file: TS.SourceFile): Map<string, ExportDocs> {
  const ts = typescript();
  const locals = new Map<string, ExportDocs>();
  for (const st of file.statements) {
    if (ts.isClassDeclaration(st) && st.name) locals.set(st.name.text, docsOf(st, st));
    if (!ts.isVariableStatement(st)) continue;
    for (const decl of st.declarationList.declarations) {
      const init = decl.initializer;
      if (!ts.isIdentifier(decl.name) || init === undefined) continue;
      if (ts.isObjectLiteralExpression(init) || ts.isClassExpression(init)) {
        locals.set(decl.name.text, docsOf(init, ts.isClassExpression(init) ? init : decl));
      }
    }
  }
  return locals;
}

function holderOfExpression(expr: TS.Expression, locals: Map<string, ExportDocs>, at: TS.Node) {
  const ts = typescript();
  if (ts.isIdentifier(expr)) return locals.get(expr.text);
  if (ts.isObjectLiteralExpression(expr)) return docsOf(expr, at);
  if (ts.isClassExpression(expr)) return docsOf(expr, expr);
  return undefined;
}

/** Parses `source` (named `fileName`, whose extension picks TS or JS) and returns its exports' tags. */
export function readSourceDocs(fileName: string, source: string): SourceDocs {
  const ts = typescript();
  const kind = /\.[cm]?js$/i.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const locals = localHolders(file);
  const out = new Map<string, ExportDocs>();
  for (const st of file.statements) {
    if (ts.isClassDeclaration(st) && hasModifier(st, ts.SyntaxKind.ExportKeyword)) {
      const docs = docsOf(st, st);
      if (hasModifier(st, ts.SyntaxKind.DefaultKeyword)) out.set('default', docs);
      else if (st.name) out.set(st.name.text, docs);
    } else if (ts.isVariableStatement(st) && hasModifier(st, ts.SyntaxKind.ExportKeyword)) {
      for (const decl of st.declarationList.declarations) {
        const docs = ts.isIdentifier(decl.name) ? locals.get(decl.name.text) : undefined;
        if (docs && ts.isIdentifier(decl.name)) out.set(decl.name.text, docs);
      }
    } else if (ts.isExportAssignment(st) && !st.isExportEquals) {
      const docs = holderOfExpression(st.expression, locals, st);
      if (docs) out.set('default', docs);
    } else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const spec of st.exportClause.elements) {
        const docs = locals.get((spec.propertyName ?? spec.name).text);
        if (docs) out.set(spec.name.text, docs);
      }
    }
  }
  return out;
}
