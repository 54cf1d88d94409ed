/**
 * @module areas/auth/login-providers
 * The login providers of the service besides the direct one: the dev provider (`--dev-provider
 * [--dev-port P]`, or `auth.dev`), every entry of `auth.providers` (built by `auth/providers.ts`:
 * OAuth 2.0 kinds, verified...) and the providers the hooks module exports. Secrets come from
 * environment variables named in the file, never from the file itself. Registered before the auth
 * area, so the start-up summary lists them.
 */
import { DEV_DEFAULT_PORT, devProvider, startDevOAuthServer } from '@gatehouse/auth';
import type { ConfigFlag } from '../../settings/text-values.js';
import type { Area } from '../area.js';
import type { AuthConfig } from './config.js';
import type { ProviderParts } from './provider-parts.js';
import { providerFromConfig } from './providers.js';
import { authSecrets } from './secrets.js';
import type { AuthSetup } from './setup.js';

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

/** Names the dev provider's port when it is the one taken, so it is not mistaken for `--port`. */
function devPortError(error: unknown, port: number): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new Error(
    `dev OAuth 2.0 server (--dev-port / auth.dev.port): port ${port} on 127.0.0.1 is already in use (EADDRINUSE); choose another with --dev-port`,
  );
}

/** The `auth` section, the environment its `...Env` keys name, and the checked hooks module. */
export interface LoginProvidersSettings {
  readonly auth: AuthConfig;
  readonly env: NodeJS.ProcessEnv;
  readonly authSetup: AuthSetup;
}

/** Starts the dev OAuth 2.0 server when asked and registers every configured OAuth provider. */
export const loginProvidersArea: Area<LoginProvidersSettings> = async (app, context, config) => {
  const { auth, logger, stateStore, announce, data } = context;
  const { env, authSetup } = config;
  const { dev, providers } = config.auth;
  const credentials = data.credentials;
  const route = (name: string, step: string) =>
    `${auth.options.url}${auth.options.mountPath}/${name}/${step}`;
  const parts: ProviderParts = {
    secretAt: authSecrets(config.auth, env),
    setup: authSetup,
    loginURL: (name) => route(name, 'login'),
    callbackURL: (name) => route(name, 'callback'),
    stateStore,
    logger,
    passwordCheck: credentials && ((user, password) => credentials.check(user, password)),
    closeWith: (close) => app.addHook('onClose', close),
    announce,
  };
  for (const [index, entry] of providers.entries()) {
    auth.addProvider(await providerFromConfig(entry, index, parts));
  }
  // The hooks module's own providers, as they are.
  for (const provider of authSetup.hooks?.hooks.providers ?? []) auth.addProvider(provider);
  if (!dev.enabled) return;
  // Codes go only to this service's dev callback, not to any page that links to the dev server.
  const callback = `${auth.options.url}${auth.options.mountPath}/dev/callback`;
  // Its codes live in the shared state store: with several instances, a login may end on any of them.
  // The user endpoint's e-mail: from the hooks module, else `<name>@<auth.dev.emailDomain>`.
  const emailDomain = dev.emailDomain;
  const emailFor =
    authSetup.hooks?.hooks.devEmailFor ??
    (emailDomain === undefined ? undefined : (name: string) => `${name}@${emailDomain}`);
  const server = await startDevOAuthServer({
    port: dev.port,
    logger,
    redirectURIs: [callback],
    stateStore,
    ...(emailFor ? { emailFor } : {}),
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
