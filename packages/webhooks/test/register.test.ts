/**
 * Modules registered from code, with no folder: the host-application case. The package by its
 * name (exports map, dist/) is package.test.ts's subject.
 */

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookRejection, Webhooks, webhooksPlugin } from '../src/index.js';
import { post } from './support/helpers.js';

class Orders {
  static webhookConfig = { methods: { created: { webhook: 'orders/created' } } };
  seen: string[] = [];
  handleShip(p: { id?: string }) {
    if (!p.id) throw new WebhookRejection(422, 'id is required');
    return { shipped: p.id };
  }
  created(p: { id: string }) {
    this.seen.push(p.id);
    return this.seen.length;
  }
  internal() {
    return 'no';
  }
}

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify();
  await app.register(webhooksPlugin, { prefix: '/hooks' });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

describe('register()', () => {
  it('exposes the handlers of a class instance, with config paths, at a custom prefix', async () => {
    expect(app.webhooks.register('shop', new Orders()).sort()).toEqual(['handleShip', 'orders/created']);
    expect((await post(base, '/hooks/shop/handleShip', { id: 'o1' })).body).toEqual({
      success: true,
      data: { shipped: 'o1' },
    });
    expect((await post(base, '/hooks/shop/orders/created', { id: 'o1' })).body).toEqual({
      success: true,
      data: 1,
    });
    expect((await post(base, '/hooks/shop/internal')).status).toBe(404);
    expect((await post(base, '/webhook/shop/handleShip')).status).toBe(404);
  });

  it('lets a handler refuse with its own 4xx and message', async () => {
    const res = await post(base, '/hooks/shop/handleShip', {});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'id is required' });
  });

  it('unregisters', async () => {
    app.webhooks.register('temp', { handleX: () => 'x' });
    expect((await post(base, '/hooks/temp/handleX')).status).toBe(200);
    expect(app.webhooks.unregister('temp')).toBe(true);
    expect((await post(base, '/hooks/temp/handleX')).status).toBe(404);
  });

  it('refuses a bad module name or target', () => {
    const webhooks = new Webhooks();
    expect(() => webhooks.register('a/b', {})).toThrow(/invalid module name/);
    expect(() => webhooks.register('a', null as unknown as object)).toThrow(/needs an object/);
    expect(() => new WebhookRejection(500, 'x')).toThrow(/400-499/);
  });

  it('checks plugin options at registration', async () => {
    const other = Fastify();
    await expect(other.register(webhooksPlugin, { prefix: 'nope' }).ready()).rejects.toThrow(
      /^@gatehouse\/webhooks: prefix must start with "\/"/,
    );
    await other.close();
  });

  it('works inside a prefixed context of the host app', async () => {
    const host = Fastify();
    await host.register(
      async (api) => {
        await api.register(webhooksPlugin, {});
        api.webhooks.register('m', { handleX: () => 'x' });
      },
      { prefix: '/api/v1' },
    );
    const res = await host.inject({ method: 'POST', url: '/api/v1/webhook/m/handleX', payload: {} });
    expect(res.json()).toEqual({ success: true, data: 'x' });
    await host.close();
  });

  it('leaves the rest of the app alone (its JSON parser and 404)', async () => {
    const host = Fastify();
    await host.register(webhooksPlugin, {});
    host.post('/echo', async (req) => req.body);
    const res = await host.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(res.json()).toEqual({ a: 1 });
    expect((await host.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(404);
    await host.close();
  });
});
