/**
 * @module discover
 * Which methods of a loaded module are handlers, and at which route key:
 * - a method whose JSDoc carries `@webhook` is a handler, at its own name or at the tag's path;
 * - otherwise a method whose name starts with `handle` is a handler, at its own name;
 * - the tag wins when both apply, so `@webhook push` on `handlePush` is reached at `push` only.
 * `webhookConfig.methods[name].webhook` does what the tag does, for modules without source.
 * Only the module's own methods count (module-export.ts): inherited methods, `constructor`,
 * `Object.prototype` names and non-function properties are never handlers.
 */
import type { DocTag, ExportDocs } from './jsdoc.js';
import type { Logger } from './logger.js';
import { positiveInt } from './options.js';
import { isValidRouteKey, normaliseRouteKey } from './route-path.js';
import { checkSignatureConfig, parseSignatureTag } from './signatures/spec.js';
import type { MethodConfig, ModuleConfig, RouteEntry, SignatureConfig } from './types.js';

function firstWord(text: string): string {
  return text.split(/\s+/)[0] ?? '';
}

function tag(tags: readonly DocTag[] | undefined, name: string): DocTag | undefined {
  return tags?.find((t) => t.name === name);
}

/** The route key for a method, or undefined when it is not a handler. */
function routeKeyOf(name: string, tags: readonly DocTag[] | undefined, cfg: MethodConfig | undefined) {
  const webhookTag = tag(tags, 'webhook');
  if (webhookTag) return firstWord(webhookTag.text) ? normaliseRouteKey(firstWord(webhookTag.text)) : name;
  if (cfg?.webhook !== undefined) return cfg.webhook === true ? name : normaliseRouteKey(cfg.webhook);
  return name.startsWith('handle') ? name : undefined;
}

type SignatureChoice = SignatureConfig | 'none' | undefined;

function signatureFromTags(tags: readonly DocTag[] | undefined, where: string): SignatureChoice {
  const found = tag(tags, 'signature');
  return found ? parseSignatureTag(found.text, where) : undefined;
}

function checked(choice: SignatureChoice, where: string): SignatureChoice {
  return choice === undefined || choice === 'none' ? choice : checkSignatureConfig(choice, where);
}

function timeoutFromTags(tags: readonly DocTag[] | undefined, where: string): number | undefined {
  const found = tag(tags, 'timeout');
  if (!found) return undefined;
  const ms = Number(firstWord(found.text));
  if (!Number.isInteger(ms) || ms <= 0)
    throw new TypeError(`@gatehouse/webhooks: ${where}: @timeout needs milliseconds`);
  return ms;
}

function positiveIntOrUndefined(name: string, value: number | undefined): number | undefined {
  return value === undefined ? undefined : positiveInt(name, value, value);
}

export interface DiscoverInput {
  module: string;
  /** The module's own method names (module-export.ts `ownMethodNames`). */
  methods: readonly string[];
  docs: ExportDocs | undefined;
  config: ModuleConfig | undefined;
  defaultSignature: SignatureConfig | undefined;
  logger: Logger;
}

/** The routes of one module, keyed by route key. Methods with a broken declaration are left out and logged. */
export function discoverRoutes(input: DiscoverInput): Map<string, RouteEntry> {
  const { module, methods, docs, config, logger } = input;
  const moduleSignature = checked(signatureFromTags(docs?.own, module) ?? config?.signature, module);
  const routes = new Map<string, RouteEntry>();
  for (const method of methods) {
    const tags = docs?.members.get(method);
    const cfg = config?.methods?.[method];
    const where = `${module}.${method}`;
    const key = routeKeyOf(method, tags, cfg);
    if (key === undefined) continue;
    try {
      if (!isValidRouteKey(key))
        throw new TypeError(`@gatehouse/webhooks: ${where}: invalid webhook path "${key}"`);
      if (routes.has(key))
        throw new TypeError(`@gatehouse/webhooks: ${where}: path "${key}" is already taken`);
      const own = checked(signatureFromTags(tags, where) ?? cfg?.signature, where);
      const choice = own ?? moduleSignature ?? input.defaultSignature;
      const configured = cfg?.timeoutMs ?? config?.timeoutMs;
      const timeoutMs =
        timeoutFromTags(tags, where) ?? positiveIntOrUndefined(`${where}: timeoutMs`, configured);
      routes.set(key, { key, method, signature: choice === 'none' ? undefined : choice, timeoutMs });
    } catch (err) {
      logger.logf('webhooks: %s not exposed: %s', where, (err as Error).message);
    }
  }
  return routes;
}
