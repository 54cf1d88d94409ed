/**
 * @module data/credential-sessions
 * Whose sessions a credentials-file name stands for. One name logs in as a different user id
 * through each provider backed by the file: the direct provider (`local_<hash>` by default) and
 * every `kind: local` OAuth 2.0 server whose users are the credentials file (`corp_<hash>`), so
 * ending "alice's sessions" means revoking each of those ids. A local server with a `mapUser` hook
 * names its users itself; those are revoked by id (`{"id": ...}`).
 */
import { hashId } from '@gatehouse/auth';

/**
 * A login provider as the `auth.providers` list holds it, in the keys that tell its users apart
 * (a built-in kind has no `name`: its kind is its name).
 */
interface ProviderEntry {
  readonly kind: string;
  readonly name?: string;
  readonly users?: string;
  readonly mapUser?: string | undefined;
}

/** The direct provider's name and the configured providers (the `auth` section, or part of it). */
export interface CredentialProviderSettings {
  readonly auth: { readonly direct: { readonly name: string }; readonly providers: readonly ProviderEntry[] };
}

/**
 * The provider names a credentials-file user logs in through, the direct provider first (listed
 * even when disabled: a session it made before stays revocable, and the list is never empty).
 */
export function credentialProviders(config: CredentialProviderSettings): string[] {
  const names = [config.auth.direct.name];
  for (const entry of config.auth.providers) {
    if (entry.kind === 'local' && entry.users === 'credentialsFile' && entry.mapUser === undefined) {
      names.push(entry.name ?? entry.kind);
    }
  }
  return names;
}

/** Every user id the credentials-file user `name` has sessions under, one per provider. */
export function credentialUserIds(config: CredentialProviderSettings, name: string): string[] {
  const hashed = hashId(name);
  return credentialProviders(config).map((provider) => `${provider}_${hashed}`);
}
