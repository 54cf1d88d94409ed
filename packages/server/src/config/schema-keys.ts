/**
 * @module config/schema-keys
 * The keys a config section accepts, read from its zod schema, so that an unknown key can be
 * answered with the known ones (`auth.tokenDurration: unknown key (known: tokenDuration, ...)`).
 */
import type * as z from 'zod';

type Node = z.core.$ZodType;

/** Looks through defaults, optionals and transforms to the schema underneath. */
function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: Node; in?: Node };
    if (def.innerType && ['default', 'prefault', 'optional', 'nullable'].includes(def.type))
      current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

interface Def {
  type: string;
  shape?: Record<string, Node>;
  element?: Node;
  valueType?: Node;
  options?: Node[];
  discriminator?: string;
}

/**
 * The schema of the object `input` is, looking through wrappers and into the option of a
 * discriminated union that `input`'s discriminator (e.g. `kind`) selects.
 */
function objectOf(node: Node, input: unknown): Node | undefined {
  const inner = unwrap(node);
  const def = inner._zod.def as Def;
  if (def.type === 'object') return inner;
  if (def.type !== 'union' || !def.options) return undefined;
  const tag = def.discriminator && (input as Record<string, unknown> | undefined)?.[def.discriminator];
  const chosen = def.options.find((option) => {
    const shape = (unwrap(option)._zod.def as Def).shape;
    const values = shape && def.discriminator ? shape[def.discriminator]?._zod.values : undefined;
    return values?.has(tag as string);
  });
  return chosen && unwrap(chosen);
}

/** The schema one step down: a key of an object, an item of a list, a value of a record. */
function child(node: Node, part: PropertyKey, input: unknown): Node | undefined {
  const inner = unwrap(node);
  const def = inner._zod.def as Def;
  if (def.type === 'array') return def.element;
  if (def.type === 'record') return def.valueType;
  const object = objectOf(inner, input);
  return object && (object._zod.def as Def).shape?.[String(part)];
}

/**
 * The keys of the object at `path` in `schema` (given the raw `input`, which picks the option of a
 * union such as a provider's `kind`), or `undefined` when there is no object there.
 */
export function knownKeys(schema: Node, path: readonly PropertyKey[], input?: unknown): string[] | undefined {
  let node: Node | undefined = schema;
  let value = input;
  for (const part of path) {
    node = node && child(node, part, value);
    value = (value as Record<PropertyKey, unknown> | undefined)?.[part];
  }
  const object = node && objectOf(node, value);
  const shape = object && (object._zod.def as Def).shape;
  return shape ? Object.keys(shape).filter((key) => !key.startsWith('$')) : undefined;
}
