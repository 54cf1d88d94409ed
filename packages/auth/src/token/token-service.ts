/**
 * @module token/token-service
 * Issues, reads and refreshes session tokens. It knows cookies and headers as strings, not any web
 * framework. Reading follows the reference's order (query `token`, then header `X-JWT`, then cookie
 * `JWT`); header and query tokens must be unexpired, a cookie token may be refreshed, and only
 * cookie tokens need the XSRF header.
 */
import { randomBytes } from 'node:crypto';
import { AuthError } from '../errors.js';
import type { HttpRequest } from '../http/exchange.js';
import type { Revocations, RevokedSessions } from '../state/revocations.js';
import { ExpiringCache } from './cache.js';
import { type Claims, HANDSHAKE_CLAIM, REVOCATION_GENERATION_CLAIM, toSeconds } from './claims.js';
import {
  type CookieSettings,
  clearingCookies,
  MAX_COOKIE_BYTES,
  readCookie,
  sessionCookies,
} from './cookies.js';
import { issueToken } from './issue.js';
import { Refresher } from './refresh.js';
import type { SecretReader } from './secret.js';
import type { User } from './user.js';
import { verifyToken } from './verify.js';
import { checkXsrf, type XsrfPolicy } from './xsrf.js';

/** Changes the claims of every token being issued (login and refresh); may add attributes, a role... */
export type ClaimsUpdater = (claims: Claims) => Claims | Promise<Claims>;

export interface TokenServiceOptions {
  secretReader: SecretReader;
  tokenDurationMs: number;
  maxSessionAgeMs: number;
  issuer: string;
  cookies: CookieSettings;
  xsrf: XsrfPolicy;
  /** Lower-case request/response header name, e.g. `x-jwt`. */
  jwtHeaderKey: string;
  /** Lower-case XSRF header name, e.g. `x-xsrf-token`. */
  xsrfHeaderKey: string;
  jwtQuery: string;
  sendJWTHeader: boolean;
  claimsUpdater?: ClaimsUpdater;
  /** The allowed spelling of an `aud` (the `audiences` entry it matches), `undefined` when not allowed. */
  canonicalAudience: (aud: string) => string | undefined;
  cacheSize: number;
  now: () => number;
  /** Ended sessions: asked whether a verified session was ended, and at login for the generation to record. */
  revocations: Pick<Revocations, 'isRevoked' | 'generation'>;
  /**
   * How long a token checked against the revocations is taken as not revoked without asking again,
   * ms. Revocations made by this process take effect at once (they evict the token from the cache);
   * this bounds how late one made elsewhere (another instance, the CLI) is seen.
   */
  revocationCheckMs: number;
}

/** A verified token in the cache; `checkedAt` is when its revocation was last asked. */
interface VerifiedEntry {
  token: string;
  claims: Claims;
  checkedAt: number;
}

export type TokenSource = 'query' | 'header' | 'cookie';

export interface ReadToken {
  token: string;
  claims: Claims;
  source: TokenSource;
  expired: boolean;
}

/** A token just made, with the response headers that hand it to the client. */
export interface IssuedToken {
  token: string;
  claims: Claims;
  headers: Record<string, string | string[]>;
}

/** A 40-hex random id, the same shape as the reference's jti (telegram and verify nonces keep it). */
export function randomId(): string {
  return randomBytes(20).toString('hex');
}

/**
 * A session id (`jti`, also the XSRF value): 128 random bits in base64url, 22 characters. It rides
 * in the JWT, the XSRF cookie and the XSRF header of every request, so it is kept short; tokens with
 * the reference's 40-hex ids are read as before.
 */
export function sessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** The signature segment of a compact JWT (the whole string when it has no dot). */
function signatureOf(token: string): string {
  return token.slice(token.lastIndexOf('.') + 1);
}

