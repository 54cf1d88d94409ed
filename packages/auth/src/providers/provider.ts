/**
 * @module providers/provider
 * The contract every login provider implements: built-in and custom OAuth 2.0, dev, local OAuth 2.0
 * server, Apple, direct, and user-written providers alike. The service routes
 * `<mount>/<name>/login|callback|logout` to these methods and gives each provider a
 * {@link ProviderContext} when it is registered.
 */
import type { HttpRequest, HttpResponse } from '../http/exchange.js';
import type { Logger } from '../logger/logger.js';
import type { StateStore } from '../state/state-store.js';
import type { LoginThrottle } from '../throttle/login-throttle.js';
import type { User } from '../token/user.js';

/** What a provider needs from the service to finish a login. */
export interface ProviderContext {
  /** External base URL of the service, no trailing slash, e.g. `http://127.0.0.1:8080`. */
  readonly serviceURL: string;
  /** Where the auth routes are mounted, e.g. `/auth`; a provider's callback is `<serviceURL><mountPath>/<name>/callback`. */
  readonly mountPath: string;
  readonly logger: Logger;
  /**
   * Completes a login: stores the avatar (unless `noAvatar`), runs the ClaimsUpdater, checks the
   * audience, signs the JWT, sets the JWT and XSRF cookies, and answers 303 to `from` when it is an
   * allowed redirect target, else 200 with the user JSON. Throws an {@link AuthError} on refusal.
   */
  completeLogin(user: User, login: LoginRequest): Promise<HttpResponse>;
  /** Stores the user's picture (or an identicon) and returns the user with `picture` rewritten to the proxy link. */
  saveAvatar(user: User, fetchPicture?: typeof fetch): Promise<User>;
  /** True when `from` may be redirected to (the service's own host or a configured host). */
  isAllowedRedirect(from: string): boolean;
  /** True when `aud` is allowed by the Audiences option (always true when the option is empty). */
  isAllowedAudience(aud: string): boolean;
  /**
   * Login throttling per account and client address: call `check` before checking a credential,
   * then `failed` or `succeeded`. `check` throws a 429 `ERR_TOO_MANY_ATTEMPTS` while blocked.
   */
  readonly throttle: LoginThrottle;
  /**
   * The service's shared state (the `stateStore` option): where a provider keeps what must outlive
   * a request and be seen by every instance, such as used one-time values and pending logins. Keys
   * are prefixed `auth:<what>:`.
   */
  readonly stateStore: StateStore;
  /**
   * Signs a short-lived handshake token (OAuth state, PKCE verifier, nonce, `from`, aud...) with the
   * service's secret. The provider keeps it in its own cookie, never in the session cookie, so
   * starting a login does not destroy the current session.
   */
  signHandshake(claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /** Verifies a handshake made by {@link signHandshake}; throws an {@link AuthError} when forged or expired. */
  verifyHandshake(token: string): Promise<Record<string, unknown>>;
}

/** The login parameters every provider passes on to {@link ProviderContext.completeLogin}. */
export interface LoginRequest {
  /** Site id; becomes the token's `aud` and the SecretReader's argument. */
  aud: string;
  /** A session-only cookie (no Max-Age) when true. */
  sessionOnly: boolean;
  /** Where to send the browser afterwards; absent means answer the user JSON. */
  from?: string;
  /** Skip the picture and store an identicon. */
  noAvatar?: boolean;
  /** Name of the provider that authenticated the user; recorded in the token. */
  provider: string;
  /**
   * How to download `user.picture` when plain `fetch` cannot: a fetch that adds the user's bearer
   * token (Microsoft Graph photo) or a bot's secret (messenger bots). Default global `fetch`.
   */
  fetchPicture?: typeof fetch;
}

export interface Provider {
  /** The name in the routes; URL-path-safe, unique within a service. */
  readonly name: string;
  /** Called once when the provider is added to a service. */
  attach?(ctx: ProviderContext): void | Promise<void>;
  /** `GET|POST <mount>/<name>/login` */
  login(req: HttpRequest): Promise<HttpResponse>;
  /** `GET|POST <mount>/<name>/callback`; absent for providers without one (404). */
  callback?(req: HttpRequest): Promise<HttpResponse>;
  /**
   * `GET|POST <mount>/<name>/logout`, after the service ended the session server-side; absent means
   * the service's default (clear the session cookies).
   */
  logout?(req: HttpRequest): Promise<HttpResponse>;
  /**
   * True for a login request that may come from another site: a step that is really a callback,
   * such as a confirmation link opened from a webmail page. Other logins and every logout sent
   * cross-site are refused (403 `ERR_CROSS_SITE`).
   */
  acceptsCrossSite?(req: HttpRequest): boolean;
  /** Stops anything the provider started (servers, pollers). */
  close?(): Promise<void>;
}
