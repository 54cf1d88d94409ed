/**
 * @module options
 * The service options (`auth.Opts` of the spec) and their defaults, written down in one place.
 * Defaults follow what go-pkgz/auth integrators rely on (cookie and header names, 15 min tokens,
 * 31-day cookies, issuer); where the reference was unsafe we are stricter (SameSite=Lax, Secure
 * derived from an https URL, redirects only to known hosts, a maximum session age).
 * Configuration mistakes throw a `TypeError` at construction. Options are resolved once, in the
 * Service's constructor; durations are milliseconds and their names end in `Ms`.
 */
import type { AvatarProxy, AvatarStore } from './avatar/types.js';
import type { AuthError } from './errors.js';
import type { HttpRequest, HttpResponse } from './http/exchange.js';
import { type Logger, silentLogger } from './logger/logger.js';
import { acceptRenamedOptions, type RenamedOpts } from './options-renamed.js';
import type { StateStore } from './state/state-store.js';
import { type ThrottleOptions, throttleDefaults } from './throttle/login-throttle.js';
import type { Claims } from './token/claims.js';
import type { SameSite } from './token/cookies.js';
import type { SecretReader } from './token/secret.js';
import type { ClaimsUpdater } from './token/token-service.js';
import type { User } from './token/user.js';

/** Called on every guarded request that carries a token; `false` rejects it (e.g. a block list). */
export type Validator = (token: string, claims: Claims) => boolean | Promise<boolean>;
/** Called by the `updateUser` middleware; returns the user the route sees. */
export type UserUpdater = (user: User) => User | Promise<User>;
/** Custom basic auth: `ok`, and optionally the user to put in the request. Wins over adminPasswd. */
export type BasicAuthChecker = (
  user: string,
  passwd: string,
) => boolean | { ok: boolean; user?: User } | Promise<boolean | { ok: boolean; user?: User }>;
/** Answers a refusal differently; return `undefined` to keep the default `{"error": ...}` answer. */
export type ErrorHandler = (
  error: AuthError,
  req: HttpRequest,
) => HttpResponse | undefined | Promise<HttpResponse | undefined>;

