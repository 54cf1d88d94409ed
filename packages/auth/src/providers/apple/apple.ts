/**
 * @module providers/apple/apple
 * Sign in with Apple. The callback is a cross-site form POST by default (`form_post`), carrying the
 * code and, on the first sign-up only, a `user` JSON with the name. The user is read from the
 * id_token, verified against Apple's JWKS (signature, iss, aud, exp, nonce). Apple has no picture:
 * the user gets an identicon. The factory loads the key at once and rejects a bad one.
 */
import type { User } from '../../token/user.js';
import { noName } from '../builtin/define.js';
import { OAuth2Client } from '../oauth2/client.js';
import { remoteKeySet, verifyIdToken } from '../oauth2/id-token.js';
import { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { providerUserId } from '../oauth2/user-id.js';
import { AppleClientSecret, loadSigningKey, type PrivateKeyLoader } from './client-secret.js';

export interface AppleEndpoints {
  authURL: string;
  tokenURL: string;
  jwksURL: string;
  /** The id_token `iss` and the client secret's `aud`. */
  issuer: string;
}

export interface AppleOptions {
  /** The Services ID. */
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: PrivateKeyLoader;
  /** Default `form_post`; with `query` Apple allows no scopes, so no name is ever sent. */
  responseMode?: 'form_post' | 'query';
  /** Overrides for tests and proxies. */
  endpoints?: Partial<AppleEndpoints>;
}

const APPLE: AppleEndpoints = {
  authURL: 'https://appleid.apple.com/auth/authorize',
  tokenURL: 'https://appleid.apple.com/auth/token',
  jwksURL: 'https://appleid.apple.com/auth/keys',
  issuer: 'https://appleid.apple.com',
};

export async function appleProvider(opts: AppleOptions): Promise<OAuth2Provider> {
  for (const field of ['clientId', 'teamId', 'keyId'] as const) {
    if (!opts[field]) throw new TypeError(`apple provider needs ${field}`);
  }
  if (typeof opts.privateKey !== 'function') throw new TypeError('apple provider needs a privateKey loader');
  const urls: AppleEndpoints = { ...APPLE, ...opts.endpoints };
  const responseMode = opts.responseMode ?? 'form_post';
  const key = await loadSigningKey(opts.privateKey);
  const secret = new AppleClientSecret(key, {
    teamId: opts.teamId,
    clientId: opts.clientId,
    keyId: opts.keyId,
    audience: urls.issuer,
  });
  const keys = remoteKeySet(urls.jwksURL);
  const client = new OAuth2Client({
    clientId: opts.clientId,
    clientSecret: () => secret.get(),
    endpoints: urls,
    issuer: urls.issuer,
  });
  return new OAuth2Provider({
    name: 'apple',
    client,
    // Apple: "response_mode must be form_post if scope is not empty".
    scopes: responseMode === 'form_post' ? ['name'] : [],
    pkce: false,
    nonce: true,
    requireIdToken: true,
    responseMode,
    authParams: { response_mode: responseMode },
    identify: async ({ tokens, handshake, callbackParams }) => {
      const claims = await verifyIdToken(tokens.id_token!, keys, {
        issuer: urls.issuer,
        audience: opts.clientId,
        nonce: handshake.nonce,
      });
      return { user: appleUser(claims.sub!, callbackParams.get('user')) };
    },
  });
}

/** The name comes only with the first sign-up, in the `user` form field; later logins get `noname_…`. */
export function appleUser(sub: string, userField: string | null): User {
  const name = nameFromUserField(userField);
  // No picture: the service stores an identicon.
  return { id: providerUserId('apple', sub), name: name || noName('apple', sub) };
}

function nameFromUserField(field: string | null): string {
  if (!field) return '';
  try {
    const parsed = JSON.parse(field) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    return parts.join(' ').trim();
  } catch {
    return '';
  }
}
