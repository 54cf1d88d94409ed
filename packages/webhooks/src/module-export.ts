/**
 * @module module-export
 * What a loaded module file offers, as the same rules in every place that imports one (in process
 * or in an isolated worker): which export is the module (the default export, or else the only
 * exported class or object), the one instance the routes call (a class is instantiated once, with
 * no arguments), its `webhookConfig`, and its own method names. Nothing here loads TypeScript.
 */
import type { ModuleConfig } from './types.js';

const CONFIG_EXPORT = 'webhookConfig';

const NEVER_HANDLERS = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'constructor',
  CONFIG_EXPORT,
]);

function isCandidate(value: unknown): value is object {
  return (typeof value === 'function' || typeof value === 'object') && value !== null;
}

/** The default export when it is a class or object, else the only such named export. */
export function pickExport(exports: Record<string, unknown>): [string, object] {
  if (isCandidate(exports.default)) return ['default', exports.default];
  const named = Object.entries(exports).filter(([name, v]) => name !== CONFIG_EXPORT && isCandidate(v));
  if (named.length === 1) return named[0] as [string, object];
  throw new TypeError('export one class or object (preferably as the default export)');
}

/** `webhookConfig` as a named export, else as a property (static for a class) of the export. */
export function exportedConfig(exports: Record<string, unknown>, exported: object): ModuleConfig | undefined {
  const own = (exported as Record<string, unknown>)[CONFIG_EXPORT];
  return (exports[CONFIG_EXPORT] ?? own) as ModuleConfig | undefined;
}

/** `webhookConfig` of an instance, or the static one of its class. */
export function instanceConfig(instance: object): ModuleConfig | undefined {
  const own = (instance as { webhookConfig?: ModuleConfig }).webhookConfig;
  const ctor = (instance as { constructor?: { webhookConfig?: ModuleConfig } }).constructor;
  return own ?? (ctor === Object ? undefined : ctor?.webhookConfig);
}

/** The one instance of an export: a class is instantiated with no arguments, an object is itself. */
export function instantiate(exported: object): object {
  return typeof exported === 'function' ? (new (exported as new () => object)() as object) : exported;
}

/** Own function-valued properties of the object itself and of its class (not of its ancestors). */
export function ownMethodNames(instance: object): string[] {
  const names: string[] = [];
  const collect = (holder: object) => {
    for (const name of Object.getOwnPropertyNames(holder)) {
      const desc = Object.getOwnPropertyDescriptor(holder, name);
      if (desc && typeof desc.value === 'function' && !NEVER_HANDLERS.has(name) && !names.includes(name)) {
        names.push(name);
      }
    }
  };
  collect(instance);
  const proto = Object.getPrototypeOf(instance) as object | null;
  if (proto !== null && proto !== Object.prototype) collect(proto);
  return names;
}
