/**
 * `@gatehouse/webhooks` as a consumer imports it: by name, in a plain Node process, through
 * node_modules and the package's exports map to the built dist/ (the other tests reach src/
 * through vitest's aliases, so only this one can catch a wrong exports map or a stale build).
 */
import type * as Webhooks from '@gatehouse/webhooks';
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
  pkg = importByName('@gatehouse/webhooks');
}, 180_000);

describe('@gatehouse/webhooks imported by name', () => {
  it('resolves to dist/ with its types and exports exactly the API of src/index.ts', () => {
    expectPublished(pkg, source);
  });

  it('the built plugin serves a module registered from code', async () => {
    const { webhooksPlugin } = await loadBuilt<typeof Webhooks>(pkg);
    const app = Fastify();
    try {
      await app.register(webhooksPlugin, {});
      app.webhooks.register('greeter', { handleHello: (p: { name: string }) => `hello ${p.name}` });
      const res = await app.inject({
        method: 'POST',
        url: '/webhook/greeter/handleHello',
        payload: { name: 'Ada' },
      });
      expect(res.json()).toEqual({ success: true, data: 'hello Ada' });
    } finally {
      await app.close();
    }
  });
});
