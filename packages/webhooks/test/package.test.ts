/**
 * `@gatehouse/webhooks` as a consumer imports it: by name, through node_modules and the package's
 * exports map to the built dist/ (the other tests reach src/ through vitest's aliases, so only this
 * one can catch a wrong exports map or a stale build).
 */
import type * as Webhooks from '@gatehouse/webhooks';
import Fastify from 'fastify';
import { expect } from 'vitest';
import { describePackage } from '../../../test-support/packages.js';
import * as source from '../src/index.js';

describePackage<typeof Webhooks>('@gatehouse/webhooks', source, {
  title: 'the built plugin serves a module registered from code',
  run: async ({ webhooksPlugin }) => {
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
  },
});
