import { describe, expect, it } from 'vitest';
import { currentShape, customOAuth2Provider } from './custom.js';

const endpoints = {
  authURL: 'https://sso.example/authorize',
  tokenURL: 'https://sso.example/token',
  infoURL: 'https://sso.example/me',
};
const base = { name: 'corp', clientId: 'id', clientSecret: 'secret', endpoints };

describe('customOAuth2Provider', () => {
  it('refuses built-in names', () => {
    expect(() => customOAuth2Provider({ ...base, name: 'google' })).toThrow(
      /built-in provider name "google"/,
    );
  });

  it('refuses a missing client id or secret', () => {
    expect(() => customOAuth2Provider({ ...base, clientSecret: '' })).toThrow(
      /corp provider needs clientId and clientSecret/,
    );
  });

  it('refuses plain-http token and info URLs off loopback unless allowed', () => {
    const httpToken = { ...base, endpoints: { ...endpoints, tokenURL: 'http://sso.example/token' } };
    expect(() => customOAuth2Provider(httpToken)).toThrow(/tokenURL must be https/);
    expect(() =>
      customOAuth2Provider({ ...base, endpoints: { ...endpoints, infoURL: 'http://sso.example/me' } }),
    ).toThrow(/infoURL must be https/);
    expect(customOAuth2Provider({ ...httpToken, allowInsecureRequests: true }).name).toBe('corp');
    expect(
      customOAuth2Provider({ ...base, endpoints: { ...endpoints, infoURL: 'http://127.0.0.1:9/me' } }).name,
    ).toBe('corp');
  });

  it('refuses endpoints that are not URLs', () => {
    expect(() => customOAuth2Provider({ ...base, endpoints: { ...endpoints, authURL: 'nope' } })).toThrow(
      /authURL is not a URL/,
    );
  });

  it('reads the deprecated 0.1 shape (client, endpoint, infoURL) as the current one', () => {
    const legacy = {
      name: 'corp',
      client: { cid: 'id', csecret: 'secret' },
      endpoint: { authURL: endpoints.authURL, tokenURL: endpoints.tokenURL },
      infoURL: endpoints.infoURL,
      scopes: ['me'],
    };
    expect(currentShape(legacy)).toEqual({ ...base, scopes: ['me'] });
    expect(customOAuth2Provider(legacy).name).toBe('corp');
  });
});
