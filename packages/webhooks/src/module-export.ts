/**
 * @module module-export
 * What a loaded module file offers, as the same rules in every place that imports one (in process
 * or in an isolated worker): which export is the module, the one instance the routes call, its
 * `webhookConfig`, and its own method names. Nothing here loads TypeScript.
 *
 * The module is, in this order: the default export when it is a class (instantiated once, with no
 * arguments) or an object (an exported instance, a plain object, CommonJS `module.exports`); else
 * its only exported class or object; else its exported plain functions together (each function is
 * a method named by its export name). Anything else is a load error that says why.
 */
import type { ModuleConfig } from './types.js';

const CONFIG_EXPORT = 'webhookConfig';
/** The export name given to a module made of its exported plain functions. */
export const FUNCTIONS_EXPORT = '*';
/** Node 23+ adds the CommonJS `module.exports` object under this name; it is `default` again. */
const CJS_NAMESPACE_KEY = 'module.exports';

const NEVER_HANDLERS = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'constructor',
  CONFIG_EXPORT,
]);

/** A class: `class` syntax, or an old-style constructor with methods on its prototype. */
export function isClass(value: unknown): value is new () => object {
  if (typeof value !== 'function') return false;
  if (/^class[\s{]/.test(Function.prototype.toString.call(value))) return true;
  const proto = (value as { prototype?: object }).prototype;
  return proto !== undefined && Object.getOwnPropertyNames(proto).some((n) => n !== 'constructor');
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const isPlainFunction = (value: unknown) => typeof value === 'function' && !isClass(value);

/** The export that is the module, by the rules above; throws a TypeError saying why none is. */
export function pickExport(exports: Record<string, unknown>): [string, object] {
  const main = exports.default;
  if (isClass(main) || isObject(main)) return ['default', main];
  if (isPlainFunction(main)) {
    throw new TypeError(
      'the default export is a plain function: export a class or an object, or export handler functions by name',
    );
  }
  const named = Object.entries(exports).filter(
    ([name]) => name !== CONFIG_EXPORT && name !== 'default' && name !== CJS_NAMESPACE_KEY,
  );
  const holders = named.filter(([, v]) => isClass(v) || isObject(v));
  const functions = named.filter(([, v]) => isPlainFunction(v));
  if (holders.length === 1 && functions.length === 0) return holders[0] as [string, object];
  if (holders.length === 0 && functions.length > 0) {
    return [FUNCTIONS_EXPORT, Object.fromEntries(functions)];
  }
  if (holders.length === 0) throw new TypeError('no export: export a class, an object or handler functions');
  const names = named.map(([name]) => name).join(', ');
  throw new TypeError(
    `exports ${names}: export one class or object (preferably as the default export), or only functions`,
  );
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
  return isClass(exported) ? new exported() : exported;
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
