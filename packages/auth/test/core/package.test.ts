/**
 * `@gatehouse/auth` as a consumer imports it: by name, in a plain Node process, through
 * node_modules and the package's exports map to the built dist/ (the other tests reach src/
 * through vitest's aliases, so only this one can catch a wrong exports map or a stale build).
 */
import type * as Auth from '@gatehouse/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectPublished,
  type ImportedByName,
  importByName,
  loadBuilt,
} from '../../../../test-support/packages.js';
import * as source from '../../src/index.js';

let pkg: ImportedByName;
beforeAll(() => {
  pkg = importByName('@gatehouse/auth');
}, 180_000);

describe('@gatehouse/auth imported by name', () => {
  it('resolves to dist/ with its types and exports exactly the API of src/index.ts', () => {
    expectPublished(pkg, source);
  });

  it('the built Service refuses a missing secretReader at construction', async () => {
    const auth = await loadBuilt<typeof Auth>(pkg);
    expect(() => new auth.Service({} as Auth.Opts)).toThrow('@gatehouse/auth: secretReader is required');
  });
});
