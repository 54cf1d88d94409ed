/**
 * @module providers/builtin/discord
 * Discord. The picture link is built from the user id and avatar hash on Discord's CDN.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export function discordProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'discord',
      endpoints: {
        authURL: 'https://discord.com/oauth2/authorize',
        tokenURL: 'https://discord.com/api/oauth2/token',
        infoURL: 'https://discord.com/api/v10/users/@me',
        pictureURL: 'https://cdn.discordapp.com/avatars',
      },
      scopes: ['identify'],
      mapUser: (d, urls) => {
        const rawId = d.requireId('id');
        const avatar = d.value('avatar');
        return {
          rawId,
          name: d.value('global_name') || d.value('username'),
          picture: avatar ? `${urls.pictureURL}/${rawId}/${encodeURIComponent(avatar)}.png` : undefined,
          email: d.value('email'),
        };
      },
    },
    opts,
  );
}
