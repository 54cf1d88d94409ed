/**
 * @module areas/auth/providers
 * Builds the provider each `auth.providers` entry describes, by kind: OAuth 2.0 kinds in
 * `oauth-providers.ts`, the verified provider in `verify-provider.ts`, the messenger bot in
 * `telegram-provider.ts`, the local OAuth 2.0 server in `local-server.ts`.
 */
import type { Logger, Provider, StateStore } from '@gatehouse/auth';
import { localProviderFromConfig } from './local-server.js';
import { oauthProviderFromConfig, type SecretAt } from './oauth-providers.js';
import type { ProviderEntry } from './providers-config.js';
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
  /** Its callback route, e.g. `https://gate.example.com/auth/corp/callback`. */
  callbackURL(name: string): string;
  /** The service's shared state store. */
  stateStore: StateStore;
  logger: Logger;
  /** Checks a name and password against the credentials file; absent when it is not open. */
  passwordCheck: ((user: string, password: string) => Promise<boolean>) | undefined;
  /** Runs when the service closes (servers a provider started). */
  closeWith(close: () => Promise<void>): void;
  /** Adds a line to the start-up summary. */
  announce(line: string): void;
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
    case 'local':
      return localProviderFromConfig(entry, index, parts);
    default:
      return oauthProviderFromConfig(entry, index, parts.secretAt, parts.setup.hooks);
  }
}
