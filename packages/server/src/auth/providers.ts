/**
 * @module auth/providers
 * Builds the provider each `auth.providers` entry describes, by kind: OAuth 2.0 kinds in
 * `oauth-providers.ts`, the verified provider in `verify-provider.ts`, the messenger bot in
 * `telegram-provider.ts`.
 */
import type { Provider } from '@gatehouse/auth';
import type { ProviderEntry } from '../config/auth-providers.js';
import { oauthProviderFromConfig, type SecretAt } from './oauth-providers.js';
import type { AuthSetup } from './setup.js';
import { telegramProviderFromConfig } from './telegram-provider.js';
import { verifyProviderFromConfig } from './verify-provider.js';

/** What building a provider needs besides its entry. */
export interface ProviderParts {
  /** Reads the secret named at a config key. */
  secretAt: SecretAt;
  setup: AuthSetup;
  /** The login route of a provider name, e.g. `https://gate.example.com/auth/email/login`. */
  loginURL(name: string): string;
}

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
    default:
      return oauthProviderFromConfig(entry, index, parts.secretAt, parts.setup.hooks);
  }
}
