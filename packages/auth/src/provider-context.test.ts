import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { Service } from './service.js';

const NOW = Date.UTC(2026, 0, 1);

/** The error code of a call that may fail synchronously or through its promise. */
async function code(call: () => unknown): Promise<string> {
  try {
    await call();
    return 'resolved';
  } catch (error) {
    return error instanceof AuthError ? error.code : String(error);
  }
}

describe('ProviderContext of the service', () => {
  let clock = NOW;
  const service = new Service({
    secretReader: (aud) => `secret for ${aud}`,
    url: 'https://auth.example.com',
    audiences: ['site1', 'site2'],
    allowedRedirectHosts: ['app.example.org'],
    now: () => clock,
  });
  const ctx = service.context;

  it('exposes the service URL and mount path', () => {
    expect(ctx.serviceURL).toBe('https://auth.example.com');
    expect(ctx.mountPath).toBe('/auth');
  });

  it('signs and verifies handshakes; expired, forged and session tokens are refused', async () => {
    clock = NOW;
    const token = await ctx.signHandshake({ state: 's1', from: '/x', aud: 'site1' }, 600);
    expect(await ctx.verifyHandshake(token)).toMatchObject({ state: 's1', from: '/x', aud: 'site1' });
    const forged = await new SignJWT({ state: 's1', gh_hs: 1, iss: 'go-pkgz/auth', exp: NOW / 1000 + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('guess'));
    expect(await code(() => ctx.verifyHandshake(forged))).toBe('ERR_HANDSHAKE_INVALID');
    const session = await service.tokens.issue({ user: { id: 'x_1', name: 'x' }, aud: 'site1' });
    expect(await code(() => ctx.verifyHandshake(session.token))).toBe('ERR_HANDSHAKE_INVALID');
    clock = NOW + 601_000;
    expect(await code(() => ctx.verifyHandshake(token))).toBe('ERR_HANDSHAKE_INVALID');
  });

  it('a handshake never passes as a session token', async () => {
    clock = NOW;
    const token = await ctx.signHandshake({ user: { id: 'x_1', name: 'x' }, aud: 'site1' }, 600);
    const req = { method: 'GET', url: '/', headers: { 'x-jwt': token }, ip: '127.0.0.1' };
    expect(await code(() => service.tokens.read(req))).toBe('ERR_TOKEN_INVALID');
  });

  it('checks audiences case-insensitively and redirects against the service host and the list', () => {
    expect(ctx.isAllowedAudience('SITE1')).toBe(true);
    expect(ctx.isAllowedAudience('site3')).toBe(false);
    expect(ctx.isAllowedRedirect('https://auth.example.com/x')).toBe(true);
    expect(ctx.isAllowedRedirect('https://app.example.org/x')).toBe(true);
    expect(ctx.isAllowedRedirect('https://evil.example/x')).toBe(false);
  });

  it('completeLogin refuses an audience outside the list with 403', async () => {
    const login = () =>
      ctx.completeLogin({ id: 'x_1', name: 'x' }, { aud: 'site3', sessionOnly: false, provider: 'x' });
    expect(await code(login)).toBe('ERR_LOGIN_AUDIENCE_REJECTED');
  });

  it('without an avatar proxy, saveAvatar leaves the picture unchanged', async () => {
    const user = { id: 'x_1', name: 'x', picture: 'https://pics/x.png' };
    expect(await ctx.saveAvatar(user)).toEqual(user);
  });
});
