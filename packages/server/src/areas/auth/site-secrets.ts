/**
 * @module areas/auth/site-secrets
 * The secret reader of the service: one signing secret per site (`aud`) listed in `auth.sites`, the
 * service's own secret for every other site. A token is signed and checked with its `aud`'s secret,
 * so a token made for one site, its `aud` changed to another, fails the signature check there.
 */
import type { SecretReader } from '@gatehouse/auth';
import type { AuthConfig } from './config.js';

export function siteSecretReader(
  sites: AuthConfig['sites'],
  defaultSecret: string,
  secretAt: (key: string) => string,
): SecretReader {
  // Read at start-up: a missing variable stops the service, not a login.
  const secrets = new Map(
    Object.keys(sites).map((site) => [site, secretAt(`auth.sites.${site}.secretEnv`)] as const),
  );
  return (aud) => secrets.get(aud ?? '') ?? defaultSecret;
}
