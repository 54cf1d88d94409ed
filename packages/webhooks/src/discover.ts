/**
 * @module discover
 * Which methods of a loaded module are handlers, and at which route key:
 * - a method whose JSDoc carries `@webhook` is a handler, at its own name or at the tag's path;
 * - otherwise a method whose name starts with `handle` is a handler, at its own name;
 * - the tag wins when both apply, so `@webhook push` on `handlePush` is reached at `push` only.
 * `webhookConfig.methods[name]` does what the tags do, for modules without source.
 * Only the module's own methods count (module-export.ts): inherited methods, `constructor`,
 * `Object.prototype` names and non-function properties are never handlers.
 *
 * Every declaration is strict: a tag with words it does not take, a tag given twice, a bad path, a
 * path taken twice or a bad signature throws a {@link WebhookDeclarationError} and the module does
 * not load, so a declared check is never dropped while the route is served anyway.
 */
import { WebhookDeclarationError } from './declaration-error.js';
import type { DocTag, ExportDocs } from './jsdoc.js';
import { isValidRouteKey, normaliseRouteKey } from './route-path.js';
import { checkSignatureConfig, parseSignatureTag } from './signatures/spec.js';
import type { MethodConfig, ModuleConfig, RouteEntry, SignatureConfig } from './types.js';

function fail(message: string): never {
  throw new WebhookDeclarationError(message);
}

function words(tag: DocTag): string[] {
  return tag.text.split(/\s+/).filter((w) => w.length > 0);
}

/** The one tag called `name`, or undefined; two of them is an error. */
function tag(tags: readonly DocTag[] | undefined, name: string, where: string): DocTag | undefined {
  const found = tags?.filter((t) => t.name === name) ?? [];
  if (found.length > 1)
    fail(`${where}: @${name} is given ${found.length} times (lines ${found.map((t) => t.line).join(', ')})`);
  return found[0];
}

/** The tag's words when it takes at most `max` of them; more is an error naming the extra ones. */
function tagWords(found: DocTag, max: number, usage: string, where: string): string[] {
  const list = words(found);
  if (list.length > max)
    fail(`${where}: @${found.name} ${found.text} (line ${found.line}): expected ${usage}`);
  return list;
}

/** The route key for a method, or undefined when it is not a handler. */
function routeKeyOf(
  name: string,
  tags: readonly DocTag[] | undefined,
  cfg: MethodConfig | undefined,
  where: string,
) {
  const webhookTag = tag(tags, 'webhook', where);
  if (webhookTag) {
    const [path] = tagWords(webhookTag, 1, '@webhook or @webhook <path>, one path', where);
    return path === undefined ? name : normaliseRouteKey(path);
  }
  if (cfg?.webhook !== undefined) return cfg.webhook === true ? name : normaliseRouteKey(cfg.webhook);
  return name.startsWith('handle') ? name : undefined;
}

type SignatureChoice = SignatureConfig | 'none' | undefined;

function signatureFromTags(tags: readonly DocTag[] | undefined, where: string): SignatureChoice {
  const found = tag(tags, 'signature', where);
  return found ? parseSignatureTag(found.text, `${where} (line ${found.line})`) : undefined;
}

function checked(choice: SignatureChoice, where: string): SignatureChoice {
  return choice === undefined || choice === 'none' ? choice : checkSignatureConfig(choice, where);
}

function timeoutFromTags(tags: readonly DocTag[] | undefined, where: string): number | undefined {
  const found = tag(tags, 'timeout', where);
  if (!found) return undefined;
  const [text] = tagWords(found, 1, '@timeout <milliseconds>', where);
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0)
    fail(`${where}: @timeout needs a whole number of milliseconds (line ${found.line})`);
  return ms;
}

function rawFromTags(tags: readonly DocTag[] | undefined, where: string): boolean | undefined {
  const found = tag(tags, 'raw', where);
  if (!found) return undefined;
  tagWords(found, 0, '@raw alone', where);
  return true;
}

function positiveIntOrUndefined(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be an integer >= 1, got ${String(value)}`);
  return value;
}

export interface DiscoverInput {
  module: string;
  /** The module's own method names (module-export.ts `ownMethodNames`). */
  methods: readonly string[];
  docs: ExportDocs | undefined;
  config: ModuleConfig | undefined;
  defaultSignature: SignatureConfig | undefined;
}

/** Checks the tags above the class or object itself: only `@signature` belongs there. */
function checkModuleTags(docs: ExportDocs | undefined, module: string): void {
  for (const t of docs?.own ?? []) {
    if (t.name === 'webhook' || t.name === 'timeout' || t.name === 'raw')
      fail(`${module}: @${t.name} (line ${t.line}) stands above the module, not above a method`);
  }
}

/** The routes of one module, keyed by route key; throws a WebhookDeclarationError for any bad declaration. */
export function discoverRoutes(input: DiscoverInput): Map<string, RouteEntry> {
  const { module, methods, docs, config } = input;
  checkModuleTags(docs, module);
  const moduleSignature = checked(signatureFromTags(docs?.own, module) ?? config?.signature, module);
  const routes = new Map<string, RouteEntry>();
  for (const method of methods) {
    const tags = docs?.members.get(method);
    const cfg = config?.methods?.[method];
    const where = `${module}.${method}`;
    const key = routeKeyOf(method, tags, cfg, where);
    if (key === undefined) continue;
    if (!isValidRouteKey(key)) fail(`${where}: invalid webhook path "${key}"`);
    const taken = routes.get(key);
    if (taken) fail(`${where}: path "${key}" is already taken by ${module}.${taken.method}`);
    const own = checked(signatureFromTags(tags, where) ?? cfg?.signature, where);
    const choice = own ?? moduleSignature ?? input.defaultSignature;
    const configured = cfg?.timeoutMs ?? config?.timeoutMs;
    const timeoutMs =
      timeoutFromTags(tags, where) ?? positiveIntOrUndefined(`${where}: timeoutMs`, configured);
    const raw = rawFromTags(tags, where) ?? cfg?.raw === true;
    routes.set(key, { key, method, signature: choice === 'none' ? undefined : choice, timeoutMs, raw });
  }
  return routes;
}