/**
 * A deep copy of a JSON value (what a verified JWT payload is made of). Objects are spread (fast,
 * and a JSON `__proto__` member stays an own property), then only nested objects are copied again.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in copy) {
    const item = copy[key];
    if (typeof item !== 'object' || item === null) continue;
    // Assigning `__proto__` would change the prototype instead of the member.
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: copyJson(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = copyJson(item);
  }
  return copy as T;
}

function queryParam(url: string, name: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  return new URLSearchParams(url.slice(start + 1)).get(name) || undefined;
}

export class TokenService {
  readonly #o: TokenServiceOptions;
  /** Keyed by the signature (short, so cheap to hash); an entry answers only for the identical token. */
  readonly #verified: ExpiringCache<VerifiedEntry>;
  readonly refresher: Refresher;

  constructor(options: TokenServiceOptions) {
    this.#o = options;
    this.#verified = new ExpiringCache(options.cacheSize);
    this.refresher = new Refresher((claims) => this.#reissue(claims), options.now, options.cacheSize);
  }

  /**
   * Issues the token of a new login: fills iss/iat/exp/jti/auth_time, runs the ClaimsUpdater,
   * records the user's revocation generation, checks the audience and signs.
   */
  issue(input: Claims): Promise<{ token: string; claims: Claims }> {
    return this.#sign(input, true);
  }

  /** Completes and signs claims; a refresh (`login` false) keeps the generation its session began under. */
  async #sign(input: Claims, login: boolean): Promise<{ token: string; claims: Claims }> {
    const nowS = toSeconds(this.#o.now());
    const authTime = input.auth_time ?? nowS;
    const sessionEnd = authTime + toSeconds(this.#o.maxSessionAgeMs);
    let claims: Claims = {
      ...input,
      iss: input.iss || this.#o.issuer,
      aud: input.aud ?? '',
      jti: input.jti || sessionId(),
      iat: nowS,
      auth_time: authTime,
      exp: input.exp ?? Math.min(nowS + toSeconds(this.#o.tokenDurationMs), sessionEnd),
    };
    // `false` is what an absent `sess_only` means to every reader (the reference omits it too).
    if (claims.sess_only === false) delete claims.sess_only;
    if (this.#o.claimsUpdater) claims = await this.#o.claimsUpdater(claims);
    if (login) await this.#recordGeneration(claims);
    const aud = this.#o.canonicalAudience(claims.aud ?? '');
    if (aud === undefined) throw new AuthError('ERR_LOGIN_AUDIENCE_REJECTED');
    claims.aud = aud;
    return { token: await issueToken(claims, this.#o.secretReader), claims };
  }

  /** Issues a token and the cookies (and optional `X-JWT` header) that deliver it. */
  async set(input: Claims): Promise<IssuedToken> {
    const { token, claims } = await this.issue(input);
    return { token, claims, headers: this.deliveryHeaders(token, claims) };
  }

  /** Response headers that hand `token` to the client. */
  deliveryHeaders(token: string, claims: Claims): Record<string, string | string[]> {
    const cookies = sessionCookies(this.#o.cookies, token, claims.jti ?? '', claims.sess_only === true);
    // Browsers drop a cookie over 4096 bytes without a word; failing loudly here is the only way to tell.
    if (cookies.some((cookie) => Buffer.byteLength(cookie) > MAX_COOKIE_BYTES)) {
      throw new AuthError('ERR_COOKIE_TOO_LARGE');
    }
    const headers: Record<string, string | string[]> = { 'set-cookie': cookies };
    if (this.#o.sendJWTHeader) headers[this.#o.jwtHeaderKey] = token;
    return headers;
  }

  /** `Set-Cookie` values that end the session in the browser. */
  clearCookies(): string[] {
    return clearingCookies(this.#o.cookies);
  }

  /** Where the request carries a token, in the reference's order. */
  locate(req: HttpRequest): { token: string; source: TokenSource } | undefined {
    const fromQuery = queryParam(req.url, this.#o.jwtQuery);
    if (fromQuery) return { token: fromQuery, source: 'query' };
    const fromHeader = req.headers[this.#o.jwtHeaderKey];
    if (typeof fromHeader === 'string' && fromHeader) return { token: fromHeader, source: 'header' };
    const fromCookie = readCookie(req.headers.cookie, this.#o.cookies.jwtName);
    return fromCookie ? { token: fromCookie, source: 'cookie' } : undefined;
  }

  /**
   * Verifies `token` (signature, claims) and refuses an ended session with `ERR_SESSION_REVOKED`;
   * answers from the cache of verified tokens when possible. An expired token is returned with
   * `expired: true` (only a cookie may refresh it) and never cached.
   */
  async verify(token: string): Promise<{ claims: Claims; expired: boolean }> {
    const now = this.#o.now();
    const cached = this.#cached(token, now);
    if (cached) {
      if (now - cached.checkedAt >= this.#o.revocationCheckMs) await this.#recheck(cached, now);
      return { claims: cached.claims, expired: false };
    }
    const result = await verifyToken(token, this.#o.secretReader, now);
    if (await this.#o.revocations.isRevoked(result.claims)) throw new AuthError('ERR_SESSION_REVOKED');
    if (!result.expired) {
      this.#verified.set(
        signatureOf(token),
        { token, claims: result.claims, checkedAt: now },
        (result.claims.exp ?? 0) * 1000,
      );
    }
    return result;
  }

  /** Verifies a token without the revocation check (logout reads the session it is about to end). */
  async verifyIgnoringRevocation(token: string): Promise<{ claims: Claims; expired: boolean }> {
    return verifyToken(token, this.#o.secretReader, this.#o.now());
  }

  /** Drops cached tokens of a session (`jti`) or of a user, so a revocation here applies at once. */
  forget(match: RevokedSessions): void {
    this.#verified.deleteWhere(
      ({ claims }) =>
        (match.jti !== undefined && claims.jti === match.jti) ||
        (match.userId !== undefined && claims.user?.id === match.userId),
    );
  }

  async #recheck(entry: VerifiedEntry, nowMs: number): Promise<void> {
    if (await this.#o.revocations.isRevoked(entry.claims)) {
      this.forget({ jti: entry.claims.jti ?? '' });
      throw new AuthError('ERR_SESSION_REVOKED');
    }
    entry.checkedAt = nowMs;
  }

  #cached(token: string, nowMs: number): VerifiedEntry | undefined {
    const entry = this.#verified.get(signatureOf(token), nowMs);
    return entry?.token === token ? entry : undefined;
  }

  /**
   * Reads the session token of a request and applies every rule that does not need the hooks:
   * a user must be present, handshakes are refused, header/query tokens must be unexpired, the
   * audience must be allowed, the session must be younger than maxSessionAge, and cookie tokens
   * need the XSRF header. `undefined` when the request carries no token at all.
   */
  read(req: HttpRequest): ReadToken | undefined | Promise<ReadToken | undefined> {
    const found = this.locate(req);
    if (!found) return undefined;
    // The hot path stays synchronous: a token seen before is answered from the cache. One clock
    // reading serves the cache and the session-age check (a cache hit is unexpired at that instant).
    const nowMs = this.#o.now();
    const cached = this.#cached(found.token, nowMs);
    if (cached && nowMs - cached.checkedAt < this.#o.revocationCheckMs) {
      return this.#inspect(req, found, cached.claims, false, nowMs);
    }
    return this.verify(found.token).then(({ claims, expired }) =>
      this.#inspect(req, found, claims, expired, this.#o.now()),
    );
  }

  #inspect(
    req: HttpRequest,
    found: { token: string; source: TokenSource },
    claims: Claims,
    expired: boolean,
    nowMs: number,
  ): ReadToken {
    if (claims[HANDSHAKE_CLAIM] !== undefined || !claims.user || typeof claims.user !== 'object') {
      throw new AuthError('ERR_TOKEN_INVALID');
    }
    if (expired && found.source !== 'cookie') throw new AuthError('ERR_TOKEN_EXPIRED');
    if (this.#o.canonicalAudience(claims.aud ?? '') === undefined)
      throw new AuthError('ERR_AUDIENCE_REJECTED');
    this.#checkSessionAge(claims, expired, nowMs);
    if (found.source === 'cookie') {
      const header = req.headers[this.#o.xsrfHeaderKey];
      const value = typeof header === 'string' ? header : undefined;
      checkXsrf(this.#o.xsrf, req.method, value, claims.jti, req.forwarded);
    }
    return { token: found.token, source: found.source, claims, expired };
  }

  /**
   * The user of verified claims as a fresh object, nested attributes included: cached claims are
   * shared between requests, and what one handler does to its `request.user` must not reach another.
   */
  userOf(claims: Claims): User {
    const copy = copyJson(claims.user as User);
    if (claims.aud) copy.aud = claims.aud;
    return copy;
  }

  /** Re-issues an expired cookie token once, however many requests ask at the same time. */
  refresh(token: string, claims: Claims): Promise<IssuedToken> {
    return this.refresher
      .refresh(token, claims)
      .then((fresh) => ({ ...fresh, headers: this.deliveryHeaders(fresh.token, fresh.claims) }));
  }

  /** Puts the generation of the (final) user's revocations into the claims of a new login. */
  async #recordGeneration(claims: Claims): Promise<void> {
    delete claims[REVOCATION_GENERATION_CLAIM];
    const userId = claims.user?.id;
    const generation = userId ? await this.#o.revocations.generation(userId) : undefined;
    if (generation !== undefined) claims[REVOCATION_GENERATION_CLAIM] = generation;
  }

  /** The original login time: `auth_time`, or for tokens made elsewhere `iat`, or `exp` less a token duration. */
  #loginTime(claims: Claims): number {
    return claims.auth_time ?? claims.iat ?? (claims.exp ?? 0) - toSeconds(this.#o.tokenDurationMs);
  }

  #checkSessionAge(claims: Claims, expired: boolean, nowMs: number): void {
    const tooOld = nowMs > this.#loginTime(claims) * 1000 + this.#o.maxSessionAgeMs;
    // An expired token whose cookie must already have expired too was kept by a client, not a browser.
    const cookieGone =
      expired &&
      claims.sess_only !== true &&
      nowMs > (claims.exp ?? 0) * 1000 + this.#o.cookies.cookieDurationMs;
    if (tooOld || cookieGone) throw new AuthError('ERR_SESSION_EXPIRED');
  }

  async #reissue(old: Claims): Promise<{ token: string; claims: Claims }> {
    const { exp: _exp, iat: _iat, nbf: _nbf, ...kept } = old;
    const fresh = await this.#sign({ ...kept, auth_time: this.#loginTime(old) }, false);
    if ((fresh.claims.exp ?? 0) * 1000 <= this.#o.now()) throw new AuthError('ERR_SESSION_EXPIRED');
    return fresh;
  }
}
