/**
 * @module @gatehouse/webhooks
 * Methods of hosting modules exposed as `POST /webhook/{module}/{method}` endpoints.
 */
export { type AddressCheck, allowList } from './allowlist.js';
export { type Caller, callableRoutes } from './callable.js';
export { WebhookDeclarationError } from './declaration-error.js';
export { WebhookError, type WebhookErrorCode, webhookErrors } from './errors.js';
export type { Delivery, Inbox, InboxConfig } from './inbox.js';
export { IsolationUnavailableError } from './isolation/sandbox.js';
export { type DocTag, type ExportDocs, readSourceDocs, type SourceDocs } from './jsdoc.js';
export { type Logger, silentLogger } from './logger.js';
export { defaults, type WebhooksOptions } from './options.js';
export { type WebhooksPluginOptions, webhooksPlugin } from './plugin.js';
export { type RawAnswer, type RawAnswerInit, webhookAnswer } from './raw-answer.js';
export { type ModuleEntry, type RouteInfo, Webhooks } from './registry.js';
export { WebhookRejection } from './rejection.js';
export { hmacSha256 } from './signatures/hmac.js';
export type { StateStore } from './state-store.js';
// Also used by the service to load its auth hooks module the way webhook modules are loaded.
export { importTypeScript } from './transpile.js';
export type {
  MethodConfig,
  ModuleConfig,
  RouteEntry,
  SignatureConfig,
  SignatureScheme,
  WebhookMeta,
} from './types.js';
