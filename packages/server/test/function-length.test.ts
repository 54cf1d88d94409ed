/**
 * The house rule "functions ≤ 80 lines", read with the TypeScript compiler: every function,
 * method, arrow and accessor with a body in the `src/` of the packages listed (the tests beside the
 * code included, their `describe` callbacks too). To guard another package, add its folder name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const guarded = ['server', 'webhooks'];
const MAX_LINES = 80;

/** `package/src/file:line (n lines)` for each function of the file longer than {@link MAX_LINES}. */
function longFunctions(pkg: string, file: string): string[] {
  const text = readFileSync(join(packagesDir, pkg, 'src', file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > MAX_LINES) found.push(`${pkg}/src/${file}:${first + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  for (const pkg of guarded) {
    it(`no function in packages/${pkg}/src is longer than ${MAX_LINES} lines`, () => {
      const files = readdirSync(join(packagesDir, pkg, 'src'), { recursive: true, encoding: 'utf8' }).filter(
        (name) => name.endsWith('.ts'),
      );
      expect(files.length).toBeGreaterThan(10);
      expect(files.flatMap((file) => longFunctions(pkg, file))).toEqual([]);
    });
  }
});
