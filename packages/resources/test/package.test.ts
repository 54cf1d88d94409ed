/**
 * `@gatehouse/resources` as a consumer imports it: by name, in a plain Node process, through
 * node_modules and the package's exports map to the built dist/ (the other tests reach src/
 * through vitest's aliases, so only this one can catch a wrong exports map or a stale build).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Resources from '@gatehouse/resources';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectPublished,
  type ImportedByName,
  importByName,
  loadBuilt,
} from '../../../test-support/packages.js';
import * as source from '../src/index.js';

let pkg: ImportedByName;
beforeAll(() => {
  pkg = importByName('@gatehouse/resources');
}, 180_000);

describe('@gatehouse/resources imported by name', () => {
  it('resolves to dist/ with its types and exports exactly the API of src/index.ts', () => {
    expectPublished(pkg, source);
  });

  it('the built plugin opens an SQLite store and answers the version route', async () => {
    const { defaults, resourcesPlugin } = await loadBuilt<typeof Resources>(pkg);
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-resources-package-'));
    const app = Fastify();
    try {
      await app.register(resourcesPlugin, { database: join(dir, 'resources.db'), gcIntervalMs: 0 });
      const res = await app.inject({ method: 'GET', url: '/pdb/meta/v1/version' });
      expect(res.json()).toEqual({ version: defaults.puppetdbVersion });
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
