/**
 * @module types
 * The shapes shared by discovery, the registry and the HTTP layer.
 */

/** The signature schemes a module or method can require. */
export type SignatureScheme = 'github' | 'stripe' | 'slack' | 'standard-webhooks' | 'hmac-sha256';

/**
 * How a route's requests must be signed. Give the secret literally (`secret`, several for rotation:
 * any one verifies) or by environment variable name (`secretEnv`, read on every request so a changed
 * variable needs no reload).
 */
export interface SignatureConfig {
  scheme: SignatureScheme;
  secret?: string | readonly string[];
  secretEnv?: string;
  /** hmac-sha256 only: the header carrying the signature (default `x-webhook-signature`). */
  header?: string;
  /** hmac-sha256 only: how the digest is written (default `hex`). */
  encoding?: 'hex' | 'base64';
  /** hmac-sha256 only: a prefix to strip from the header value, e.g. `sha256=`. */
  prefix?: string;
  /** stripe, slack and standard-webhooks: accepted clock difference in seconds (default 300). */
  toleranceSec?: number;
  /** The header naming the delivery id used for replay protection (overrides the scheme default). */
  deliveryHeader?: string;
}

/** Per-method settings a module can give in its `webhookConfig`. */
export interface MethodConfig {
  /** Make the method a handler (`true`) or a handler at a custom path (a string), like `@webhook`. */
  webhook?: true | string;
  /** `'none'` switches a module-wide signature off for this method. */
  signature?: SignatureConfig | 'none';
  timeoutMs?: number;
  /** Hand the handler the body's exact bytes as `_webhook.rawBody` (a Buffer), like `@raw`. */
  raw?: boolean;
}

/** What a module may export as `webhookConfig` (named export, static property or object property). */
export interface ModuleConfig {
  signature?: SignatureConfig | 'none';
  methods?: Readonly<Record<string, MethodConfig>>;
  /** Calls of this module that may run at once. */
  concurrency?: number;
  /** Calls that may wait for a free slot before the module answers 503. */
  queueLimit?: number;
  timeoutMs?: number;
}

/** The `_webhook` field the service adds to the parameters of every call. */
export interface WebhookMeta {
  method: 'POST';
  /** Request headers, lower-case names, without the secret and signature headers. */
  headers: Record<string, string>;
  /** Query parameters; for a repeated name the last value wins. */
  query: Record<string, string>;
  /** Unix time of receipt in milliseconds. */
  timestamp: number;
  /** The body's exact bytes, on routes that ask for them (`@raw`, `methods[m].raw`). */
  rawBody?: Buffer;
}

/** One exposed route of a module. */
export interface RouteEntry {
  /** The path below `/webhook/{module}/`: the method name or the `@webhook` path. */
  readonly key: string;
  /** The method that runs. */
  readonly method: string;
  readonly signature: SignatureConfig | undefined;
  readonly timeoutMs: number | undefined;
  /** Whether the handler gets the raw body (`@raw`); such a route takes any content type. */
  readonly raw: boolean;
}
