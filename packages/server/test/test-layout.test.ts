/**
 * The test layout of ARCHITECTURE.md ("Testing"), checked over every package: a test under `src/`
 * sits beside the file it tests, a package's test helpers are in its `test/support/`, and nothing
 * under `src/` is test support (so `dist/` never ships it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const names = readdirSync(packages).filter((name) => existsSync(join(packages, name, 'package.json')));

/** The files below `packages/<name>/<folder>`, relative to `packages/`. */
function filesIn(name: string, folder: string): string[] {
  const root = join(packages, name, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(packages.length));
}

/** A unit test names its file (`x.test.ts` beside `x.ts`) or imports a module of its own folder. */
function besideItsFile(test: string): boolean {
  const own = join(packages, test.replace(/\.test\.ts$/, '.ts'));
  return existsSync(own) || /from '\.\/[^']+'/.test(readFileSync(join(packages, test), 'utf8'));
}

describe('the test layout', () => {
  const sources = names.flatMap((name) => filesIn(name, 'src'));
  const tests = names.flatMap((name) => filesIn(name, 'test'));

  it('is checked over every package', () => {
    expect(names).toEqual(expect.arrayContaining(['auth', 'resources', 'server', 'webhooks']));
    expect(sources.length).toBeGreaterThan(0);
    expect(tests.length).toBeGreaterThan(0);
  });

  it('keeps test support out of src/', () => {
    const support = sources.filter((file) =>
      /(^|\/)(test-support|support|fixtures)\//.test(`${dirname(file)}/`),
    );
    expect(support).toEqual([]);
  });

  it('puts each unit test under src/ beside the file it tests', () => {
    const astray = sources.filter((file) => file.endsWith('.test.ts') && !besideItsFile(file));
    expect(astray).toEqual([]);
  });

  it("keeps a package's test helpers in its test/support/", () => {
    const helpers = tests.filter(
      (file) => /\.[mc]?[jt]s$/.test(file) && !file.endsWith('.test.ts') && !file.includes('/test/support/'),
    );
    expect(helpers).toEqual([]);
  });
});
