/**
 * @module providers/builtin/facebook
 * Facebook Graph API v21.0 (the reference was stuck on v3.2).
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

const GRAPH = 'https://graph.facebook.com/v21.0';

export function facebookProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'facebook',
      endpoints: {
        authURL: 'https://www.facebook.com/v21.0/dialog/oauth',
        tokenURL: `${GRAPH}/oauth/access_token`,
        infoURL: `${GRAPH}/me?fields=id,name,email,picture.width(400)`,
      },
      scopes: ['public_profile'],
      mapUser: (d) => {
        const rawId = d.requireId('id');
        return {
          rawId,
          name: d.value('name') || rawId.slice(0, 16),
          picture: d.value('picture.data.url'),
          email: d.value('email'),
        };
      },
    },
    opts,
  );
}
