/**
 * @module areas/oauth-providers
 * OAuth 2.0 login providers of the service: the dev provider (`--dev-provider [--dev-port P]`, or
 * `auth.dev` in the config file) and the built-in, custom, OpenID Connect and Apple providers listed
 * in `auth.providers`. Client secrets come from environment variables named in the file
 * (`clientSecretEnv`), never from the file itself. Registered before the auth area, so the start-up
 * summary lists them.
 */
import {
  appleProvider,
  type BuiltinProviderName,
  builtinProviderNames,
  customOAuth2Provider,
  DEV_DEFAULT_PORT,
  devProvider,
  loadApplePrivateKeyFromFile,
  type OAuth2Provider,
  oidcProvider,
  providerByName,
  startDevOAuthServer,
} from '@gatehouse/auth';
import * as z from 'zod';
import type { ConfigFlag } from '../commands/config-flags.js';
import type { Area } from './area.js';

export const devProviderFlag: ConfigFlag = {
  flag: 'dev-provider',
  key: 'auth.dev.enabled',
  kind: 'boolean',
  help: 'start the dev OAuth 2.0 server and the "dev" provider (any user name logs in; development only)',
};

export const devPortFlag: ConfigFlag = {
  flag: 'dev-port',
  key: 'auth.dev.port',
  kind: 'number',
  placeholder: 'P',
  help: `port of the dev OAuth 2.0 server on 127.0.0.1 (default ${DEV_DEFAULT_PORT})`,
};

const name = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'expected a provider name of a-z, 0-9, "_" and "-"' });
const nonEmpty = z
  .string({ error: 'expected a string' })
  .trim()
  .min(1, { error: 'expected a non-empty string' });
const url = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
const scopes = z.array(nonEmpty, { error: 'expected a list of scopes' }).optional();
/** Where the client secret is: the name of an environment variable. */
const secretEnv = nonEmpty.regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'expected an environment variable name' });

/** Built-in providers configured by client id and secret; Apple and dev have entries of their own. */
type KeyedBuiltin = Exclude<BuiltinProviderName, 'apple' | 'dev'>;
const builtinKinds = builtinProviderNames.filter(
  (name): name is KeyedBuiltin => name !== 'apple' && name !== 'dev',
) as [KeyedBuiltin, ...KeyedBuiltin[]];

const providerEntry = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(builtinKinds),
    clientId: nonEmpty,
    clientSecretEnv: secretEnv,
    scopes,
    tenant: nonEmpty.optional(),
  }),
  z.strictObject({
    kind: z.literal('custom'),
    name,
    clientId: nonEmpty,
    clientSecretEnv: secretEnv,
    authURL: url,
    tokenURL: url,
    infoURL: url,
    scopes,
  }),
  z.strictObject({
    kind: z.literal('oidc'),
    name,
    issuer: url,
    clientId: nonEmpty,
    clientSecretEnv: secretEnv,
    scopes,
  }),
  z.strictObject({
    kind: z.literal('apple'),
    clientId: nonEmpty,
    teamId: nonEmpty,
    keyId: nonEmpty,
    privateKeyFile: nonEmpty,
  }),
]);

/** `auth.dev`: the dev OAuth 2.0 server and provider. */
export const devSection = z
  .strictObject({
    enabled: z.boolean({ error: 'expected true or false' }).default(false),
    port: z.int().min(0).max(65535).default(DEV_DEFAULT_PORT),
  })
  .prefault({});

/** `auth.providers`: OAuth 2.0 providers to register. */
export const providersSection = z.array(providerEntry).default([]);

export type ProviderEntry = z.output<typeof providerEntry>;

function secretFrom(env: NodeJS.ProcessEnv, variable: string): string {
  const value = env[variable];
  if (!value)
    throw new TypeError(`auth.providers: environment variable ${variable} (client secret) is not set`);
  return value;
}

/** Builds one configured provider; async for OIDC discovery and Apple's key. */
export async function providerFromConfig(
  entry: ProviderEntry,
  env: NodeJS.ProcessEnv,
): Promise<OAuth2Provider> {
  switch (entry.kind) {
    case 'custom':
      return customOAuth2Provider({
        name: entry.name,
        client: { cid: entry.clientId, csecret: secretFrom(env, entry.clientSecretEnv) },
        endpoint: { authURL: entry.authURL, tokenURL: entry.tokenURL },
        infoURL: entry.infoURL,
        scopes: entry.scopes,
      });
    case 'oidc':
      return oidcProvider({
        name: entry.name,
        issuer: entry.issuer,
        clientId: entry.clientId,
        clientSecret: secretFrom(env, entry.clientSecretEnv),
        scopes: entry.scopes,
      });
    case 'apple':
      return appleProvider({ ...entry, privateKey: loadApplePrivateKeyFromFile(entry.privateKeyFile) });
    default: {
      const { kind, clientId, clientSecretEnv, ...rest } = entry;
      return providerByName(kind, clientId, secretFrom(env, clientSecretEnv), rest);
    }
  }
}

/** Names the dev provider's port when it is the one taken, so it is not mistaken for `--port`. */
function devPortError(error: unknown, port: number): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new Error(
    `dev OAuth 2.0 server (--dev-port / auth.dev.port): port ${port} on 127.0.0.1 is already in use (EADDRINUSE); choose another with --dev-port`,
  );
}

/** Starts the dev OAuth 2.0 server when asked and registers every configured OAuth provider. */
export const oauthProvidersArea: Area = async (app, { config, auth, logger, stateStore, announce }) => {
  const { dev, providers } = config.auth;
  for (const entry of providers) auth.addProvider(await providerFromConfig(entry, process.env));
  if (!dev.enabled) return;
  // Codes go only to this service's dev callback, not to any page that links to the dev server.
  const callback = `${auth.options.url}${auth.options.mountPath}/dev/callback`;
  // Its codes live in the shared state store: with several instances, a login may end on any of them.
  const server = await startDevOAuthServer({
    port: dev.port,
    logger,
    redirectURIs: [callback],
    stateStore,
  }).catch((error: unknown) => {
    throw devPortError(error, dev.port);
  });
  app.addHook('onClose', () => server.close());
  auth.addProvider(devProvider({ port: Number(new URL(server.url).port) }));
  announce(`WARNING dev OAuth 2.0 server on ${server.url}: ANY USER NAME LOGS IN. FOR DEVELOPMENT ONLY`);
  announce(
    `  log in: open ${auth.options.url}${auth.options.mountPath}/dev/login?from=${auth.options.url}/ in a browser`,
  );
};
