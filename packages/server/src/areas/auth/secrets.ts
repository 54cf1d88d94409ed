/**
 * @module areas/auth/secrets
 * Secrets the `auth` section names by environment variable (`secretEnv`, `clientSecretEnv`...):
 * checked when the configuration loads, so that `gatehouse config check` and `serve` name the key of
 * each variable that is missing or too short, and read once when the service is built. A value is
 * never shown, only its variable's name.
 */
import type { AuthConfig } from './config.js';

/** One secret the configuration names: where in the file, which variable, how long at least. */
export interface SecretReference {
  key: string;
  variable: string;
  minLength: number;
}

/** Signing secrets are HS256 keys: at least 32 characters, as `auth.secret`. */
const SIGNING_SECRET_LENGTH = 32;

/** Every environment variable the `auth` section names, with its key. */
export function authSecretReferences(auth: AuthConfig): SecretReference[] {
  const references: SecretReference[] = [];
  for (const [site, entry] of Object.entries(auth.sites)) {
    references.push({
      key: `auth.sites.${site}.secretEnv`,
      variable: entry.secretEnv,
      minLength: SIGNING_SECRET_LENGTH,
    });
  }
  auth.providers.forEach((entry, index) => {
    if (entry.kind === 'verify' && entry.smtp?.passwordEnv !== undefined) {
      references.push({
        key: `auth.providers.${index}.smtp.passwordEnv`,
        variable: entry.smtp.passwordEnv,
        minLength: 1,
      });
    }
    if (entry.kind === 'local') {
      entry.clients.forEach((client, number) => {
        references.push({
          key: `auth.providers.${index}.clients.${number}.secretEnv`,
          variable: client.secretEnv,
          minLength: 1,
        });
      });
    }
    if (entry.kind === 'telegram') {
      references.push({ key: `auth.providers.${index}.tokenEnv`, variable: entry.tokenEnv, minLength: 1 });
    }
    if ('clientSecretEnv' in entry && entry.clientSecretEnv !== undefined) {
      references.push({
        key: `auth.providers.${index}.clientSecretEnv`,
        variable: entry.clientSecretEnv,
        minLength: 1,
      });
    }
  });
  return references;
}

/** What is wrong with a reference's variable in `env`, or `undefined` when it is usable. */
export function secretProblem(reference: SecretReference, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[reference.variable];
  if (!value) return `environment variable ${reference.variable} is not set`;
  if (value.length < reference.minLength)
    return `environment variable ${reference.variable} holds fewer than ${reference.minLength} characters`;
  return undefined;
}

/** The value of the variable named at `key`; throws naming the key when it cannot be used. */
export function readSecret(env: NodeJS.ProcessEnv, reference: SecretReference): string {
  const problem = secretProblem(reference, env);
  if (problem) throw new TypeError(`${reference.key}: ${problem}`);
  return env[reference.variable]!;
}

/** Reads the secret named at a key (e.g. `auth.providers.0.clientSecretEnv`) from `env`. */
export function authSecrets(auth: AuthConfig, env: NodeJS.ProcessEnv): (key: string) => string {
  const byKey = new Map(authSecretReferences(auth).map((reference) => [reference.key, reference]));
  return (key) => {
    const reference = byKey.get(key);
    if (!reference) throw new TypeError(`${key}: names no secret`);
    return readSecret(env, reference);
  };
}
