/**
 * @module providers/oauth2/handshake
 * The login handshake: what the callback must know about the login that started it (state, PKCE
 * verifier, nonce, `from`, aud, session flag, noava, provider), signed by the service and kept in
 * its own short-lived cookie. The session cookie is never touched before the login completes.
 */
import { parse as parseCookies, serialize } from 'cookie';
import { AuthError } from '../../errors.js';
import type { HttpRequest } from '../../http/exchange.js';
import type { ProviderContext } from '../provider.js';

export const HANDSHAKE_COOKIE = 'auth_handshake';

/** Ten minutes: long enough to type a password and pass a second factor at the provider. */
export const HANDSHAKE_TTL_SECONDS = 600;

export interface Handshake {
  provider: string;
  state: string;
  codeVerifier?: string;
  nonce?: string;
  from?: string;
  aud: string;
  sessionOnly: boolean;
  noAvatar: boolean;
  /** Expiry in seconds since the epoch; checked here as well as by the signature check. */
  exp: number;
}

export interface HandshakeCookieOptions {
  /**
   * `lax` (default) is sent on the top-level GET redirect back from the provider. A provider that
   * answers with a cross-site form POST (Apple's form_post) needs `none`, which browsers only
   * accept together with Secure, i.e. on an https service.
   */
  sameSite?: 'lax' | 'none';
}

export async function handshakeCookie(
  ctx: ProviderContext,
  hs: Omit<Handshake, 'exp'>,
  opts: HandshakeCookieOptions = {},
): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + HANDSHAKE_TTL_SECONDS;
  const claims: Record<string, unknown> = {
    prov: hs.provider,
    st: hs.state,
    pv: hs.codeVerifier,
    nc: hs.nonce,
    from: hs.from,
    aud: hs.aud,
    sess: hs.sessionOnly,
    noava: hs.noAvatar,
    hexp: exp,
  };
  const token = await ctx.signHandshake(claims, HANDSHAKE_TTL_SECONDS);
  return serializeHandshake(ctx, token, HANDSHAKE_TTL_SECONDS, opts);
}

/** A Set-Cookie that removes the handshake cookie. */
export function clearHandshakeCookie(ctx: ProviderContext, opts: HandshakeCookieOptions = {}): string {
  return serializeHandshake(ctx, '', 0, opts);
}

function serializeHandshake(
  ctx: ProviderContext,
  value: string,
  maxAge: number,
  opts: HandshakeCookieOptions,
): string {
  const secure = ctx.serviceURL.startsWith('https:');
  const sameSite = opts.sameSite === 'none' && secure ? 'none' : 'lax';
  return serialize(HANDSHAKE_COOKIE, value, {
    httpOnly: true,
    secure,
    sameSite,
    path: ctx.mountPath === '' ? '/' : ctx.mountPath,
    maxAge,
    ...(maxAge === 0 ? { expires: new Date(0) } : {}),
  });
}

/** Reads and verifies the handshake cookie; every failure is a 403 `ERR_HANDSHAKE_INVALID`. */
export async function readHandshake(ctx: ProviderContext, req: HttpRequest): Promise<Handshake> {
  const raw = parseCookies(req.headers.cookie ?? '')[HANDSHAKE_COOKIE];
  if (!raw) throw new AuthError('ERR_HANDSHAKE_INVALID', 'login handshake missing');
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.verifyHandshake(raw);
  } catch (err) {
    throw new AuthError('ERR_HANDSHAKE_INVALID', undefined, { cause: err });
  }
  const hs = toHandshake(claims);
  if (hs.exp * 1000 <= Date.now()) throw new AuthError('ERR_HANDSHAKE_INVALID');
  return hs;
}

function toHandshake(c: Record<string, unknown>): Handshake {
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const provider = str(c.prov);
  const state = str(c.st);
  if (provider === undefined || state === undefined || typeof c.hexp !== 'number') {
    throw new AuthError('ERR_HANDSHAKE_INVALID');
  }
  return {
    provider,
    state,
    codeVerifier: str(c.pv),
    nonce: str(c.nc),
    from: str(c.from),
    aud: str(c.aud) ?? '',
    sessionOnly: c.sess === true,
    noAvatar: c.noava === true,
    exp: c.hexp,
  };
}
