/**
 * @module areas/auth/providers
 * Builds the provider each `auth.providers` entry describes, by kind: OAuth 2.0 kinds in
 * `oauth-providers.ts`, the verified provider in `verify-provider.ts`, the messenger bot in
 * `telegram-provider.ts`, the local OAuth 2.0 server in `local-server.ts`.
 */
import type { Provider } from '@gatehouse/auth';
import { localProviderFromConfig } from './local-server.js';
import { oauthProviderFromConfig } from './oauth-providers.js';
import type { ProviderParts } from './provider-parts.js';
import type { ProviderEntry } from './providers-config.js';
import { telegramProviderFromConfig } from './telegram-provider.js';
import { verifyProviderFromConfig } from './verify-provider.js';

/** Builds entry `index` of `auth.providers`. */
export async function providerFromConfig(
  entry: ProviderEntry,
  index: number,
  parts: ProviderParts,
): Promise<Provider> {
  switch (entry.kind) {
    case 'verify':
      return verifyProviderFromConfig(entry, index, parts);
    case 'telegram':
      return telegramProviderFromConfig(entry, index, parts);
    case 'local':
      return localProviderFromConfig(entry, index, parts);
    default:
      return oauthProviderFromConfig(entry, index, parts.secretAt, parts.setup.hooks);
  }
}
