/**
 * @module providers/builtin/microsoft
 * Microsoft identity platform v2 with Graph. `tenant` defaults to `common`; single-tenant apps must
 * name theirs (AADSTS50194, reference #266). The Graph photo needs the user's token, so the picture
 * is fetched with it.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export interface MicrosoftOptions extends BuiltinOptions {
  tenant?: string;
}

export function microsoftProvider(opts: MicrosoftOptions): OAuth2Provider {
  const tenant = encodeURIComponent(opts.tenant || 'common');
  const base = `https://login.microsoftonline.com/${tenant}/oauth2/v2.0`;
  return createBuiltin(
    {
      name: 'microsoft',
      endpoints: {
        authURL: `${base}/authorize`,
        tokenURL: `${base}/token`,
        infoURL: 'https://graph.microsoft.com/v1.0/me',
        pictureURL: 'https://graph.microsoft.com/v1.0/me/photo/$value',
      },
      scopes: ['User.Read'],
      pictureNeedsToken: true,
      mapUser: (d, urls) => ({
        rawId: d.requireId('id'),
        name: d.value('displayName'),
        picture: urls.pictureURL,
        email: d.value('mail'),
      }),
    },
    opts,
  );
}
