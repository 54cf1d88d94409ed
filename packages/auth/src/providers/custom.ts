/**
 * @module providers/custom
 * Any other OAuth 2.0 provider (Bitbucket, GitLab, a company server...), registered under a name that
 * is not a built-in name. Several clients of one external provider can be registered under different
 * names. The flow is the shared one, PKCE included; only the URLs and the mapping are the caller's.
 */
import type { User } from '../token/user.js';
import { assertNotBuiltinName } from './builtin/names.js';
import { type ClientAuthMethod, OAuth2Client, requireHttpsUnlessAllowed } from './oauth2/client.js';
import { OAuth2Provider, type TokenHook } from './oauth2/oauth2-provider.js';
import { badResponse } from './oauth2/request.js';
import type { UserData } from './oauth2/user-data.js';
import { providerUserId } from './oauth2/user-id.js';
import { fetchUserInfo } from './oauth2/user-info.js';

/** The URLs of a custom provider: where the browser logs in, where codes are redeemed, who the user is. */
export interface CustomEndpoints {
  authURL: string;
  tokenURL: string;
  /** Returns the logged-in user's JSON when called with the access token. */
  infoURL: string;
}

/** The one option shape of every OAuth 2.0 provider kind: `clientId`, `clientSecret`, `endpoints`, `scopes`. */
export interface CustomOAuth2Options {
  /** Route name; any URL-path-safe name except the built-in ones. */
  name: string;
  clientId: string;
  clientSecret: string;
  endpoints: CustomEndpoints;
  /**
   * Converts the info answer into a token user. Default: `id`, `name`, `picture` of the answer, with
   * the id made `<name>_<sha1 hex of id>`.
   */
  mapUser?: (data: UserData) => User;
  /** Minimal scopes needed to read the user. */
  scopes?: readonly string[];
  /** Default `client_secret_post`. */
  authMethod?: ClientAuthMethod;
  /** PKCE S256; default true (servers that do not know it ignore the parameters). */
  pkce?: boolean;
  /** Allow plain-http endpoints on a non-loopback host. */
  allowInsecureRequests?: boolean;
  /** Sees the provider's access (and refresh) token of each login. */
  onTokens?: TokenHook;
}

/**
 * The 0.1 shape (`client: {cid, csecret}`, `endpoint`, `infoURL`), still accepted in 0.2 and removed
 * in 0.3: integrators outside this repository were shown it.
 * @deprecated Use {@link CustomOAuth2Options}.
 */
export type LegacyCustomOAuth2Options = Omit<
  CustomOAuth2Options,
  'clientId' | 'clientSecret' | 'endpoints'
> & {
  client: { cid: string; csecret: string };
  endpoint: { authURL: string; tokenURL: string };
  infoURL: string;
};

/** A client's id and secret from the current options or the 0.1 `client: {cid, csecret}`. */
export function clientOf(
  opts: { clientId: string; clientSecret: string } | { client: { cid: string; csecret: string } },
): { clientId: string; clientSecret: string } {
  return 'client' in opts
    ? { clientId: opts.client.cid, clientSecret: opts.client.csecret }
    : { clientId: opts.clientId, clientSecret: opts.clientSecret };
}

/** Options in either shape, read as the current one. */
export function currentShape(opts: CustomOAuth2Options | LegacyCustomOAuth2Options): CustomOAuth2Options {
  if (!('client' in opts)) return opts;
  const { client, endpoint, infoURL, ...rest } = opts;
  return { ...rest, ...clientOf({ client }), endpoints: { ...endpoint, infoURL } };
}

export function customOAuth2Provider(opts: CustomOAuth2Options | LegacyCustomOAuth2Options): OAuth2Provider {
  assertNotBuiltinName(opts.name, 'a custom provider');
  return userInfoProvider(currentShape(opts));
}

/** The custom provider without the name check; the `dev` provider is built on it. */
export function userInfoProvider(opts: CustomOAuth2Options): OAuth2Provider {
  if (!opts.clientId || !opts.clientSecret) {
    throw new TypeError(`${opts.name} provider needs clientId and clientSecret`);
  }
  const mapUser = opts.mapUser ?? defaultMapper(opts.name);
  const { authURL, tokenURL, infoURL } = opts.endpoints;
  requireHttpsUnlessAllowed(infoURL, 'infoURL', opts.allowInsecureRequests);
  const client = new OAuth2Client({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    endpoints: { authURL, tokenURL },
    authMethod: opts.authMethod,
    allowInsecureRequests: opts.allowInsecureRequests,
  });
  return new OAuth2Provider({
    name: opts.name,
    client,
    scopes: opts.scopes ?? [],
    pkce: opts.pkce,
    onTokens: opts.onTokens,
    identify: async ({ tokens }) => {
      const data = await fetchUserInfo({ url: infoURL, accessToken: tokens.access_token });
      const user = mapUser(data);
      if (!user || typeof user.id !== 'string' || user.id === '') {
        throw badResponse(new Error(`${opts.name}: the user mapper returned no id`));
      }
      return { user };
    },
  });
}

/** `id`, `name`, `picture` taken from the answer, id hashed under the provider's name. */
export function defaultMapper(name: string): (data: UserData) => User {
  return (data) => {
    const user: User = {
      id: providerUserId(name, data.requireId('id')),
      name: data.value('name') || data.value('id'),
    };
    const picture = data.value('picture');
    if (picture) user.picture = picture;
    const email = data.value('email');
    if (email) user.email = email;
    return user;
  };
}
