/**
 * @module providers/builtin/by-name
 * A built-in provider by its name, with the options every provider kind takes:
 * `providerByName('github', { clientId, clientSecret, numericId: true })`. The positional form of
 * go-pkgz/auth's `AddProvider(name, cid, csecret)` is still accepted in 0.2 (deprecated, removed in
 * 0.3). `dev` is the dev provider on its default port. Apple needs a key: use `appleProvider`.
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
export type ByNameOptions = BuiltinOptions & {
  tenant?: string;
  numericId?: boolean;
};

const factories: Record<string, (o: ByNameOptions) => OAuth2Provider> = {
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

export function providerByName(name: string, options: ByNameOptions): OAuth2Provider;
/** @deprecated The positional form of 0.1; use `providerByName(name, { clientId, clientSecret, ... })`. */
export function providerByName(
  name: string,
  clientId: string,
  clientSecret: string,
  options?: Omit<ByNameOptions, 'clientId' | 'clientSecret'>,
): OAuth2Provider;
export function providerByName(
  name: string,
  optionsOrId: ByNameOptions | string,
  clientSecret = '',
  rest: Omit<ByNameOptions, 'clientId' | 'clientSecret'> = {},
): OAuth2Provider {
  const options =
    typeof optionsOrId === 'string' ? { ...rest, clientId: optionsOrId, clientSecret } : optionsOrId;
  if (name === 'dev') return devProvider();
  const factory = factories[name];
  if (!factory) {
    throw new TypeError(
      `no built-in provider "${name}"; use customOAuth2Provider or oidcProvider for others`,
    );
  }
  return factory(options);
}
