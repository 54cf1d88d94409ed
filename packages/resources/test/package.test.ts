/**
 * `@gatehouse/resources` as a consumer imports it: by name, through node_modules and the package's
 * exports map to the built dist/ (the other tests reach src/ through vitest's aliases, so only this
 * one can catch a wrong exports map or a stale build).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Resources from '@gatehouse/resources';
import Fastify from 'fastify';
import { expect } from 'vitest';
import { describePackage } from '../../../test-support/packages.js';
import * as source from '../src/index.js';

describePackage<typeof Resources>('@gatehouse/resources', source, {
  title: 'the built plugin opens an SQLite store and answers the version route',
  run: async ({ defaults, resourcesPlugin }) => {
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
  },
});
