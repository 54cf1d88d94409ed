/**
 * @module providers/builtin/define
 * What a built-in provider file declares (endpoints, info URL, minimal scopes, how its user-info
 * answer maps to a token user) and the one factory that turns a declaration plus the integrator's
 * options into a provider. Endpoints can be overridden (GitHub Enterprise, tests); scopes can be
 * extended (e.g. e-mail) without writing a custom provider.
 */
import type { User } from '../../token/user.js';
import { type ClientAuthMethod, OAuth2Client, requireHttpsUnlessAllowed } from '../oauth2/client.js';
import { type Identity, OAuth2Provider, type TokenHook } from '../oauth2/oauth2-provider.js';
import type { UserData } from '../oauth2/user-data.js';
import { providerUserId } from '../oauth2/user-id.js';
import { bearerFetch, fetchUserInfo } from '../oauth2/user-info.js';

/** Every URL a built-in talks to; each may be overridden. */
export interface BuiltinEndpoints {
  authURL: string;
  tokenURL: string;
  infoURL: string;
  /** Base of picture links the provider builds from ids (Discord, Yandex) or the picture itself (Microsoft). */
  pictureURL?: string;
}

/** What the mapper returns: the provider's own id (hashed by the factory) and the visible fields. */
export interface MappedUser {
  rawId: string;
  name: string;
  picture?: string;
  email?: string;
  attrs?: Record<string, unknown>;
}

export interface BuiltinDefinition {
  name: string;
  endpoints: BuiltinEndpoints;
  scopes: readonly string[];
  authMethod?: ClientAuthMethod;
  /** Default true. */
  pkce?: boolean;
  /** The Authorization scheme of the info request (Yandex: `OAuth`). */
  infoScheme?: string;
  /** The picture can only be fetched with the user's token (Microsoft Graph). */
  pictureNeedsToken?: boolean;
  checkTokenResponse?: (res: Response) => Promise<void>;
  mapUser(data: UserData, endpoints: BuiltinEndpoints): MappedUser;
}

export interface BuiltinOptions {
  clientId: string;
  clientSecret: string;
  /** Added to the provider's minimal scopes, e.g. `['email']`. */
  scopes?: readonly string[];
  /** Replaces some or all of the provider's URLs. */
  endpoints?: Partial<BuiltinEndpoints>;
  /** Allow plain-http endpoints on a non-loopback host (loopback is always allowed). */
  allowInsecureRequests?: boolean;
  /** Sees the provider's access (and refresh) token of each login. */
  onTokens?: TokenHook;
}

export function createBuiltin(def: BuiltinDefinition, opts: BuiltinOptions): OAuth2Provider {
  if (!opts.clientId || !opts.clientSecret) {
    throw new TypeError(`${def.name} provider needs clientId and clientSecret`);
  }
  const endpoints: BuiltinEndpoints = { ...def.endpoints, ...definedOnly(opts.endpoints ?? {}) };
  requireHttpsUnlessAllowed(endpoints.infoURL, 'infoURL', opts.allowInsecureRequests);
  const client = new OAuth2Client({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    endpoints,
    authMethod: def.authMethod,
    allowInsecureRequests: opts.allowInsecureRequests,
    checkTokenResponse: def.checkTokenResponse,
  });
  return new OAuth2Provider({
    name: def.name,
    client,
    scopes: mergeScopes(def.scopes, opts.scopes),
    pkce: def.pkce,
    onTokens: opts.onTokens,
    identify: async ({ tokens }): Promise<Identity> => {
      const data = await fetchUserInfo({
        url: endpoints.infoURL,
        accessToken: tokens.access_token,
        scheme: def.infoScheme,
      });
      const user = toTokenUser(def.name, def.mapUser(data, endpoints));
      return def.pictureNeedsToken ? { user, fetchPicture: bearerFetch(tokens.access_token) } : { user };
    },
  });
}

/** The token user of a mapped answer: id hashed, empty fields left out. */
export function toTokenUser(provider: string, m: MappedUser): User {
  const user: User = { id: providerUserId(provider, m.rawId), name: m.name };
  if (m.picture) user.picture = m.picture;
  if (m.email) user.email = m.email;
  if (m.attrs && Object.keys(m.attrs).length > 0) user.attrs = m.attrs;
  return user;
}

export function mergeScopes(base: readonly string[], extra: readonly string[] = []): string[] {
  return [...new Set([...base, ...extra])];
}

/** `noname_<part of the hashed id>` when a provider gives no name, as the reference does. */
export function noName(provider: string, rawId: string): string {
  return `noname_${providerUserId(provider, rawId).slice(provider.length + 1, provider.length + 9)}`;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
