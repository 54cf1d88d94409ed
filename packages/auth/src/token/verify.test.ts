import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors.js';
import { issueToken } from './issue.js';
import { verifyToken } from './verify.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowS = NOW / 1000;
const secrets: Record<string, string> = {
  '': 'default secret',
  site1: 'secret of site 1',
  site2: 'secret of site 2',
};
const reader = (aud: string) => secrets[aud] ?? 'default secret';
const claims = {
  user: { id: 'local_1', name: 'alice' },
  aud: 'site1',
  jti: 'j1',
  iat: nowS,
  exp: nowS + 900,
};

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof AuthError ? error.code : `other: ${String(error)}`;
  }
}

describe('verifyToken', () => {
  it('accepts a good token and returns its claims', async () => {
    const token = await issueToken(claims, reader);
    const { claims: got, expired } = await verifyToken(token, reader, NOW);
    expect(expired).toBe(false);
    expect(got.user).toEqual(claims.user);
    expect(got.aud).toBe('site1');
  });

  it('asks the secret reader for the token aud (per-site secrets)', async () => {
    const asked: string[] = [];
    const token = await issueToken(claims, reader);
    await verifyToken(
      token,
      (aud) => {
        asked.push(aud);
        return reader(aud);
      },
      NOW,
    );
    expect(asked).toEqual(['site1']);
    // signed with site2's secret but claiming site1: refused
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secrets.site2));
    expect(await code(verifyToken(forged, reader, NOW))).toBe('ERR_TOKEN_INVALID');
  });

  it('marks an expired but authentic token as expired', async () => {
    const token = await issueToken({ ...claims, exp: nowS - 1 }, reader);
    const result = await verifyToken(token, reader, NOW);
    expect(result.expired).toBe(true);
    expect(result.claims.jti).toBe('j1');
  });

  it('refuses a wrong secret, a tampered payload, alg none, other algs, malformed tokens, missing exp', async () => {
    const token = await issueToken(claims, reader);
    const wrongSecret = await issueToken(claims, () => 'another secret');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.user.name = 'mallory';
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const none = new UnsecuredJWT(claims).encode();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(secrets.site1));
    const noExp = await new SignJWT({ user: claims.user, aud: 'site1' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secrets.site1));
    const arrayAud = await new SignJWT({ ...claims, aud: ['site1', 'site2'] })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secrets.site1));
    const notYet = await issueToken({ ...claims, nbf: nowS + 60 }, reader);
    for (const bad of [
      wrongSecret,
      tampered,
      none,
      hs512,
      noExp,
      arrayAud,
      notYet,
      'abc',
      'a.b.c',
      '',
      `${token}x`,
    ]) {
      expect(await code(verifyToken(bad, reader, NOW))).toBe('ERR_TOKEN_INVALID');
    }
  });
});
