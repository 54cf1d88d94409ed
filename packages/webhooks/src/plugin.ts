/**
 * @module plugin
 * `webhooksPlugin`: the Fastify plugin. Wrapped with fastify-plugin so the `webhooks` decorator
 * (the registry, for `app.webhooks.register(...)`) reaches the whole app, while the routes live
 * in a child context of their own, so their raw-bytes body parser and error handler stay theirs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhooksOptions } from './options.js';
import { Webhooks } from './registry.js';
import { webhookRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export interface WebhooksPluginOptions extends WebhooksOptions {
  /** A registry built elsewhere (its options win); otherwise the plugin builds one from these options. */
  webhooks?: Webhooks;
  /** Where the routes are mounted (default `/webhook`). */
  prefix?: string;
}

async function plugin(app: FastifyInstance, opts: WebhooksPluginOptions): Promise<void> {
  const prefix = (opts.prefix ?? '/webhook').replace(/\/+$/, '');
  if (!prefix.startsWith('/'))
    throw new TypeError(`@gatehouse/webhooks: prefix must start with "/", got "${prefix}"`);
  const owned = opts.webhooks === undefined;
  const webhooks = opts.webhooks ?? new Webhooks(opts);
  const { logger, secret, modulesDir } = webhooks.options;
  if (secret === undefined) {
    logger.logf(
      '[WARN] webhooks: no shared secret set (option secret): %s/* accepts calls without X-Webhook-Secret',
      prefix,
    );
  }
  app.decorate('webhooks', webhooks);
  await webhooks.start(); // a no-op for a registry its owner has started already
  if (owned) app.addHook('onClose', () => webhooks.close());
  if (modulesDir !== undefined)
    logger.logf('[INFO] webhooks: modules from %s: %d routes', modulesDir, webhooks.list().length);
  // Not `prefix`: Fastify would take that as a route prefix for the child context.
  await app.register(webhookRoutes, { webhooks, mount: prefix });
}

export const webhooksPlugin = fp(plugin, { fastify: '5.x', name: '@gatehouse/webhooks' });
