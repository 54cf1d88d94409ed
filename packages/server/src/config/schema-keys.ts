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

function shapeOf(node: Node): Record<string, Node> | undefined {
  const def = node._zod.def as { type: string; shape?: Record<string, Node> };
  return def.type === 'object' ? def.shape : undefined;
}

/** The keys of the object at `path` in `schema`, or `undefined` when there is no object there. */
export function knownKeys(schema: Node, path: readonly PropertyKey[]): string[] | undefined {
  let shape = shapeOf(unwrap(schema));
  for (const part of path) {
    const child = shape?.[String(part)];
    shape = child ? shapeOf(unwrap(child)) : undefined;
  }
  return shape ? Object.keys(shape).filter((key) => !key.startsWith('$')) : undefined;
}
