/**
 * `gatehouse` as a consumer imports it: by name, in a plain Node process, through node_modules and
 * the package's exports map to the built dist/ (the other tests reach src/ through vitest's
 * aliases, so only this one can catch a wrong exports map or a stale build).
 */
import type * as Gatehouse from 'gatehouse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectPublished,
  type ImportedByName,
  importByName,
  loadBuilt,
} from '../../../test-support/packages.js';
import * as source from '../src/index.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

let pkg: ImportedByName;
beforeAll(() => {
  pkg = importByName('gatehouse');
}, 180_000);

describe('gatehouse imported by name', () => {
  it('resolves to dist/ with its types and exports exactly the API of src/index.ts', () => {
    expectPublished(pkg, source);
  });

  it('the built loadConfig gives the embedded defaults', async () => {
    const { loadConfig } = await loadBuilt<typeof Gatehouse>(pkg);
    const { config } = loadConfig({ cwd: tempDir(), env: {} });
    expect(config.server.port).toBe(8080);
  });
});
