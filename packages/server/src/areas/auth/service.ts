/**
 * @module areas/auth/service
 * The service's one `@gatehouse/auth` Service, built from the `auth` config section: the signing
 * secret from the data folder (or `GATEHOUSE_SECRET`) and per-site secrets (`auth.sites`), cookie and
 * header names, the service URL, the stderr logger, the hooks of the hooks module (`auth.hooks`),
 * and the direct provider (`local` by default) checking the credentials file, or the hooks module's
 * `credentialChecker`. The areas get it in their {@link AreaContext}; guarding routes is not theirs
 * but `access/`'s, which asks this Service for the user of each request.
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
import { authMountPath } from '../../access/groups.js';
import type { DataFolder } from '../../data/folder.js';
import type { Logger } from '../../logging.js';
import type { AuthConfig } from './config.js';
import type { LoadedHooks } from './hook-references.js';
import { authSecrets } from './secrets.js';
import { siteSecretReader } from './site-secrets.js';

/** The `auth` section, the admins `access.admins` names, and the body limit the auth routes share. */
export interface AuthServiceSettings {
  readonly auth: AuthConfig;
  readonly access: { readonly admins: readonly string[] };
  readonly server: { readonly bodyLimit: number };
}

const sameSiteNames: Record<AuthConfig['sameSite'], SameSite> = {
  lax: 'Lax',
  strict: 'Strict',
  none: 'None',
};

/**
 * Marks the users named in `access.admins` as admins in every token issued (login and refresh): an
 * entry is a credentials-file name (the direct provider's user id is derived from it) or a full id.
 */
export function adminMarker(config: AuthServiceSettings): ClaimsUpdater {
  const ids = new Set(config.access.admins);
  for (const name of config.access.admins) ids.add(`${config.auth.direct.name}_${hashId(name)}`);
  return (claims) => {
    if (claims.user && ids.has(claims.user.id)) setAdmin(claims.user);
    return claims;
  };
}

/** The admin marking, then the hooks module's claims updater, when it has one. */
function claimsUpdaterOf(config: AuthServiceSettings, hook: ClaimsUpdater | undefined): ClaimsUpdater {
  const markAdmins = adminMarker(config);
  return hook ? async (claims) => hook(await markAdmins(claims)) : markAdmins;
}

/** What the auth Service is built from besides the configuration. */
export interface AuthServiceParts {
  data: DataFolder;
  logger: Logger;
  /** External base URL, no trailing slash. */
  url: string;
  stateStore: StateStore;
  /** Where the secrets named by `...Env` keys are read. */
  env: NodeJS.ProcessEnv;
  /** The module of `auth.hooks`, loaded and checked. */
  hooks: LoadedHooks | undefined;
  /** The avatar proxy's options (the `avatars` area's); none when avatars are off. */
  avatars: Partial<Opts>;
  /** Hosts a login may return to besides `auth.allowedRedirectHosts` (the forward-auth applications). */
  redirectHosts: readonly string[];
}

/** The auth options the config maps to; unset config keys keep the library's documented defaults. */
export function authOptions(config: AuthServiceSettings, parts: AuthServiceParts): Opts {
  const { auth } = config;
  const { data, logger, url, stateStore, env } = parts;
  const hooks = parts.hooks?.hooks ?? {};
  return {
    secretReader: hooks.secretReader ?? siteSecretReader(auth.sites, data.secret, authSecrets(auth, env)),
    url,
    mountPath: authMountPath,
    tokenDuration: auth.tokenDuration,
    cookieDuration: auth.cookieDuration,
    revocationCheckInterval: auth.revocationCheck,
    issuer: auth.issuer,
    ...(auth.adminPasswd !== undefined ? { adminPasswd: auth.adminPasswd } : {}),
    audiences: auth.audiences,
    allowedRedirectHosts: [...auth.allowedRedirectHosts, ...parts.redirectHosts],
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
    claimsUpdater: claimsUpdaterOf(config, hooks.claimsUpdater),
    ...(hooks.validator ? { validator: hooks.validator } : {}),
    ...(hooks.userUpdater ? { userUpdater: hooks.userUpdater } : {}),
    ...(hooks.basicAuthChecker ? { basicAuthChecker: hooks.basicAuthChecker } : {}),
    stateStore,
    logger,
    ...parts.avatars,
  };
}

/** The configured Service with its providers added. */
export function createAuthService(config: AuthServiceSettings, parts: AuthServiceParts): Service {
  const service = new Service(authOptions(config, parts));
  const { direct } = config.auth;
  const checker = parts.hooks?.hooks.credentialChecker;
  const credentials = parts.data.credentials;
  if (direct.enabled && checker) service.addDirectProvider(direct.name, checker);
  else if (credentials)
    service.addDirectProvider(direct.name, (user, passwd) => credentials.check(user, passwd));
  return service;
}
