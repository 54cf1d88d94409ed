/**
 * @module areas/auth/local-server
 * Starts the local OAuth 2.0 server a `"kind": "local"` entry describes and registers it as a
 * provider: the service's own client (its callback registered), the other applications in
 * `clients`, users checked against the credentials file or the hooks module's `credentialChecker`
 * (or, for development, any name), the default login page, a template file or a hooks handler.
 * Codes and tokens live in the service's state store; the server closes with the service.
 */
import { randomBytes } from 'node:crypto';
import {
  type CredChecker,
  LocalOAuth2Server,
  localOAuth2Provider,
  type OAuth2Provider,
} from '@gatehouse/auth';
import { namedHook } from './hook-references.js';
import { templateLoginPage } from './login-page-template.js';
import type { ProviderParts } from './provider-parts.js';
import type { ProviderEntry } from './providers-config.js';

export type LocalEntry = Extract<ProviderEntry, { kind: 'local' }>;

/** A credential checker's answer as a yes or no. */
async function accepted(checker: CredChecker, user: string, password: string): Promise<boolean> {
  const result = await checker(user, password);
  return typeof result === 'boolean' ? result : result.ok;
}

function authenticator(entry: LocalEntry, parts: ProviderParts) {
  if (entry.users === 'any') return undefined;
  if (entry.users === 'hooks') {
    const checker = parts.setup.hooks!.hooks.credentialChecker!;
    return (user: string, password: string) => accepted(checker, user, password);
  }
  const check = parts.passwordCheck;
  if (!check) throw new TypeError('local server: the credentials file is not open (auth.direct.enabled)');
  return check;
}

export async function localProviderFromConfig(
  entry: LocalEntry,
  index: number,
  parts: ProviderParts,
): Promise<OAuth2Provider> {
  const key = `auth.providers.${index}`;
  const clientSecret =
    entry.clientSecretEnv === undefined
      ? randomBytes(24).toString('base64url')
      : parts.secretAt(`${key}.clientSecretEnv`);
  const own = { id: entry.clientId, secret: clientSecret, redirectURIs: [parts.callbackURL(entry.name)] };
  const others = entry.clients.map((client, number) => ({
    id: client.id,
    secret: parts.secretAt(`${key}.clients.${number}.secretEnv`),
    redirectURIs: client.redirectURIs,
  }));
  const page = entry.loginPage;
  const authenticate = authenticator(entry, parts);
  const server = new LocalOAuth2Server({
    url: entry.url,
    clients: [own, ...others],
    withLoginPage: entry.withLoginPage,
    ...(page && 'template' in page
      ? { loginPageHandler: templateLoginPage(parts.setup.templates.get(`${key}.loginPage.template`)!) }
      : {}),
    ...(page && 'handler' in page
      ? { loginPageHandler: namedHook(parts.setup.hooks, 'loginPages', page.handler) }
      : {}),
    ...(authenticate ? { authenticate } : {}),
    stateStore: parts.stateStore,
    name: `local-${entry.name}`,
    logger: parts.logger,
    title: `Log in to ${entry.name}`,
  });
  await server.start().catch((error: unknown) => {
    throw new Error(
      `${key}.url: the local OAuth 2.0 server cannot listen on ${entry.url}: ${(error as Error).message}`,
    );
  });
  parts.closeWith(() => server.close());
  if (entry.users === 'any') {
    parts.announce(
      `WARNING local OAuth 2.0 server ${entry.name} on ${server.url}: ANY USER NAME LOGS IN (users: "any")`,
    );
  } else parts.announce(`auth: local OAuth 2.0 server ${entry.name} on ${server.url}`);
  return localOAuth2Provider({
    name: entry.name,
    clientId: entry.clientId,
    clientSecret,
    server,
    ...(entry.scopes ? { scopes: entry.scopes } : {}),
    ...(entry.mapUser !== undefined
      ? { mapUser: namedHook(parts.setup.hooks, 'mapUser', entry.mapUser) }
      : {}),
  });
}
