/**
 * @module provider-context
 * The service side of {@link ProviderContext}: what a provider calls to finish a login (avatar,
 * claims, audience, cookies, redirect) and to sign its own short-lived handshake tokens.
 */

import { checkLoginAudience } from './audience.js';
import type { AvatarProxy } from './avatar/types.js';
import { AuthError } from './errors.js';
import type { HttpResponse } from './http/exchange.js';
import { json } from './http/respond.js';
import type { Logger } from './logger/logger.js';
import type { LoginRequest, ProviderContext } from './providers/provider.js';
import { redirectTarget } from './redirect.js';
import type { StateStore } from './state/state-store.js';
import type { LoginThrottle } from './throttle/login-throttle.js';
import { HANDSHAKE_CLAIM, toSeconds } from './token/claims.js';
import { issueToken } from './token/issue.js';
import type { SecretReader } from './token/secret.js';
import type { TokenService } from './token/token-service.js';
import type { User } from './token/user.js';
import { verifyToken } from './token/verify.js';

export interface ContextDeps {
  serviceURL: URL;
  mountPath: string;
  logger: Logger;
  tokens: TokenService;
  secretReader: SecretReader;
  issuer: string;
  allowedRedirectHosts: readonly string[];
  isAllowedAudience: (aud: string) => boolean;
  avatarProxy: () => AvatarProxy | undefined;
  now: () => number;
  throttle: LoginThrottle;
  stateStore: StateStore;
}

export class ServiceProviderContext implements ProviderContext {
  readonly #d: ContextDeps;
  readonly serviceURL: string;
  readonly mountPath: string;
  readonly logger: Logger;
  readonly throttle: LoginThrottle;
  readonly stateStore: StateStore;

  constructor(deps: ContextDeps) {
    this.#d = deps;
    this.throttle = deps.throttle;
    this.stateStore = deps.stateStore;
    this.serviceURL = deps.serviceURL.href.replace(/\/+$/, '');
    this.mountPath = deps.mountPath;
    this.logger = deps.logger;
  }

  async completeLogin(user: User, login: LoginRequest): Promise<HttpResponse> {
    if (!this.isAllowedAudience(login.aud)) throw new AuthError('ERR_LOGIN_AUDIENCE_REJECTED');
    const withAvatar = await this.saveAvatar(
      login.noAvatar ? { ...user, picture: '' } : user,
      login.fetchPicture,
    );
    const issued = await this.#d.tokens.set({
      user: withAvatar,
      aud: login.aud,
      sess_only: login.sessionOnly,
      auth_provider: { name: login.provider },
      ...(login.noAvatar ? { 'no-ava': true } : {}),
    });
    this.logger.logf('[INFO] login by %s, provider %s', issued.claims.user?.id, login.provider);
    const target = login.from ? this.redirectTarget(login.from) : undefined;
    if (target) return { status: 303, headers: { ...issued.headers, location: target }, body: '' };
    return json(200, this.#d.tokens.userOf(issued.claims), issued.headers);
  }

  async saveAvatar(user: User, fetchPicture?: typeof fetch): Promise<User> {
    const proxy = this.#d.avatarProxy();
    if (!proxy) return user;
    try {
      return { ...user, picture: await proxy.put(user, fetchPicture) };
    } catch (error) {
      this.logger.logf('[WARN] avatar of %s not saved: %s', user.id, String(error));
      return { ...user, picture: '' };
    }
  }

  isAllowedRedirect(from: string): boolean {
    return this.redirectTarget(from) !== undefined;
  }

  /** The absolute URL `from` resolves to when allowed; logs only the host of a refused one. */
  redirectTarget(from: string): string | undefined {
    const target = redirectTarget(from, this.#d.serviceURL, this.#d.allowedRedirectHosts);
    if (!target) this.logger.logf('[WARN] redirect refused, host %s', URL.parse(from)?.host ?? '(relative)');
    return target;
  }

  /**
   * Every provider asks this at login (and completeLogin again), so it is also where a malformed
   * `aud` is refused: a 400 AuthError rather than `false` (which means "not in auth.audiences", 403).
   */
  isAllowedAudience(aud: string): boolean {
    checkLoginAudience(aud);
    return this.#d.isAllowedAudience(aud);
  }

  async signHandshake(claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    if (claims.aud !== undefined && typeof claims.aud !== 'string') {
      throw new TypeError('@gatehouse/auth: handshake aud must be a string');
    }
    const iat = toSeconds(this.#d.now());
    const payload = { ...claims, [HANDSHAKE_CLAIM]: 1, iss: this.#d.issuer, iat, exp: iat + ttlSeconds };
    return issueToken(payload, this.#d.secretReader);
  }

  async verifyHandshake(token: string): Promise<Record<string, unknown>> {
    let verified: Awaited<ReturnType<typeof verifyToken>>;
    try {
      verified = await verifyToken(token, this.#d.secretReader, this.#d.now());
    } catch (cause) {
      throw new AuthError('ERR_HANDSHAKE_INVALID', undefined, { cause });
    }
    const { claims, expired } = verified;
    if (expired || claims[HANDSHAKE_CLAIM] !== 1 || claims.iss !== this.#d.issuer) {
      throw new AuthError('ERR_HANDSHAKE_INVALID');
    }
    return claims;
  }
}
