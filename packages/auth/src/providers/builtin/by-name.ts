/**
 * @module providers/builtin/by-name
 * A built-in provider by its name, as go-pkgz/auth's `AddProvider(name, cid, csecret)` registers it:
 * `providerByName('github', id, secret)`; `providerByName('dev', '', '')` is the dev provider on its
 * default port. Apple needs more than an id and a secret: use `appleProvider`.
 */
import { devProvider } from '../../dev/dev-provider.js';
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { battlenetProvider } from './battlenet.js';
import type { BuiltinOptions } from './define.js';
import { discordProvider } from './discord.js';
import { facebookProvider } from './facebook.js';
import { githubProvider } from './github.js';
import { googleProvider } from './google.js';
import { microsoftProvider } from './microsoft.js';
import { patreonProvider } from './patreon.js';
import { twitterProvider } from './twitter.js';
import { yandexProvider } from './yandex.js';

/** Options of any built-in: the common ones plus Microsoft's `tenant` and GitHub's `numericId`. */
export type ByNameOptions = Omit<BuiltinOptions, 'clientId' | 'clientSecret'> & {
  tenant?: string;
  numericId?: boolean;
};

const factories: Record<string, (o: BuiltinOptions & ByNameOptions) => OAuth2Provider> = {
  github: githubProvider,
  google: googleProvider,
  facebook: facebookProvider,
  microsoft: microsoftProvider,
  yandex: yandexProvider,
  battlenet: battlenetProvider,
  patreon: patreonProvider,
  discord: discordProvider,
  twitter: twitterProvider,
};

export function providerByName(
  name: string,
  clientId: string,
  clientSecret: string,
  options: ByNameOptions = {},
): OAuth2Provider {
  if (name === 'dev') return devProvider();
  const factory = factories[name];
  if (!factory) {
    throw new TypeError(
      `no built-in provider "${name}"; use customOAuth2Provider or oidcProvider for others`,
    );
  }
  return factory({ ...options, clientId, clientSecret });
}
