/**
 * @module dev/dev-provider
 * The `dev` login provider: the shared OAuth 2.0 flow against the dev server (started separately
 * with {@link startDevOAuthServer}). Ids are `dev_<sha1 hex of user name>`, like every other provider.
 */
import { userInfoProvider } from '../providers/custom.js';
import type { OAuth2Provider } from '../providers/oauth2/oauth2-provider.js';
import { providerUserId } from '../providers/oauth2/user-id.js';
import type { User } from '../token/user.js';
import { DEV_CLIENT_ID, DEV_DEFAULT_PORT, DEV_PATHS } from './dev-server.js';

export interface DevProviderOptions {
  /** The dev server's port; default 8084. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export function devProvider(opts: DevProviderOptions = {}): OAuth2Provider {
  const host = opts.host ?? '127.0.0.1';
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${opts.port ?? DEV_DEFAULT_PORT}`;
  return userInfoProvider({
    name: 'dev',
    clientId: DEV_CLIENT_ID,
    clientSecret: 'dev',
    endpoints: {
      authURL: base + DEV_PATHS.authorize,
      tokenURL: base + DEV_PATHS.token,
      infoURL: base + DEV_PATHS.user,
    },
    scopes: ['user:email'],
    allowInsecureRequests: true,
    mapUser: (d): User => {
      const username = d.requireId('id');
      const user: User = { id: providerUserId('dev', username), name: d.value('name') || username };
      if (d.value('picture')) user.picture = d.value('picture');
      if (d.value('email')) user.email = d.value('email');
      return user;
    },
  });
}
