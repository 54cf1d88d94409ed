/**
 * @module areas/auth/oauth-providers
 * Builds the OAuth 2.0 providers an `auth.providers` list names: built-in (GitHub's `numericId`,
 * Microsoft's `tenant`, any built-in's `endpoints`), custom, OpenID Connect and Apple, each in the
 * library's one option shape, with client secrets read from the environment variables named and
 * user mappers (`mapUser`) from the hooks module.
 */
import {
  appleProvider,
  customOAuth2Provider,
  loadApplePrivateKeyFromFile,
  type OAuth2Provider,
  oidcProvider,
  providerByName,
} from '@gatehouse/auth';
import { type LoadedHooks, namedHook } from './hook-references.js';
import type { ProviderEntry } from './providers-config.js';

/** Reads the secret named at a config key, e.g. `auth.providers.0.clientSecretEnv`. */
export type SecretAt = (key: string) => string;

/** The entries of the OAuth 2.0 kinds. */
export type OAuthEntry = Exclude<ProviderEntry, { kind: 'verify' | 'telegram' | 'local' }>;

/** Builds entry `index` of `auth.providers`; async for OIDC discovery and Apple's key. */
export async function oauthProviderFromConfig(
  entry: OAuthEntry,
  index: number,
  secretAt: SecretAt,
  hooks: LoadedHooks | undefined,
): Promise<OAuth2Provider> {
  const clientSecret = () => secretAt(`auth.providers.${index}.clientSecretEnv`);
  const mapper = (name: string | undefined) =>
    name === undefined ? {} : { mapUser: namedHook(hooks, 'mapUser', name) };
  switch (entry.kind) {
    case 'apple': {
      const { kind, privateKeyFile, ...apple } = entry;
      return appleProvider({ ...apple, privateKey: loadApplePrivateKeyFromFile(privateKeyFile) });
    }
    case 'custom': {
      const { kind, clientSecretEnv, mapUser, ...custom } = entry;
      return customOAuth2Provider({ ...custom, clientSecret: clientSecret(), ...mapper(mapUser) });
    }
    case 'oidc': {
      const { kind, clientSecretEnv, mapUser, ...oidc } = entry;
      return oidcProvider({ ...oidc, clientSecret: clientSecret(), ...mapper(mapUser) });
    }
    default: {
      const { kind, clientSecretEnv, ...builtin } = entry;
      return providerByName(kind, { ...builtin, clientSecret: clientSecret() });
    }
  }
}
