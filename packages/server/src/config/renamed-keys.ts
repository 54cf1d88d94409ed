/**
 * @module config/renamed-keys
 * Config keys renamed to the name their library gives the setting (ARCHITECTURE.md, "Settings: one
 * name, one default"). A file that still uses an old key keeps working for one minor release: the
 * value moves to the new key before validation, with a start-up DeprecationWarning naming both.
 * The new key wins when a file sets both.
 */

/** Old dotted key → new dotted key. */
export const renamedKeys: readonly { readonly from: string; readonly to: string }[] = [
  { from: 'auth.revocationCheck', to: 'auth.revocationCheckInterval' },
  { from: 'auth.cookies.jwtName', to: 'auth.jwtCookieName' },
  { from: 'auth.cookies.xsrfName', to: 'auth.xsrfCookieName' },
  { from: 'auth.cookies.domain', to: 'auth.jwtCookieDomain' },
  { from: 'auth.headers.xsrf', to: 'auth.xsrfHeaderKey' },
  { from: 'auth.headers.jwt', to: 'auth.jwtHeaderKey' },
  { from: 'auth.headers.sendJWT', to: 'auth.sendJWTHeader' },
  { from: 'webhooks.folder', to: 'webhooks.modulesDir' },
  { from: 'webhooks.signature', to: 'webhooks.defaultSignature' },
];

/** The groups the renames emptied, dropped once nothing is left in them. */
const retiredGroups = ['auth.cookies', 'auth.headers'];

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object holding the last part of `key`, created on the way when `create`. */
function parentOf(root: Node, key: string, create: boolean): Node | undefined {
  let node: Node = root;
  for (const part of key.split('.').slice(0, -1)) {
    if (!isNode(node[part])) {
      if (!create) return undefined;
      node[part] = {};
    }
    node = node[part] as Node;
  }
  return node;
}

const lastPart = (key: string) => key.split('.').at(-1)!;

/**
 * Moves every old key `raw` sets to its new name, in place; returns one warning per old key found,
 * for the start-up log.
 */
export function moveRenamedKeys(raw: Node): string[] {
  const warnings: string[] = [];
  for (const { from, to } of renamedKeys) {
    const parent = parentOf(raw, from, false);
    if (!parent || !(lastPart(from) in parent)) continue;
    const target = parentOf(raw, to, true)!;
    if (!(lastPart(to) in target)) target[lastPart(to)] = parent[lastPart(from)];
    delete parent[lastPart(from)];
    warnings.push(`config key ${from} is deprecated: it is ${to} now (the old name is removed in 0.3.0)`);
  }
  for (const group of retiredGroups) {
    const parent = parentOf(raw, group, false);
    const node = parent?.[lastPart(group)];
    if (parent && isNode(node) && Object.keys(node).length === 0) delete parent[lastPart(group)];
  }
  return warnings;
}
