/**
 * @module auth/hook-references
 * The places where the `auth` section names an entry of the hooks module (a provider's `mapUser`,
 * a verified provider's `sender`, a local server's login page) or where a hook and a config key
 * would decide the same thing. Checked once the module is loaded, so `gatehouse config check` and
 * `serve` name the key whose hook is missing before anything is built.
 */
import type { AuthConfig } from '../config/auth.js';
import { ConfigError } from '../config/errors.js';
import { type AuthHooks, loadAuthHooks } from './hooks.js';

/** A loaded hooks module and where it came from. */
export interface LoadedHooks {
  readonly file: string;
  readonly hooks: AuthHooks;
}

type NamedExport = 'mapUser' | 'senders' | 'loginPages';

/** Each `[key, export, name]` the section refers to. */
function references(auth: AuthConfig): [string, NamedExport, string][] {
  const found: [string, NamedExport, string][] = [];
  auth.providers.forEach((entry, index) => {
    if ('mapUser' in entry && entry.mapUser !== undefined)
      found.push([`auth.providers.${index}.mapUser`, 'mapUser', entry.mapUser]);
  });
  return found;
}

/** What is wrong between the section and the module; empty when they fit. */
export function hookReferenceProblems(auth: AuthConfig, loaded: LoadedHooks | undefined): string[] {
  const problems = references(auth).flatMap(([key, exportName, name]) => {
    if (!loaded) return [`${key}: "${name}" needs auth.hooks, a module exporting ${exportName}.${name}`];
    return loaded.hooks[exportName]?.[name] === undefined
      ? [`${key}: ${loaded.file} exports no ${exportName}.${name}`]
      : [];
  });
  if (loaded?.hooks.secretReader && Object.keys(auth.sites).length > 0) {
    problems.push(
      `auth.sites: ${loaded.file} exports secretReader, which decides every site's secret; keep one of the two`,
    );
  }
  return problems;
}

/** The hooks module of `auth.hooks`, loaded and checked against the section; undefined without one. */
export async function loadConfiguredHooks(auth: AuthConfig): Promise<LoadedHooks | undefined> {
  const loaded =
    auth.hooks === undefined ? undefined : { file: auth.hooks, hooks: await loadAuthHooks(auth.hooks) };
  const problems = hookReferenceProblems(auth, loaded);
  if (problems.length > 0) throw new ConfigError(problems);
  return loaded;
}

/** The named entry a checked reference points to. */
export function namedHook<E extends NamedExport>(
  loaded: LoadedHooks | undefined,
  exportName: E,
  name: string,
): NonNullable<AuthHooks[E]>[string] {
  const found = loaded?.hooks[exportName]?.[name];
  if (found === undefined) throw new TypeError(`auth hooks: no ${exportName}.${name} (not checked?)`);
  return found as NonNullable<AuthHooks[E]>[string];
}
