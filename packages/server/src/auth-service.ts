/**
 * @module auth-service
 * The service's one `@gatehouse/auth` Service, built from the `auth` config section: the signing
 * secret from the data folder (or `GATEHOUSE_SECRET`) and per-site secrets (`auth.sites`), cookie and
 * header names, the service URL, the stderr logger, and the direct provider (`local` by default)
 * checking the credentials file. Every area gets it in its
 * {@link AreaContext} to guard its routes (`context.auth.fastify.auth()` as an `onRequest` hook).
 */
import {
  type ClaimsUpdater,
  hashId,
  type Opts,
  type SameSite,
  Service,
  type StateStore,
  setAdmin,
} from '@gatehouse/auth';
import { avatarOptions } from './areas/avatars.js';
import { siteSecretReader } from './auth/site-secrets.js';
import { authSecrets } from './config/auth-secrets.js';
import { applicationHosts } from './config/forward-auth.js';
import type { GatehouseConfig } from './config/schema.js';
import type { DataFolder } from './data/folder.js';
import type { Logger } from './logging.js';

/** Where the auth routes live in the service. */
export const authMountPath = '/auth';

const sameSiteNames: Record<GatehouseConfig['auth']['sameSite'], SameSite> = {
  lax: 'Lax',
  strict: 'Strict',
  none: 'None',
};

/**
 * Marks the users named in `access.admins` as admins in every token issued (login and refresh): an
 * entry is a credentials-file name (the direct provider's user id is derived from it) or a full id.
 */
export function adminMarker(config: GatehouseConfig): ClaimsUpdater {
  const ids = new Set(config.access.admins);
  for (const name of config.access.admins) ids.add(`${config.auth.direct.name}_${hashId(name)}`);
  return (claims) => {
    if (claims.user && ids.has(claims.user.id)) setAdmin(claims.user);
    return claims;
  };
}

/** The auth options the config maps to; unset config keys keep the library's documented defaults. */
export function authOptions(
  config: GatehouseConfig,
  data: DataFolder,
  logger: Logger,
  url: string,
  stateStore: StateStore,
  env: NodeJS.ProcessEnv = process.env,
): Opts {
  const { auth } = config;
  return {
    secretReader: siteSecretReader(auth.sites, data.secret, authSecrets(auth, env)),
    url,
    mountPath: authMountPath,
    tokenDuration: auth.tokenDuration,
    cookieDuration: auth.cookieDuration,
    issuer: auth.issuer,
    ...(auth.adminPasswd !== undefined ? { adminPasswd: auth.adminPasswd } : {}),
    audiences: auth.audiences,
    allowedRedirectHosts: [...auth.allowedRedirectHosts, ...applicationHosts(config.forwardAuth)],
    sameSite: sameSiteNames[auth.sameSite],
    jwtCookieName: auth.cookies.jwtName,
    xsrfCookieName: auth.cookies.xsrfName,
    ...(auth.cookies.domain !== undefined ? { jwtCookieDomain: auth.cookies.domain } : {}),
    xsrfHeaderKey: auth.headers.xsrf,
    jwtHeaderKey: auth.headers.jwt,
    sendJWTHeader: auth.headers.sendJWT,
    jwtQuery: auth.jwtQuery,
    xsrfIgnoreMethods: auth.xsrfIgnoreMethods,
    disableXSRF: auth.disableXSRF,
    bodyLimit: config.server.bodyLimit,
    claimsUpdater: adminMarker(config),
    stateStore,
    logger,
    ...avatarOptions(config), // avatars section: store URI (default bolt://<dataDir>/avatars.db), route, resize
  };
}

/** The configured Service with its providers added. */
export function createAuthService(
  config: GatehouseConfig,
  data: DataFolder,
  logger: Logger,
  url: string,
  stateStore: StateStore,
  env: NodeJS.ProcessEnv = process.env,
): Service {
  const service = new Service(authOptions(config, data, logger, url, stateStore, env));
  const credentials = data.credentials;
  if (credentials) {
    service.addDirectProvider(config.auth.direct.name, (user, passwd) => credentials.check(user, passwd));
  }
  return service;
}
