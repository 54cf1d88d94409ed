/**
 * @module providers/local-server/local-provider
 * Registers a {@link LocalOAuth2Server} as a login provider of the service: the shared OAuth 2.0
 * flow against the server's endpoints, the user's id `<name>_<sha1 hex of user name>`.
 */
import type { User } from '../../token/user.js';
import { clientOf, customOAuth2Provider } from '../custom.js';
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import type { UserData } from '../oauth2/user-data.js';
import type { LocalOAuth2Server } from './server.js';

export interface LocalOAuth2ProviderOptions {
  /** Route name; not a built-in name. */
  name: string;
  /** A client registered on the server (its redirect URI is `<service>/auth/<name>/callback`). */
  clientId: string;
  clientSecret: string;
  server: LocalOAuth2Server;
  /** Default: id, name, picture, email of the server's user endpoint. */
  mapUser?: (data: UserData) => User;
  scopes?: readonly string[];
}

/**
 * The 0.1 shape (`client: {cid, csecret}`), still accepted in 0.2 and removed in 0.3.
 * @deprecated Use {@link LocalOAuth2ProviderOptions}.
 */
export type LegacyLocalOAuth2ProviderOptions = Omit<
  LocalOAuth2ProviderOptions,
  'clientId' | 'clientSecret'
> & {
  client: { cid: string; csecret: string };
};

export function localOAuth2Provider(
  opts: LocalOAuth2ProviderOptions | LegacyLocalOAuth2ProviderOptions,
): OAuth2Provider {
  const { clientId, clientSecret } = clientOf(opts);
  return customOAuth2Provider({
    name: opts.name,
    clientId,
    clientSecret,
    endpoints: opts.server.endpoints(),
    mapUser: opts.mapUser,
    scopes: opts.scopes,
    allowInsecureRequests: true,
  });
}
