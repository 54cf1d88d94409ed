/**
 * The libraries' one log convention: every `logf` format starts with its level tag (`[DEBUG] `,
 * `[INFO] `, `[WARN] ` or `[ERROR] `), which the service's `libraryLogger` turns into the record's
 * level. An untagged line would be filed at info and vanish under `--log-level warn`, so this test
 * reads every `logf` call in the sources of auth, resources and webhooks with the TypeScript parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../../test-support/packages.js';

const levelTag = /^\[(DEBUG|INFO|WARN|ERROR)\] /;

/** Files that pass on a line tagged where it was written (the command thread's own log calls). */
const relays = new Set(['packages/resources/src/commands/command-thread.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support'))
    .map((name) => join(dir, name));
}

/** The text a format starts with, when it is written in place (a literal or a template's head). */
function leadingText(format: ts.Expression | undefined): string | undefined {
  if (format === undefined) return undefined;
  if (ts.isStringLiteral(format) || ts.isNoSubstitutionTemplateLiteral(format)) return format.text;
  if (ts.isTemplateExpression(format)) return format.head.text;
  return undefined;
}

/** `file:line format` of every `logf` call whose format does not start with a level tag. */
function untaggedCalls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'logf'
    ) {
      const text = leadingText(node.arguments[0]);
      if (text === undefined || !levelTag.test(text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(
          `${relative(workspaceRoot, file)}:${line + 1} ${node.arguments[0]?.getText() ?? '(none)'}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('library log levels', () => {
  for (const pkg of ['auth', 'resources', 'webhooks']) {
    it(`every logf call of @gatehouse/${pkg} starts with its level tag`, () => {
      const files = sourceFiles(join(workspaceRoot, 'packages', pkg, 'src')).filter(
        (file) => !relays.has(relative(workspaceRoot, file)),
      );
      expect(files.length).toBeGreaterThan(10);
      expect(files.flatMap(untaggedCalls)).toEqual([]);
    });
  }
});
