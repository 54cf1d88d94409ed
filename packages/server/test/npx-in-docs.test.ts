/**
 * `npx gatehouse` runs this repository's command only inside the repository: elsewhere npx would
 * fetch and run the unrelated npm package called `gatehouse`. The docs use it only where the reader
 * is in the repository, after saying so, and name the service's package `@gatehouse/server`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../../test-support/packages.js';

const read = (path: string) => readFileSync(join(workspaceRoot, path), 'utf8');
const WARNING = 'never `npx gatehouse` outside\nthe repository';

describe('npx gatehouse in the docs', () => {
  it.each([
    'packages/auth/README.md',
    'packages/resources/README.md',
    'packages/webhooks/README.md',
    'CHANGELOG.md',
  ])('%s never tells to run it', (file) => {
    expect(read(file)).not.toMatch(/npx gatehouse\b/);
  });

  it('the README uses it only in the tour, after saying where it works', () => {
    const readme = read('README.md');
    const warning = readme.indexOf(WARNING);
    expect(warning).toBeGreaterThan(readme.indexOf('## A tour over HTTP'));
    expect(readme.indexOf('npx gatehouse ')).toBeGreaterThan(warning);
  });

  it('the server README uses it only for the repository, before any other install', () => {
    const readme = read('packages/server/README.md');
    const uses = [...readme.matchAll(/npx gatehouse /g)].map((match) => match.index);
    expect(uses.length).toBeGreaterThan(0);
    // The Install section's repository block and the example right after it.
    for (const at of uses) expect(at).toBeLessThan(readme.indexOf('## Commands'));
    expect(readme).toContain('do not `npx gatehouse`\noutside this repository');
    expect(JSON.parse(read('packages/server/package.json')).name).toBe('@gatehouse/server');
  });
});
