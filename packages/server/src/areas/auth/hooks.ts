/**
 * @module areas/auth/hooks
 * The auth hooks module named by `auth.hooks` (`./auth-hooks.ts` or `.js`): code of the operator's
 * that the service calls at the points @gatehouse/auth offers hooks. It is imported into the
 * service at start-up (TypeScript transpiled as webhook modules are, beside the file so that its
 * relative imports resolve) and runs in the service's process: it is trusted code, unlike isolated
 * webhook modules, because the validator runs on every guarded request.
 *
 * Every export is checked by name and type before anything is registered; a wrong one stops
 * start-up (and `gatehouse config check`) with a line naming the file and the export.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  BasicAuthChecker,
  ClaimsUpdater,
  CredChecker,
  LoginPageHandler,
  Provider,
  SecretReader,
  Sender,
  SendFunc,
  User,
  UserData,
  UserUpdater,
  Validator,
} from '@gatehouse/auth';
import { importTypeScript } from '@gatehouse/webhooks';
import { ConfigError } from '../../settings/errors.js';

/** What a hooks module may export; `satisfies AuthHooks` checks a TypeScript module against it. */
export interface AuthHooks {
  /** The signing secret for a site (`aud`); replaces `auth.secret` and `auth.sites`. */
  secretReader?: SecretReader;
  /** Runs when a token is made or refreshed (after the service's own admin marking). */
  claimsUpdater?: ClaimsUpdater;
  /** Runs on every guarded request with a token; `false` refuses it (a block list). */
  validator?: Validator;
  /** Gives the user a guarded route sees (the `updateUser` guard mode). */
  userUpdater?: UserUpdater;
  /** Decides HTTP basic auth; `auth.adminPasswd` is then ignored. */
  basicAuthChecker?: BasicAuthChecker;
  /** Checks the direct provider's name and password instead of the credentials file. */
  credentialChecker?: CredChecker;
  /** User mappers of `custom`, `oidc` and `local` providers, by the name their `mapUser` key gives. */
  mapUser?: Record<string, (data: UserData) => User>;
  /** Senders of `verify` providers, by the name their `sender` key gives. */
  senders?: Record<string, Sender | SendFunc>;
  /** Login pages of `local` providers, by the name their `loginPage.handler` key gives. */
  loginPages?: Record<string, LoginPageHandler>;
  /** The dev provider's e-mail for a user name. */
  devEmailFor?: (username: string) => string | undefined;
  /** Whole providers of the operator's, registered as they are. */
  providers?: Provider[];
}

type Check = (value: unknown) => string | undefined;

const fn: Check = (value) => (typeof value === 'function' ? undefined : 'expected a function');
const record =
  (each: Check, what: string): Check =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return `expected an object of ${what} by name`;
    for (const [name, item] of Object.entries(value)) {
      const problem = each(item);
      if (problem) return `${name}: ${problem}`;
    }
    return undefined;
  };
const sender: Check = (value) =>
  typeof value === 'function' || typeof (value as Sender | null)?.send === 'function'
    ? undefined
    : 'expected a function or an object with send(address, text)';
const providers: Check = (value) => {
  if (!Array.isArray(value)) return 'expected a list of providers';
  for (const [index, item] of value.entries()) {
    const provider = item as Provider | null;
    if (typeof provider?.name !== 'string' || typeof provider.login !== 'function')
      return `${index}: expected a provider with a name and login(request)`;
  }
  return undefined;
};

const checks: Record<keyof AuthHooks, Check> = {
  secretReader: fn,
  claimsUpdater: fn,
  validator: fn,
  userUpdater: fn,
  basicAuthChecker: fn,
  credentialChecker: fn,
  mapUser: record(fn, 'functions'),
  senders: record(sender, 'senders'),
  loginPages: record(fn, 'functions'),
  devEmailFor: fn,
  providers,
};

/** A hooks module that cannot be used: the problem names the key, the file and the export. */
function hooksError(file: string, problem: string): ConfigError {
  return new ConfigError([`auth.hooks: ${file}: ${problem}`]);
}

/** Names the transpiled file after the source's content, so an edited module is imported anew. */
function versionOf(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/** Imports the hooks module and checks its exports. */
export async function loadAuthHooks(file: string): Promise<AuthHooks> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    throw hooksError(file, `cannot read the file (${(error as NodeJS.ErrnoException).code})`);
  }
  let exports: Record<string, unknown>;
  try {
    exports = /\.[cm]?ts$/.test(file)
      ? await importTypeScript(file, source, path.dirname(file), versionOf(source))
      : ((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  } catch (error) {
    throw hooksError(file, `cannot be loaded: ${(error as Error).message}`);
  }
  return checkedHooks(file, exports);
}

/** The module's exports as {@link AuthHooks}; an unknown or mistyped export is an error. */
export function checkedHooks(file: string, exports: Record<string, unknown>): AuthHooks {
  const known = Object.keys(checks);
  for (const [name, value] of Object.entries(exports)) {
    if (name === 'default') {
      throw hooksError(file, `export default: use named exports (${known.join(', ')})`);
    }
    const check = checks[name as keyof AuthHooks];
    if (!check) throw hooksError(file, `export ${name}: unknown hook (known: ${known.join(', ')})`);
    const problem = check(value);
    if (problem) throw hooksError(file, `export ${name}: ${problem}`);
  }
  return exports as AuthHooks;
}
