/**
 * Apple (form_post, ES256 client secret, id_token checked against the JWKS) and the generic OpenID
 * Connect provider (discovery, nonce, id_token, userinfo), end to end against the fake provider
 * server acting as Apple and as an OpenID issuer.
 */
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appleProvider } from '../../src/providers/apple/apple.js';
import { oidcProvider } from '../../src/providers/oidc.js';
import { Browser } from '../support/oauth/browser.js';
import { APPLE_CLIENT, type FakeApple, startFakeApple } from '../support/oauth/fake-apple.js';
import { FakeProvider } from '../support/oauth/fake-provider.js';
import { type RunningService, startService } from '../support/oauth/service.js';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('the Apple provider', () => {
  let apple: FakeProvider;
  let fakeApple: FakeApple;
  let svc: RunningService;
  let pem: string;

  beforeAll(async () => {
    fakeApple = await startFakeApple();
    apple = fakeApple.fake;
    pem = fakeApple.pem;
    const provider = await appleProvider(fakeApple.appleOptions());
    svc = await startService([provider]);
  });

  afterAll(async () => {
    await svc.close();
    await apple.close();
  });

  afterEach(() => {
    for (const k of Object.keys(apple.knobs)) delete apple.knobs[k as keyof typeof apple.knobs];
  });

  /** Login → Apple's auto-submitting form_post page → POST to the callback. */
  async function login(b: Browser) {
    const page = await b.navigate(`${svc.url}/auth/apple/login?site=s1`);
    expect(page.response.status).toBe(200);
    const auth = new URL(page.chain.at(-1)!);
    expect(auth.searchParams.get('response_mode')).toBe('form_post');
    expect(auth.searchParams.get('scope')).toBe('name');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    return b.submitForm(page.chain.at(-1)!, page.body);
  }

  it('takes the name from the first sign-up only, and the id from sub', async () => {
    apple.knobs.formPostUser = JSON.stringify({
      name: { firstName: 'Ann', lastName: 'Lee' },
      email: 'a@b.c',
    });
    const first = await login(new Browser());
    expect(first.response.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ id: `apple_${sha1('001234.abcdef')}`, name: 'Ann Lee' });
    delete apple.knobs.formPostUser;
    const later = await login(new Browser());
    const user = JSON.parse(later.body);
    expect(user.id).toBe(`apple_${sha1('001234.abcdef')}`);
    expect(user.name).toMatch(/^noname_[0-9a-f]{8}$/);
    expect(user.picture).toMatch(/\/avatar\/[0-9a-f]{40}\.image$/);
  });

  it('signs its client secret with ES256, kid, iss=team, sub=client, aud=Apple', async () => {
    const before = fakeApple.secretsReceived.length;
    expect((await login(new Browser())).response.status).toBe(200);
    expect(fakeApple.secretsReceived).toHaveLength(before + 1);
    const secret = fakeApple.secretsReceived.at(-1)!;
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: APPLE_CLIENT.keyId });
    // Verified with the team's public key, so signed by its private key.
    const { payload } = await jwtVerify(secret, fakeApple.publicKey, { algorithms: ['ES256'] });
    expect(payload).toEqual({
      iss: APPLE_CLIENT.teamId,
      sub: APPLE_CLIENT.clientId,
      aud: apple.issuer,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    // Apple takes secrets valid for at most six months; ours live half an hour.
    expect(payload.exp! - payload.iat!).toBe(30 * 60);
  });

  it.each([
    ['a wrong issuer', { idTokenClaims: { iss: 'https://evil.example' } }],
    ['a wrong audience', { idTokenClaims: { aud: 'com.other.app' } }],
    ['an expired token', { idTokenClaims: { exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ['a wrong nonce', { idTokenClaims: { nonce: 'not-the-nonce' } }],
    ['a signature by another key', { signWithForeignKey: true }],
  ])('refuses an id_token with %s (403) and logs nobody in', async (_what, knobs) => {
    Object.assign(apple.knobs, knobs);
    const b = new Browser();
    const res = await login(b);
    expect(res.response.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ error: 'invalid id_token' });
    expect(b.cookie('JWT')).toBeUndefined();
  });

  it('fails at registration on a bad key', async () => {
    const base = { clientId: 'c', teamId: 't', keyId: 'k' };
    await expect(appleProvider({ ...base, privateKey: () => 'not a key' })).rejects.toThrow(
      /PKCS#8 EC P-256/,
    );
    const rsa = await exportPKCS8((await generateKeyPair('RS256', { extractable: true })).privateKey);
    await expect(appleProvider({ ...base, privateKey: () => rsa })).rejects.toThrow(TypeError);
    await expect(
      appleProvider({ ...base, privateKey: () => Promise.reject(new Error('ENOENT')) }),
    ).rejects.toThrow(/cannot load the private key/);
    await expect(appleProvider({ ...base, keyId: '', privateKey: () => pem })).rejects.toThrow(/keyId/);
  });
});

describe('the OpenID Connect provider', () => {
  let issuer: FakeProvider;
  let svc: RunningService;

  beforeAll(async () => {
    issuer = await new FakeProvider({
      clientId: 'oidc-client',
      clientSecret: 'oidc-secret',
      subject: 'user-7',
      userInfo: { sub: 'user-7', name: 'Olga', email: 'olga@example.com', picture: '{{picture}}/o' },
    }).start();
    const provider = await oidcProvider({
      name: 'keycloak',
      issuer: issuer.issuer,
      clientId: 'oidc-client',
      clientSecret: 'oidc-secret',
      scopes: ['profile', 'email'],
    });
    svc = await startService([provider]);
  });

  afterAll(async () => {
    await svc.close();
    await issuer.close();
  });

  afterEach(() => {
    for (const k of Object.keys(issuer.knobs)) delete issuer.knobs[k as keyof typeof issuer.knobs];
  });

  it('logs in with PKCE and nonce from the discovered endpoints', async () => {
    const b = new Browser();
    const nav = await b.navigate(`${svc.url}/auth/keycloak/login`);
    expect(nav.response.status).toBe(200);
    const auth = new URL(nav.chain[1]!);
    expect(auth.searchParams.get('scope')).toBe('openid profile email');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(JSON.parse(nav.body)).toMatchObject({
      id: `keycloak_${sha1('user-7')}`,
      name: 'Olga',
      email: 'olga@example.com',
    });
  });

  it('refuses an id_token signed by another key (403)', async () => {
    issuer.knobs.signWithForeignKey = true;
    const b = new Browser();
    const nav = await b.navigate(`${svc.url}/auth/keycloak/login`);
    expect(nav.response.status).toBe(403);
    expect(JSON.parse(nav.body)).toEqual({ error: 'invalid id_token' });
    expect(b.cookie('JWT')).toBeUndefined();
  });

  it('refuses a userinfo answer about another subject (502)', async () => {
    issuer.knobs.userInfoAnswer = { status: 200, body: JSON.stringify({ sub: 'someone-else', name: 'Eve' }) };
    const nav = await new Browser().navigate(`${svc.url}/auth/keycloak/login`);
    expect(nav.response.status).toBe(502);
    expect(JSON.parse(nav.body)).toEqual({ error: 'unexpected answer from the provider' });
  });

  it('fails at registration when discovery fails', async () => {
    await expect(
      oidcProvider({ name: 'nope', issuer: `${issuer.url}/missing`, clientId: 'a', clientSecret: 'b' }),
    ).rejects.toThrow(/OpenID discovery failed/);
  });

  it('refuses a built-in name', async () => {
    await expect(
      oidcProvider({ name: 'google', issuer: issuer.issuer, clientId: 'a', clientSecret: 'b' }),
    ).rejects.toThrow(/built-in/);
  });
});
