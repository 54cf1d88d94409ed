/**
 * @module areas/auth/hook-references
 * The places where the `auth` section names an entry of the hooks module (a provider's `mapUser`,
 * a verified provider's `sender`, a local server's login page) or where a hook and a config key
 * would decide the same thing. Checked once the module is loaded (`auth/setup.ts`), so
 * `gatehouse config check` and `serve` name the key whose hook is missing before anything is built.
 */
import type { AuthConfig } from './config.js';
import type { AuthHooks } from './hooks.js';

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
    if (entry.kind === 'verify' && entry.sender !== undefined)
      found.push([`auth.providers.${index}.sender`, 'senders', entry.sender]);
    if (entry.kind === 'local' && entry.loginPage && 'handler' in entry.loginPage)
      found.push([`auth.providers.${index}.loginPage.handler`, 'loginPages', entry.loginPage.handler]);
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
  auth.providers.forEach((entry, index) => {
    if (entry.kind === 'local' && entry.users === 'hooks' && !loaded?.hooks.credentialChecker) {
      problems.push(
        `auth.providers.${index}.users: "hooks" needs auth.hooks, a module exporting credentialChecker`,
      );
    }
  });
  if (loaded?.hooks.devEmailFor && auth.dev.emailDomain !== undefined) {
    problems.push(
      `auth.dev.emailDomain: ${loaded.file} exports devEmailFor, which decides the e-mail; keep one of the two`,
    );
  }
  if (loaded?.hooks.secretReader && Object.keys(auth.sites).length > 0) {
    problems.push(
      `auth.sites: ${loaded.file} exports secretReader, which decides every site's secret; keep one of the two`,
    );
  }
  return problems;
}

/** The named entry a checked reference points to. */
export function namedHook<E extends NamedExport>(
  loaded: LoadedHooks | undefined,
  exportName: E,
  name: string,
): NonNullable<AuthHooks[E]>[string] {
  const found = loaded?.hooks[exportName]?.[name];
  if (found === undefined)
    throw new TypeError(`auth hooks: ${exportName}.${name} is missing, though hookReferenceProblems passed`);
  return found as NonNullable<AuthHooks[E]>[string];
}
