/**
 * @module providers/builtin/yandex
 * Yandex ID. Its info API wants `Authorization: OAuth <token>`, not Bearer.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export function yandexProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'yandex',
      endpoints: {
        authURL: 'https://oauth.yandex.com/authorize',
        tokenURL: 'https://oauth.yandex.com/token',
        infoURL: 'https://login.yandex.ru/info?format=json',
        pictureURL: 'https://avatars.yandex.net/get-yapic',
      },
      scopes: [],
      infoScheme: 'OAuth',
      mapUser: (d, urls) => {
        const avatar = d.value('default_avatar_id');
        const empty = d.get('is_avatar_empty') === true;
        return {
          rawId: d.requireId('id'),
          name: d.value('display_name') || d.value('real_name') || d.value('login'),
          picture:
            avatar && !empty ? `${urls.pictureURL}/${encodeURIComponent(avatar)}/islands-200` : undefined,
          email: d.value('default_email'),
        };
      },
    },
    opts,
  );
}
