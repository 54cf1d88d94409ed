/**
 * @module config/webhooks
 * Section `webhooks`: module methods exposed as `POST /webhook/{module}/{method}`. The secret comes
 * from `SERVICE_WEBHOOK_SECRET` (or `webhooks.secret`); signature secrets are only named here, by
 * environment variable, never written into the file.
 */
import * as z from 'zod';
import { count, duration, stringList, text } from './fields.js';

/** A signature every webhook route must carry unless its module declares its own. */
const defaultSignature = z.strictObject({
  scheme: z.enum(['github', 'stripe', 'slack', 'hmac-sha256'], {
    error: 'expected github, stripe, slack or hmac-sha256',
  }),
  /** The environment variable holding the signing secret. */
  secretEnv: text,
  header: text.optional(),
  encoding: z.enum(['hex', 'base64'], { error: 'expected hex or base64' }).optional(),
  prefix: z.string({ error: 'expected a string' }).optional(),
  tolerance: duration('5m'),
});

export const webhooksSection = z
  .strictObject({
    /** Folder of webhook modules (.ts/.js), relative to the working directory; `--modules DIR`. */
    modules: text.default('modules'),
    /** Reload modules when their files change. */
    watch: z.boolean({ error: 'expected true or false' }).default(true),
    /** Shared secret callers send in `X-Webhook-Secret`; unset: no check (said at start-up). */
    secret: text.optional(),
    /** Largest webhook body in bytes. */
    bodyLimit: count('bytes', 1).default(1024 * 1024),
    /** How long a call may take, queueing included, before it answers 504. */
    timeout: duration('30s'),
    /** Calls of one module running at once, and waiting beyond those (then 503). */
    concurrency: count('calls', 1).default(16),
    queueLimit: count('calls', 0).default(64),
    /** How long a delivery id is remembered for replay protection. */
    replayWindow: duration('24h'),
    /** Headers read as delivery id on routes whose signature scheme names none. */
    deliveryHeaders: stringList.optional(),
    signature: defaultSignature.optional(),
    /** Client addresses or CIDR ranges allowed to call webhooks; unset: any. */
    allowedIps: stringList.optional(),
    /** Calls per client address per window; unset: no limit. */
    rateLimit: z.strictObject({ max: count('calls', 1), window: duration('1m') }).optional(),
  })
  .prefault({});

export type WebhooksConfig = z.output<typeof webhooksSection>;
