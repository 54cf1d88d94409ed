/**
 * @module providers/builtin/twitter
 * X (Twitter) with OAuth 2.0 and PKCE (the reference still used OAuth 1.0a). X wants the client
 * credentials in a Basic header and PKCE on every request; `users.read` needs `tweet.read`.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export function twitterProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'twitter',
      endpoints: {
        authURL: 'https://x.com/i/oauth2/authorize',
        tokenURL: 'https://api.x.com/2/oauth2/token',
        infoURL: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
      },
      scopes: ['users.read', 'tweet.read'],
      authMethod: 'client_secret_basic',
      mapUser: (d) => ({
        rawId: d.requireId('data.id'),
        name: d.value('data.username') || d.value('data.name'),
        picture: d.value('data.profile_image_url'),
      }),
    },
    opts,
  );
}
