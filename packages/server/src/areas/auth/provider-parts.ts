/**
 * @module areas/auth/provider-parts
 * What every provider builder (`oauth-providers.ts`, `verify-provider.ts`, `telegram-provider.ts`,
 * `local-server.ts`) is handed besides its `auth.providers` entry; a file of its own so the builders
 * and `providers.ts`, which picks one by kind, do not import each other.
 */
import type { Logger, StateStore } from '@gatehouse/auth';
import type { SecretAt } from './oauth-providers.js';
import type { AuthSetup } from './setup.js';

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
