/**
 * @module areas/webhooks/config
 * Section `webhooks`: module methods exposed as `POST /webhook/{module}/{method}`. The secret comes
 * from `SERVICE_WEBHOOK_SECRET` (or `webhooks.secret`); signature secrets are only named here, by
 * environment variable, never written into the file. Module code runs in a worker process per
 * module (`isolation: "process"`) that sees only the variables `modules.<name>.env` grants it.
 */
import { defaults } from '@gatehouse/webhooks';
import * as z from 'zod';
import { count, duration, stringList, text } from '../../settings/fields.js';

/** A signature every webhook route must carry unless its module declares its own. */
const signatureSection = z.strictObject({
  scheme: z.enum(['github', 'stripe', 'slack', 'standard-webhooks', 'hmac-sha256'], {
    error: 'expected github, stripe, slack, standard-webhooks or hmac-sha256',
  }),
  /** The environment variable holding the signing secret. */
  secretEnv: text,
  header: text.optional(),
  encoding: z.enum(['hex', 'base64'], { error: 'expected hex or base64' }).optional(),
  prefix: z.string({ error: 'expected a string' }).optional(),
  tolerance: duration(defaults.signatureToleranceSec * 1000),
});

const envName = z
  .string({ error: 'expected an environment variable name' })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'expected an environment variable name' });

/** What one module is granted. */
const moduleGrant = z.strictObject({
  /** Environment variables its worker gets, with the service's values. */
  env: z.array(envName, { error: 'expected a list of environment variable names' }).default([]),
  /** Outbound network for its sandboxed worker (slirp4netns), never the host's loopback. */
  network: z.boolean({ error: 'expected true or false' }).default(false),
});

export const webhooksSection = z
  .strictObject({
    /**
     * Folder of webhook modules (.ts/.js), relative to the working directory; `--modules DIR`. None
     * by default: code runs only from a folder the operator names, never from a `modules/` that
     * happens to sit in the working directory.
     */
    modulesDir: text.optional(),
    /**
     * Modules allowed routes that no signature and no shared secret guard while the service listens
     * on a network address with the webhooks group public; any other such module stops start-up.
     */
    allowUnauthenticated: z
      .array(z.string().regex(/^[A-Za-z0-9_.~-]+$/, { error: 'expected a module name' }), {
        error: 'expected a list of module names',
      })
      .default([]),
    /**
     * Where module code runs: a worker process per module in Linux namespaces of its own
     * ("sandbox"); the same process without namespaces ("process", weaker, chosen by name where
     * namespaces cannot be had); or (trusted code only) in the service ("none").
     */
    isolation: z
      .enum(['sandbox', 'process', 'none'], { error: 'expected "sandbox", "process" or "none"' })
      .default(defaults.isolation),
    /** The user sandboxed workers run as when the service runs as root. */
    workerUser: text.default(defaults.workerUser),
    /** Per module name: what its worker is granted. */
    modules: z
      .record(z.string().regex(/^[A-Za-z0-9_.~-]+$/, { error: 'expected a module name' }), moduleGrant, {
        error: 'expected an object of module names, e.g. {"github": {"env": ["GITHUB_TOKEN"]}}',
      })
      .default({}),
    /** Heap limit of one worker in MiB; past it the worker is replaced and its calls answer 500. */
    workerMemory: count('MiB', 16).default(defaults.workerMemoryMib),
    /** How long a worker may take to import its module before that is a load error. */
    loadTimeout: duration(defaults.loadTimeoutMs),
    /** Reload modules when their files change. */
    watch: z.boolean({ error: 'expected true or false' }).default(defaults.watch),
    /** Shared secret callers send in `X-Webhook-Secret`; unset: no check (said at start-up). */
    secret: text.optional(),
    /** Largest webhook body in bytes. */
    bodyLimit: count('bytes', 1).default(defaults.bodyLimit),
    /** Largest answer body a handler may give, in bytes (502 beyond). */
    answerLimit: count('bytes', 1).default(defaults.answerLimit),
    /** How long a call may take, queueing included, before it answers 504. */
    timeout: duration(defaults.timeoutMs),
    /** Calls of one module running at once, and waiting beyond those (then 503). */
    concurrency: count('calls', 1).default(defaults.concurrency),
    queueLimit: count('calls', 0).default(defaults.queueLimit),
    /** How long a delivery id is remembered for replay protection. */
    replayWindow: duration(defaults.replayWindowMs),
    /** Headers read as delivery id on routes whose signature scheme names none. */
    deliveryHeaders: stringList.optional(),
    defaultSignature: signatureSection.optional(),
    /** Client addresses or CIDR ranges allowed to call webhooks; unset: any. */
    allowedIps: stringList.optional(),
    /**
     * The delivery inbox: recent deliveries per module kept in memory for `gatehouse webhooks
     * deliveries` and `GET /admin/webhooks/deliveries`; unset: off.
     */
    inbox: z
      .strictObject({
        deliveries: count('deliveries', 1).default(defaults.inbox.deliveries),
        maxAge: duration(defaults.inbox.maxAgeMs),
        bodyBytes: count('bytes', 0).default(defaults.inbox.bodyBytes),
      })
      .optional(),
    /** Calls per client address per window; unset: no limit. */
    rateLimit: z.strictObject({ max: count('calls', 1), window: duration('1m') }).optional(),
  })
  .prefault({});

export type WebhooksConfig = z.output<typeof webhooksSection>;
