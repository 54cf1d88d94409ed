/**
 * @module providers/oidc
 * A generic OpenID Connect provider built from the issuer's discovery document
 * (`<issuer>/.well-known/openid-configuration`): authorization code with PKCE and nonce, id_token
 * verified (signature via the JWKS, iss, aud, exp, nonce), profile from the userinfo endpoint when
 * the issuer has one. The factory is async: a broken issuer fails at start-up, not at first login.
 */
import * as oauth from 'oauth4webapi';
import type { User } from '../token/user.js';
import { assertNotBuiltinName } from './builtin/names.js';
import { type ClientAuthMethod, isLoopback, OAuth2Client } from './oauth2/client.js';
import { remoteKeySet, verifyIdToken } from './oauth2/id-token.js';
import { OAuth2Provider } from './oauth2/oauth2-provider.js';
import { badResponse, classifyProviderError, PROVIDER_TIMEOUT_MS } from './oauth2/request.js';
import { UserData } from './oauth2/user-data.js';
import { providerUserId } from './oauth2/user-id.js';
import { fetchUserInfo } from './oauth2/user-info.js';

export interface OIDCOptions {
  /** Route name; not a built-in name. */
  name: string;
  /** The issuer identifier, e.g. `https://accounts.example.com/realms/main`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Default `['openid', 'profile']`; `openid` is always included. */
  scopes?: readonly string[];
  authMethod?: ClientAuthMethod;
  /** Claims (id_token merged with userinfo) to token user. Default: sub (hashed), name, picture, email. */
  mapUser?: (claims: UserData) => User;
  allowInsecureRequests?: boolean;
}

export async function oidcProvider(opts: OIDCOptions): Promise<OAuth2Provider> {
  assertNotBuiltinName(opts.name, 'an OpenID Connect provider');
  const as = await discover(opts);
  if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) {
    throw new TypeError(`${opts.issuer}: discovery document lacks authorization, token or jwks endpoint`);
  }
  const keys = remoteKeySet(as.jwks_uri);
  const mapUser = opts.mapUser ?? defaultClaimsMapper(opts.name);
  const client = new OAuth2Client({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    endpoints: { authURL: as.authorization_endpoint, tokenURL: as.token_endpoint },
    issuer: as.issuer,
    authMethod: opts.authMethod,
    allowInsecureRequests: opts.allowInsecureRequests,
  });
  return new OAuth2Provider({
    name: opts.name,
    client,
    scopes: [...new Set(['openid', ...(opts.scopes ?? ['profile'])])],
    nonce: true,
    requireIdToken: true,
    identify: async ({ tokens, handshake }) => {
      const claims = await verifyIdToken(tokens.id_token!, keys, {
        issuer: as.issuer,
        audience: opts.clientId,
        nonce: handshake.nonce,
      });
      let merged: Record<string, unknown> = { ...claims };
      if (as.userinfo_endpoint) {
        const info = await fetchUserInfo({ url: as.userinfo_endpoint, accessToken: tokens.access_token });
        // OIDC Core 5.3.2: a userinfo answer for another subject must not be used.
        if (info.value('sub') !== claims.sub)
          throw badResponse(new Error('userinfo sub differs from id_token'));
        merged = { ...merged, ...info.raw };
      }
      return { user: mapUser(new UserData(merged)) };
    },
  });
}

async function discover(opts: OIDCOptions): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(opts.issuer);
  const insecure = opts.allowInsecureRequests === true || isLoopback(issuer);
  try {
    const res = await oauth.discoveryRequest(issuer, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    });
    return await oauth.processDiscoveryResponse(issuer, res);
  } catch (err) {
    const classified = classifyProviderError(err);
    throw new TypeError(`${opts.issuer}: OpenID discovery failed: ${classified.message}`, { cause: err });
  }
}

function defaultClaimsMapper(name: string): (claims: UserData) => User {
  return (c) => {
    const sub = c.requireId('sub');
    const user: User = {
      id: providerUserId(name, sub),
      name: c.value('name') || c.value('preferred_username') || c.value('nickname') || sub,
    };
    if (c.value('picture')) user.picture = c.value('picture');
    if (c.value('email')) user.email = c.value('email');
    return user;
  };
}
