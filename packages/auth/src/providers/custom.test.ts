import { describe, expect, it } from 'vitest';
import { customOAuth2Provider } from './custom.js';

const base = {
  name: 'corp',
  client: { cid: 'id', csecret: 'secret' },
  endpoint: { authURL: 'https://sso.example/authorize', tokenURL: 'https://sso.example/token' },
  infoURL: 'https://sso.example/me',
};

describe('customOAuth2Provider', () => {
  it('refuses built-in names', () => {
    expect(() => customOAuth2Provider({ ...base, name: 'google' })).toThrow(
      /built-in provider name "google"/,
    );
  });

  it('refuses plain-http token and info URLs off loopback unless allowed', () => {
    const httpToken = { ...base, endpoint: { ...base.endpoint, tokenURL: 'http://sso.example/token' } };
    expect(() => customOAuth2Provider(httpToken)).toThrow(/tokenURL must be https/);
    expect(() => customOAuth2Provider({ ...base, infoURL: 'http://sso.example/me' })).toThrow(
      /infoURL must be https/,
    );
    expect(customOAuth2Provider({ ...httpToken, allowInsecureRequests: true }).name).toBe('corp');
    expect(customOAuth2Provider({ ...base, infoURL: 'http://127.0.0.1:9/me' }).name).toBe('corp');
  });

  it('refuses endpoints that are not URLs', () => {
    expect(() => customOAuth2Provider({ ...base, endpoint: { ...base.endpoint, authURL: 'nope' } })).toThrow(
      /authURL is not a URL/,
    );
  });
});
