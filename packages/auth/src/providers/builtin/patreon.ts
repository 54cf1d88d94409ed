/**
 * @module providers/builtin/patreon
 * Patreon API v2 identity. `is_paid_sub` is set when the user has an active membership.
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import type { UserData } from '../oauth2/user-data.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export function patreonProvider(opts: BuiltinOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'patreon',
      endpoints: {
        authURL: 'https://www.patreon.com/oauth2/authorize',
        tokenURL: 'https://www.patreon.com/api/oauth2/token',
        infoURL:
          'https://www.patreon.com/api/oauth2/v2/identity?include=memberships' +
          '&fields%5Buser%5D=full_name,image_url&fields%5Bmember%5D=patron_status',
      },
      scopes: ['identity'],
      mapUser: (d) => ({
        rawId: d.requireId('data.id'),
        name: d.value('data.attributes.full_name'),
        picture: d.value('data.attributes.image_url'),
        attrs: { is_paid_sub: hasActiveMembership(d) },
      }),
    },
    opts,
  );
}

function hasActiveMembership(d: UserData): boolean {
  const included = d.get('included');
  if (!Array.isArray(included)) return false;
  return included.some((m) => m?.type === 'member' && m?.attributes?.patron_status === 'active_patron');
}
