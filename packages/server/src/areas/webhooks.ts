/**
 * @module areas/webhooks
 * Mounts `@gatehouse/webhooks` at `/webhook`: the modules folder (`webhooks.modules`, `--modules DIR`,
 * default `modules/` in the working directory) is loaded and watched, and the shared secret comes from
 * `SERVICE_WEBHOOK_SECRET`. The plugin keeps its own body parser (raw bytes, for signatures) in its
 * own child context; closing the app stops the folder watcher.
 */
import path from 'node:path';
import { type SignatureConfig, webhooksPlugin } from '@gatehouse/webhooks';
import type { ConfigFlag } from '../commands/config-flags.js';
import type { WebhooksConfig } from '../config/webhooks.js';
import type { Area } from './area.js';

/** `gatehouse serve --modules DIR`: the webhook modules folder. */
export const modulesFlag: ConfigFlag = {
  flag: 'modules',
  key: 'webhooks.modules',
  kind: 'text',
  placeholder: 'DIR',
  help: 'webhook modules folder, reloaded on change (default ./modules)',
};

function signatureOf(config: WebhooksConfig): SignatureConfig | undefined {
  const s = config.signature;
  if (!s) return undefined;
  return {
    scheme: s.scheme,
    secretEnv: s.secretEnv,
    header: s.header,
    encoding: s.encoding,
    prefix: s.prefix,
    toleranceSec: s.tolerance / 1000,
  };
}

export const webhooksArea: Area = async (app, { config, logger, announce }) => {
  const c = config.webhooks;
  const modulesDir = path.resolve(c.modules);
  await app.register(webhooksPlugin, {
    modulesDir,
    watch: c.watch,
    secret: c.secret,
    bodyLimit: c.bodyLimit,
    timeoutMs: c.timeout,
    concurrency: c.concurrency,
    queueLimit: c.queueLimit,
    replayWindowMs: c.replayWindow,
    deliveryHeaders: c.deliveryHeaders,
    defaultSignature: signatureOf(c),
    allowedIps: c.allowedIps,
    rateLimit: c.rateLimit && { max: c.rateLimit.max, windowMs: c.rateLimit.window },
    logger,
  });
  const routes = app.webhooks.list().length;
  announce(`webhooks: POST /webhook/{module}/{method}, ${routes} routes from ${modulesDir}`);
  if (!c.secret) {
    announce(
      'webhooks: WARNING no SERVICE_WEBHOOK_SECRET set, webhook calls are accepted without X-Webhook-Secret',
    );
  }
};