export interface Opts extends RenamedOpts {
  /** Returns the HS256 secret for an `aud`. Required. */
  secretReader: SecretReader;
  /** JWT lifetime in ms. Default 15 minutes. */
  tokenDurationMs?: number;
  /** Cookie Max-Age in ms. Default 31 days. */
  cookieDurationMs?: number;
  /** Time from login after which a refresh is refused and the user must log in again, ms. Default = cookieDurationMs. */
  maxSessionAgeMs?: number;
  /** `iss` of issued tokens. Default `go-pkgz/auth`, the reference's, which token consumers may check. */
  issuer?: string;
  /** External base URL of the service. Default `http://127.0.0.1:8080`. */
  url?: string;
  /** Where the auth routes are mounted. Default `/auth`. */
  mountPath?: string;
  /** Avatar store (object or URI); enables the avatar proxy once it is wired. Default none. */
  avatarStore?: AvatarStore | string;
  /** A ready avatar proxy; takes precedence over avatarStore. */
  avatarProxy?: AvatarProxy;
  /** Route of the proxied avatars. Default `/avatar`. */
  avatarRoutePath?: string;
  /** Resize avatars larger than this many pixels; 0 (default) disables resizing. */
  avatarResizeLimit?: number;
  validator?: Validator;
  claimsUpdater?: ClaimsUpdater;
  userUpdater?: UserUpdater;
  /**
   * Allowed audiences, matched case-insensitively; a login's `aud` takes the spelling listed here, so
   * a per-site `secretReader` is always asked with that spelling. Empty (default) allows any.
   */
  audiences?: string[];
  /** Enables basic auth for user `admin` with this password. Default off. */
  adminPasswd?: string;
  basicAuthChecker?: BasicAuthChecker;
  /** Default silent. */
  logger?: Logger;
  /** Default `JWT`. */
  jwtCookieName?: string;
  /** Default none (host-only cookies). */
  jwtCookieDomain?: string;
  /** Default `XSRF-TOKEN`. */
  xsrfCookieName?: string;
  /** Default `X-XSRF-TOKEN`. */
  xsrfHeaderKey?: string;
  /** Default `X-JWT`. */
  jwtHeaderKey?: string;
  /** Default `token`. */
  jwtQuery?: string;
  /** Methods exempt from the XSRF check. Default none. */
  xsrfIgnoreMethods?: string[];
  /** Turns the XSRF check off (non-browser clients). Default false. */
  disableXSRF?: boolean;
  /** Default `Lax`; `None` requires secure cookies; `false` omits the attribute. */
  sameSite?: SameSite;
  /** Default: true when `url` is https. */
  secureCookies?: boolean;
  /** Also send new tokens in the `X-JWT` response header. Default false. */
  sendJWTHeader?: boolean;
  /** Hosts (`host` or `host:port`) that `from` may point to besides the service's own. Default none. */
  allowedRedirectHosts?: string[];
  errorHandler?: ErrorHandler;
  /** Largest request body of an auth route, bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Entries in the cache of verified tokens. Default 10000; 0 disables it. */
  tokenCacheSize?: number;
  /** The clock, ms since the epoch. Default `Date.now` (tests freeze it). */
  now?: () => number;
  /**
   * Shared state: ended sessions and login-throttling counters. Default a `MemoryStateStore` (this
   * process only); several instances behind one address need one shared store.
   */
  stateStore?: StateStore;
  /** Login throttling per account and client address (see `LoginThrottle`). Default `throttleDefaults`. */
  throttle?: ThrottleOptions;
  /** How long a verified token is taken as not revoked before the store is asked again, ms. Default 10 s. */
  revocationCheckIntervalMs?: number;
  /**
   * Key of the avatar ids (`HMAC-SHA256(key, user id)`), so that nobody can compute a user's avatar
   * link from the user's name. Default: derived from the secret for aud `""`.
   */
  avatarIdKey?: string | Uint8Array;
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * Every default of the options, frozen, under the options' names (`maxSessionAgeMs` defaults to
 * `cookieDurationMs`, `secureCookies` to whether `url` is https). The service's `auth` and
 * `avatars` config sections take their defaults from here.
 */
export const defaults = Object.freeze({
  tokenDurationMs: 15 * MINUTE,
  cookieDurationMs: 31 * DAY,
  issuer: 'go-pkgz/auth',
  url: 'http://127.0.0.1:8080',
  mountPath: '/auth',
  avatarRoutePath: '/avatar',
  avatarResizeLimit: 0,
  jwtCookieName: 'JWT',
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderKey: 'X-XSRF-TOKEN',
  jwtHeaderKey: 'X-JWT',
  jwtQuery: 'token',
  sameSite: 'Lax' as SameSite,
  audiences: Object.freeze([] as string[]),
  allowedRedirectHosts: Object.freeze([] as string[]),
  xsrfIgnoreMethods: Object.freeze([] as string[]),
  disableXSRF: false,
  sendJWTHeader: false,
  bodyLimit: 1024 * 1024,
  tokenCacheSize: 10_000,
  revocationCheckIntervalMs: 10_000,
  throttle: Object.freeze({ ...throttleDefaults }),
  /** Of `VerifyProvider`'s options. */
  verify: Object.freeze({ tokenTtlSeconds: 30 * 60 }),
});

/** Options that stay optional after resolution: hooks and the avatar wiring. */
type HookOpts =
  | 'avatarStore'
  | 'avatarProxy'
  | 'validator'
  | 'claimsUpdater'
  | 'userUpdater'
  | 'errorHandler'
  | 'basicAuthChecker'
  | 'stateStore'
  | 'throttle'
  | 'avatarIdKey';

export type ResolvedOpts = Required<Omit<Opts, HookOpts | keyof RenamedOpts>> &
  Pick<Opts, HookOpts> & {
    /** The service URL without a trailing slash, parsed. */
    parsedURL: URL;
  };

function fail(message: string): never {
  throw new TypeError(`@gatehouse/auth: ${message}`);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0)
    fail(`${name} must be a positive number of milliseconds, got ${value}`);
  return value;
}

