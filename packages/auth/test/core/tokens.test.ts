/** The four ways in, XSRF, token rules and cookie attributes, over real HTTP on Fastify and Express. */
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../support/core/app.js';
import { type Framework, sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { login, SECRET } from '../support/core/service.js';

const MIN = 60_000;
const apps = appPerTest();
const setup = apps.setup;

const sign = (payload: Record<string, unknown>, secret = SECRET, alg = 'HS256') =>
  new SignJWT(payload).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

describe.each<Framework>(['fastify', 'express'])('tokens over %s', (framework) => {
  it('login sets the JWT (HttpOnly) and XSRF-TOKEN (= jti) cookies, SameSite=Lax, 31 days, no Secure on http', async () => {
    const { url } = await setup(framework);
    const res = await login(url);
    const cookies = setCookies(res);
    expect(cookies.JWT!.attrs).toMatchObject({
      httponly: true,
      path: '/',
      samesite: 'Lax',
      'max-age': '2678400',
    });
    expect(cookies.JWT!.attrs.secure).toBeUndefined();
    expect(cookies['XSRF-TOKEN']!.attrs.httponly).toBeUndefined();
    const payload = JSON.parse(Buffer.from(cookies.JWT!.value.split('.')[1]!, 'base64url').toString());
    expect(payload.jti).toBe(cookies['XSRF-TOKEN']!.value);
    expect(payload.iss).toBe('go-pkgz/auth');
    expect(payload.exp - payload.iat).toBe(15 * 60);
    expect(payload.auth_provider).toEqual({ name: 'local' });
    expect(payload.user).toEqual({ name: 'alice', id: 'local_522b276a356bdf39013dfabea2cd43e141ecc9e8' });
  });

  it('the session token is compact (alg-only header, 22-character jti, no sess_only false); tokens in the earlier shape still pass', async () => {
    const { url } = await setup(framework);
    const session = sessionOf(await login(url));
    const part = (index: number) =>
      JSON.parse(Buffer.from(session.jwt.split('.')[index]!, 'base64url').toString());
    expect(part(0)).toEqual({ alg: 'HS256' });
    expect(session.xsrf).toMatch(/^[\w-]{22}$/);
    expect(part(1)).not.toHaveProperty('sess_only');
    // What earlier versions (and go-pkgz/auth) issued: typ in the header, a 40-hex jti, sess_only false.
    const now = Math.floor(Date.now() / 1000);
    const jti = 'd49a588a3879c7e4803e6090de1d457168b1a1e5';
    const earlier = await new SignJWT({
      user: { name: 'alice', id: 'local_522b276a356bdf39013dfabea2cd43e141ecc9e8' },
      aud: '',
      sess_only: false,
      auth_provider: { name: 'local' },
      iss: 'go-pkgz/auth',
      jti,
      iat: now,
      auth_time: now,
      exp: now + 900,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(SECRET));
    const res = await fetch(`${url}/private`, withSession({ jwt: earlier, xsrf: jti }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { name: 'alice' } });
  });

  it('Secure cookies for an https URL; custom names, domain, SameSite; session-only without Max-Age', async () => {
    const { url } = await setup(framework, {
      url: 'https://auth.example.com',
      jwtCookieName: 'sess',
      xsrfCookieName: 'csrf',
      jwtCookieDomain: 'example.com',
      sameSite: 'Strict',
    });
    const cookies = setCookies(await login(url, 'alice', 'wonderland', '?session=1'));
    expect(Object.keys(cookies)).toEqual(['sess', 'csrf']);
    expect(cookies.sess!.attrs).toMatchObject({ secure: true, domain: 'example.com', samesite: 'Strict' });
    expect(cookies.sess!.attrs['max-age']).toBeUndefined();
    expect(cookies.sess!.attrs.expires).toBeUndefined();
  });

  it('cookie + XSRF header passes; a missing or wrong XSRF header is 401 and keeps the session', async () => {
    const { url } = await setup(framework);
    const session = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(session))).status).toBe(200);
    for (const xsrf of [undefined, 'wrong', `${session.xsrf}0`]) {
      const init = withSession(
        session,
        xsrf ? { headers: { 'x-xsrf-token': xsrf } } : {},
        xsrf !== undefined,
      );
      const res = await fetch(`${url}/private`, init);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'xsrf mismatch' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('xsrfIgnoreMethods exempts methods; disableXSRF turns the check off', async () => {
    const { url } = await setup(framework, { xsrfIgnoreMethods: ['get'] });
    const session = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, withSession(session, {}, false))).status).toBe(200);
    expect((await fetch(`${url}/private`, withSession(session, { method: 'POST' }, false))).status).toBe(401);
    const second = await setup(framework, { disableXSRF: true });
    const s2 = sessionOf(await login(second.url));
    expect((await fetch(`${second.url}/private`, withSession(s2, { method: 'POST' }, false))).status).toBe(
      200,
    );
  });

  it('X-JWT header and ?token= need no XSRF; custom header and query names work', async () => {
    const { url } = await setup(framework, { jwtHeaderKey: 'X-Auth', jwtQuery: 'jwt' });
    const { jwt } = sessionOf(await login(url));
    expect((await fetch(`${url}/private`, { headers: { 'x-auth': jwt } })).status).toBe(200);
    expect((await fetch(`${url}/private?jwt=${jwt}`)).status).toBe(200);
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': jwt } })).status).toBe(401);
  });

  it('refuses forged, tampered, alg none, wrong-secret and malformed tokens with 401', async () => {
    const { url, clock } = await setup(framework);
    const { jwt } = sessionOf(await login(url));
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    const [h, , s] = jwt.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, user: { ...claims.user, name: 'eve' } })).toString('base64url')}.${s}`;
    const bad = [
      tampered,
      new UnsecuredJWT(claims).encode(),
      await sign(claims, 'not the secret'),
      await sign(claims, SECRET, 'HS384'),
      'garbage',
      `${jwt}.extra`,
    ];
    void clock;
    // the genuine token is verified and cached first: a tampered copy shares its signature
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': jwt } })).status).toBe(200);
    for (const token of bad) {
      const res = await fetch(`${url}/private`, { headers: { 'x-jwt': token } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'invalid token' });
    }
  });

  it('an expired header or query token is 401 "token expired"; a handshake or user-less token is refused', async () => {
    const { url, clock } = await setup(framework);
    const { jwt } = sessionOf(await login(url));
    clock.advance(16 * MIN);
    for (const init of [{ headers: { 'x-jwt': jwt } }, {}]) {
      const res = await fetch(`${url}/private${'headers' in init ? '' : `?token=${jwt}`}`, init);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'token expired' });
    }
    const exp = clock.ms / 1000 + 600;
    const noUser = await sign({ aud: '', exp, auth_provider: { name: 'local' } });
    const handshake = await sign({ user: { id: 'local_x', name: 'x' }, exp, gh_hs: 1 });
    for (const token of [noUser, handshake]) {
      expect((await fetch(`${url}/private`, { headers: { 'x-jwt': token } })).status).toBe(401);
    }
  });

  it('audiences: login for another aud is 403; a token for another aud is 401; per-aud secrets', async () => {
    const secrets: Record<string, string> = { Site1: 'secret one', site2: 'secret two' };
    const { url, clock } = await setup(framework, {
      audiences: ['Site1'],
      secretReader: (aud) => secrets[aud] ?? 'default',
    });
    const refused = await login(url, 'alice', 'wonderland', '?aud=site2');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'audience not allowed' });
    // Any case logs in; the token carries the spelling of `audiences`, the secretReader's key.
    const ok = await login(url, 'alice', 'wonderland', '?aud=SITE1');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty('aud', 'Site1');
    const exp = clock.ms / 1000 + 600;
    const user = { id: 'local_x', name: 'x' };
    const other = await sign({ user, aud: 'site2', exp, auth_provider: { name: 'local' } }, 'secret two');
    const res = await fetch(`${url}/private`, { headers: { 'x-jwt': other } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'audience not allowed' });
    const crossSigned = await sign(
      { user, aud: 'site1', exp, auth_provider: { name: 'local' } },
      'secret two',
    );
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': crossSigned } })).status).toBe(401);
  });

  it("per-site secrets, the README's recipe: any case of a site logs in and its token works", async () => {
    const secrets: Record<string, string> = { site1: 'secret one', site2: 'secret two' };
    const { url } = await setup(framework, {
      audiences: Object.keys(secrets),
      secretReader: (aud) => secrets[aud]!,
    });
    const ok = await login(url, 'alice', 'wonderland', '?aud=SITE2');
    expect(ok.status).toBe(200);
    const { jwt } = sessionOf(ok);
    expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).aud).toBe('site2');
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': jwt } })).status).toBe(200);
  });

  it('a token from a provider that is not registered is refused', async () => {
    const { url, clock } = await setup(framework);
    const exp = clock.ms / 1000 + 600;
    const foreign = await sign({
      user: { id: 'github_1', name: 'x' },
      exp,
      auth_provider: { name: 'github' },
    });
    const legacy = await sign({ user: { id: 'local_1', name: 'x' }, exp });
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': foreign } })).status).toBe(401);
    expect((await fetch(`${url}/private`, { headers: { 'x-jwt': legacy } })).status).toBe(200);
  });

  it('issuer and tokenDuration are options; secureCookies forces Secure on an http URL', async () => {
    const { url } = await setup(framework, {
      issuer: 'my-site',
      tokenDuration: 5 * MIN,
      secureCookies: true,
    });
    const res = await login(url);
    const payload = JSON.parse(Buffer.from(sessionOf(res).jwt.split('.')[1]!, 'base64url').toString());
    expect(payload.iss).toBe('my-site');
    expect(payload.exp - payload.iat).toBe(5 * 60);
    expect(setCookies(res).JWT!.attrs.secure).toBe(true);
  });

  it('sendJWTHeader also sends the token in X-JWT', async () => {
    const { url } = await setup(framework, { sendJWTHeader: true });
    const res = await login(url);
    expect(res.headers.get('x-jwt')).toBe(sessionOf(res).jwt);
  });
});
