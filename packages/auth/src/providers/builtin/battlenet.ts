/**
 * @module providers/builtin/battlenet
 * Battle.net (the global `oauth.battle.net` host; China uses `endpoints`). No picture.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export function battlenetProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'battlenet',
      endpoints: {
        authURL: 'https://oauth.battle.net/authorize',
        tokenURL: 'https://oauth.battle.net/token',
        infoURL: 'https://oauth.battle.net/userinfo',
      },
      scopes: [],
      mapUser: (d) => ({ rawId: d.requireId('id'), name: d.value('battletag') }),
    },
    opts,
  );
}