function path(name: string, value: string | undefined, fallback: string): string {
  const p = value ?? fallback;
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(p))
    fail(`${name} must be a path starting with "/", got ${JSON.stringify(p)}`);
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function serviceURL(value: string | undefined): URL {
  let parsed: URL;
  try {
    parsed = new URL(value ?? defaults.url);
  } catch {
    fail(`url must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    fail(`url must be http or https, got ${value}`);
  return parsed;
}

/** Applies the defaults and checks every option; throws a TypeError naming the bad one. */
export function resolveOptions(given: Opts): ResolvedOpts {
  if (!given || typeof given.secretReader !== 'function') fail('secretReader is required');
  const opts = acceptRenamedOptions(given);
  const parsedURL = serviceURL(opts.url);
  const cookieDurationMs = positive('cookieDurationMs', opts.cookieDurationMs, defaults.cookieDurationMs);
  const secureCookies = opts.secureCookies ?? parsedURL.protocol === 'https:';
  const sameSite = opts.sameSite ?? defaults.sameSite;
  if (![false, 'Lax', 'Strict', 'None'].includes(sameSite))
    fail(`sameSite must be Lax, Strict, None or false`);
  if (sameSite === 'None' && !secureCookies)
    fail('sameSite None needs secure cookies (an https url or secureCookies)');
  const bodyLimit = positive('bodyLimit', opts.bodyLimit, defaults.bodyLimit);
  const tokenCacheSize = opts.tokenCacheSize ?? defaults.tokenCacheSize;
  if (!Number.isInteger(tokenCacheSize) || tokenCacheSize < 0) fail('tokenCacheSize must be an integer >= 0');
  return {
    ...opts,
    tokenDurationMs: positive('tokenDurationMs', opts.tokenDurationMs, defaults.tokenDurationMs),
    cookieDurationMs,
    maxSessionAgeMs: positive('maxSessionAgeMs', opts.maxSessionAgeMs, cookieDurationMs),
    issuer: opts.issuer ?? defaults.issuer,
    url: parsedURL.href.replace(/\/+$/, ''),
    parsedURL,
    mountPath: path('mountPath', opts.mountPath, defaults.mountPath),
    avatarRoutePath: path('avatarRoutePath', opts.avatarRoutePath, defaults.avatarRoutePath),
    avatarResizeLimit: opts.avatarResizeLimit ?? defaults.avatarResizeLimit,
    audiences: [...(opts.audiences ?? defaults.audiences)],
    adminPasswd: opts.adminPasswd ?? '',
    logger: opts.logger ?? silentLogger,
    jwtCookieName: opts.jwtCookieName || defaults.jwtCookieName,
    jwtCookieDomain: opts.jwtCookieDomain ?? '',
    xsrfCookieName: opts.xsrfCookieName || defaults.xsrfCookieName,
    xsrfHeaderKey: (opts.xsrfHeaderKey || defaults.xsrfHeaderKey).toLowerCase(),
    jwtHeaderKey: (opts.jwtHeaderKey || defaults.jwtHeaderKey).toLowerCase(),
    jwtQuery: opts.jwtQuery || defaults.jwtQuery,
    xsrfIgnoreMethods: (opts.xsrfIgnoreMethods ?? defaults.xsrfIgnoreMethods).map((m) => m.toUpperCase()),
    disableXSRF: opts.disableXSRF ?? defaults.disableXSRF,
    sameSite,
    secureCookies,
    sendJWTHeader: opts.sendJWTHeader ?? defaults.sendJWTHeader,
    allowedRedirectHosts: (opts.allowedRedirectHosts ?? defaults.allowedRedirectHosts).map((h) =>
      h.toLowerCase(),
    ),
    bodyLimit,
    tokenCacheSize,
    now: opts.now ?? Date.now,
    revocationCheckIntervalMs:
      opts.revocationCheckIntervalMs === 0
        ? 0
        : positive(
            'revocationCheckIntervalMs',
            opts.revocationCheckIntervalMs,
            defaults.revocationCheckIntervalMs,
          ),
  };
}
