/**
 * @module areas/auth/setup
 * What the `auth` section needs from outside the config file before the auth Service is built:
 * the hooks module (`auth.hooks`) and the template files that providers name. Read once by `serve`
 * and by `gatehouse config check`, which therefore report the same problems, each naming its key.
 */
import { readFileSync } from 'node:fs';
import { MessageTemplate } from '@gatehouse/auth';
import { ConfigError } from '../../settings/errors.js';
import type { AuthConfig } from './config.js';
import { hookReferenceProblems, type LoadedHooks } from './hook-references.js';
import { loadAuthHooks } from './hooks.js';
import { checkLoginPageTemplate } from './login-page-template.js';

export interface AuthSetup {
  /** The module of `auth.hooks`, loaded and checked; undefined without one. */
  readonly hooks: LoadedHooks | undefined;
  /** The text of each template file, by the key naming it (`auth.providers.0.template`). */
  readonly templates: ReadonlyMap<string, string>;
}

/** Each template file the section names, by key, with a check of its text. */
function templateFiles(auth: AuthConfig): [string, string, (text: string) => void][] {
  const files: [string, string, (text: string) => void][] = [];
  auth.providers.forEach((entry, index) => {
    if (entry.kind === 'verify' && entry.template !== undefined) {
      files.push([`auth.providers.${index}.template`, entry.template, (text) => new MessageTemplate(text)]);
    }
    if (entry.kind === 'local' && entry.loginPage && 'template' in entry.loginPage) {
      files.push([
        `auth.providers.${index}.loginPage.template`,
        entry.loginPage.template,
        checkLoginPageTemplate,
      ]);
    }
  });
  return files;
}

/** Rules between keys of one provider entry that the schema does not express. */
function entryProblems(auth: AuthConfig): string[] {
  return auth.providers.flatMap((entry, index) => {
    if (entry.kind === 'verify' && (entry.smtp === undefined) === (entry.sender === undefined)) {
      return [
        `auth.providers.${index}: a verify provider takes either "smtp" or "sender" (a hooks module's), not both nor neither`,
      ];
    }
    if (entry.kind === 'local' && entry.users === 'credentialsFile' && !auth.direct.enabled) {
      return [
        `auth.providers.${index}.users: "credentialsFile" needs auth.direct.enabled (the credentials file)`,
      ];
    }
    return [];
  });
}

/** Loads the hooks module and the template files; throws a {@link ConfigError} with every problem. */
export async function prepareAuth(auth: AuthConfig): Promise<AuthSetup> {
  const hooks =
    auth.hooks === undefined ? undefined : { file: auth.hooks, hooks: await loadAuthHooks(auth.hooks) };
  const problems = [...entryProblems(auth), ...hookReferenceProblems(auth, hooks)];
  const templates = new Map<string, string>();
  for (const [key, file, check] of templateFiles(auth)) {
    try {
      const text = readFileSync(file, 'utf8');
      check(text);
      templates.set(key, text);
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code ?? (error as Error).message.replace(/^@gatehouse\/auth: /, '');
      problems.push(`${key}: ${file}: ${reason}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { hooks, templates };
}
