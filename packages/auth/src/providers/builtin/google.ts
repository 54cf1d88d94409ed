/**
 * @module providers/builtin/google
 * Google, through the OpenID userinfo endpoint. Add `scopes: ['https://www.googleapis.com/auth/userinfo.email']`
 * to receive the e-mail (reference issue #268).
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin, noName } from './define.js';

export function googleProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'google',
      endpoints: {
        authURL: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenURL: 'https://oauth2.googleapis.com/token',
        infoURL: 'https://www.googleapis.com/oauth2/v3/userinfo',
      },
      scopes: ['https://www.googleapis.com/auth/userinfo.profile'],
      mapUser: (d) => {
        const rawId = d.requireId('sub');
        return {
          rawId,
          name: d.value('name') || noName('google', rawId),
          picture: d.value('picture'),
          email: d.value('email'),
        };
      },
    },
    opts,
  );
}
