/**
 * @module service
 * The Service: options and defaults, the provider registry, the auth routes, the guard modes and
 * the avatar route. All logic is request -> response; `service.fastify` and `service.express` are
 * the framework adapters.
 */
import { createHmac } from 'node:crypto';
import { createExpressAuth, type ExpressAuth } from './adapters/express.js';
import { createFastifyAuth, type FastifyAuth } from './adapters/fastify.js';
import { createAvatarProxy } from './avatar/proxy.js';
import type { AvatarProxy } from './avatar/types.js';
import type { AuthError } from './errors.js';
import { isCrossSite } from './http/cross-site.js';
import type { HttpHandler, HttpRequest, HttpResponse } from './http/exchange.js';
import type { MaybePromise } from './internal/maybe-promise.js';
import {
  type GuardDeps,
  type GuardMode,
  type GuardOutcome,
  guard,
  refusalResponse,
} from './middleware/guard.js';
import { type Opts, type ResolvedOpts, resolveOptions } from './options.js';
import { ServiceProviderContext } from './provider-context.js';
import { type CredChecker, DirectProvider } from './providers/direct.js';
import type { Provider, ProviderContext } from './providers/provider.js';
import { ProviderRegistry } from './providers/registry.js';
import { handleAuthRoute, handleCurrentUser, type RouteDeps } from './routes.js';
import { MemoryStateStore } from './state/memory-store.js';
import { Revocations } from './state/revocations.js';
import type { StateStore } from './state/state-store.js';
import { LoginThrottle } from './throttle/login-throttle.js';
import { type Claims, HANDSHAKE_CLAIM } from './token/claims.js';
import type { SecretReader } from './token/secret.js';
import { TokenService } from './token/token-service.js';
import type { User } from './token/user.js';

/**
 * AVATAR WIRING — the one place the avatar proxy is built from the options: an explicit
 * `avatarProxy` wins; else an `avatarStore` (object or URI) gets the built-in proxy; else there is
 * no proxy, the avatar route answers 404 and login leaves `picture` unchanged.
 */
function buildAvatarProxy(o: ResolvedOpts): AvatarProxy | undefined {
  if (o.avatarProxy) return o.avatarProxy;
  if (!o.avatarStore) return undefined;
  return createAvatarProxy({
    store: o.avatarStore,
    baseURL: o.url,
    routePath: o.avatarRoutePath,
    resizeLimit: o.avatarResizeLimit,
    logger: o.logger,
    // Keyed ids: the route cannot be asked which user names ever logged in.
    idKey:
      o.avatarIdKey ??
      (async () =>
        createHmac('sha256', await o.secretReader(''))
          .update('gatehouse avatar ids')
          .digest()),
  });
}

export class Service {
  /** The options with their defaults applied. */
  readonly options: ResolvedOpts;
  /** Issues, reads and refreshes session tokens. */
  readonly tokens: TokenService;
  /** The shared state: ended sessions, throttling counters (the `stateStore` option). */
  readonly stateStore: StateStore;
  /** Ended sessions. */
  readonly revocations: Revocations;
  /** Login throttling, for every way in that checks a credential (also the host's own). */
  readonly throttle: LoginThrottle;
  readonly #registry = new ProviderRegistry();
  readonly #context: ServiceProviderContext;
  readonly #avatarProxy: AvatarProxy | undefined;
  readonly #guardDeps: GuardDeps;
  readonly #routeDeps: RouteDeps;
  #attaching: Promise<unknown>[] = [];
  /** Providers whose asynchronous `attach` has not finished yet. */
  #unattached = 0;
  #fastify: FastifyAuth | undefined;
  #express: ExpressAuth | undefined;

  constructor(opts: Opts) {
    const o = resolveOptions(opts);
    this.options = o;
    const audiences = new Map(o.audiences.map((aud) => [aud.toLowerCase(), aud]));
    // Tokens carry the spelling of `audiences`, and the secretReader is always asked with it.
    const canonicalAudience = (aud: string) =>
      audiences.size === 0 ? aud : audiences.get(aud.toLowerCase());
    const isAllowedAudience = (aud: string) => canonicalAudience(aud) !== undefined;
    const secretReader: SecretReader = (aud) => o.secretReader(canonicalAudience(aud) ?? aud);
    this.stateStore = o.stateStore ?? new MemoryStateStore({ now: o.now });
    this.revocations = new Revocations(this.stateStore, o.maxSessionAgeMs, o.now);
    this.throttle = new LoginThrottle(this.stateStore, o.throttle, o.now);
    this.tokens = new TokenService({
      secretReader,
      tokenDurationMs: o.tokenDurationMs,
      maxSessionAgeMs: o.maxSessionAgeMs,
      issuer: o.issuer,
      cookies: {
        jwtName: o.jwtCookieName,
        xsrfName: o.xsrfCookieName,
        domain: o.jwtCookieDomain,
        secure: o.secureCookies,
        sameSite: o.sameSite,
        cookieDurationMs: o.cookieDurationMs,
      },
      xsrf: { disabled: o.disableXSRF, ignoreMethods: new Set(o.xsrfIgnoreMethods) },
      jwtHeaderKey: o.jwtHeaderKey,
      xsrfHeaderKey: o.xsrfHeaderKey,
      jwtQuery: o.jwtQuery,
      sendJWTHeader: o.sendJWTHeader,
      ...(o.claimsUpdater ? { claimsUpdater: o.claimsUpdater } : {}),
      canonicalAudience,
      cacheSize: o.tokenCacheSize,
      now: o.now,
      revocations: this.revocations,
      revocationCheckMs: o.revocationCheckIntervalMs,
    });
    this.#avatarProxy = buildAvatarProxy(o);
    this.#context = new ServiceProviderContext({
      serviceURL: o.parsedURL,
      mountPath: o.mountPath,
      logger: o.logger,
      tokens: this.tokens,
      secretReader,
      issuer: o.issuer,
      throttle: this.throttle,
      stateStore: this.stateStore,
      allowedRedirectHosts: o.allowedRedirectHosts,
      isAllowedAudience,
      avatarProxy: () => this.#avatarProxy,
      now: o.now,
    });
    this.#guardDeps = {
      tokens: this.tokens,
      adminPasswd: o.adminPasswd,
      ...(o.basicAuthChecker ? { basicAuthChecker: o.basicAuthChecker } : {}),
      ...(o.validator ? { validator: o.validator } : {}),
      ...(o.errorHandler ? { errorHandler: o.errorHandler } : {}),
      isProviderAllowed: (claims) => this.isProviderAllowed(claims),
      clearCookies: () => this.tokens.clearCookies(),
      logger: o.logger,
      throttle: this.throttle,
    };
    this.#routeDeps = {
      mountPath: o.mountPath,
      logger: o.logger,
      providerNames: () => this.#registry.names(),
      provider: (name) => this.#registry.get(name),
      guard: (mode, req) => this.guardNow(mode, req),
      clearCookies: () => this.tokens.clearCookies(),
      ready: () => this.ready(),
      attached: () => this.#unattached === 0,
      refusal: (req, error) => this.refusal(req, error),
      endSession: (req) => this.endSession(req),
      isCrossSite: (req) => isCrossSite(req, o.parsedURL, o.allowedRedirectHosts),
    };
  }

  /**
   * Ends the session a request carries (logout): its `jti` is revoked in the state store, so the
   * same cookie or `X-JWT` answers 401 from now on and is never refreshed. A request without a valid
   * token ends nothing. Rejects when the store cannot record it.
   */
  async endSession(req: HttpRequest): Promise<void> {
    const found = this.tokens.locate(req);
    if (!found) return;
    let claims: Claims;
    try {
      ({ claims } = await this.tokens.verifyIgnoringRevocation(found.token));
    } catch {
      return; // a forged or broken token is no session to end
    }
    if (!claims.user || claims[HANDSHAKE_CLAIM] !== undefined) return;
    await this.revocations.revokeSession(claims);
    this.tokens.forget({ jti: claims.jti ?? '' });
    this.options.logger.logf('[INFO] logout of %s', claims.user.id);
  }

  /** Ends every session of the user with id `userId` (an administrator's revocation). */
  async revokeSessions(userId: string): Promise<void> {
    await this.revocations.revokeUser(userId);
    this.tokens.forget({ userId });
    this.options.logger.logf('[INFO] every session of %s revoked', userId);
  }

  /** Adds a provider; its name must be URL-path-safe and unique (TypeError otherwise). */
  addProvider(provider: Provider): this {
    this.#registry.add(provider);
    const attached = provider.attach?.(this.#context);
    if (attached instanceof Promise) {
      this.#unattached++;
      this.#attaching.push(
        attached
          .catch((error) =>
            this.options.logger.logf('[ERROR] provider %s: attach failed: %s', provider.name, String(error)),
          )
          .finally(() => this.#unattached--),
      );
    }
    return this;
  }

  /** Adds a {@link DirectProvider} named `name` that checks credentials with `checker`. */
  addDirectProvider(
    name: string,
    checker: CredChecker,
    userIdFunc?: (user: string, req: HttpRequest) => string,
  ): this {
    return this.addProvider(new DirectProvider({ name, checker, ...(userIdFunc ? { userIdFunc } : {}) }));
  }

  /** Resolves when every provider's asynchronous `attach` has finished. */
  async ready(): Promise<void> {
    if (this.#attaching.length > 0) await Promise.all(this.#attaching);
  }

  /** The providers in registration order. */
  providers(): Provider[] {
    return this.#registry.all();
  }

  /** The provider registered as `name`, or `undefined`. */
  provider(name: string): Provider | undefined {
    return this.#registry.get(name);
  }

  /** What providers use to finish a login; also handy for custom providers built outside the service. */
  get context(): ProviderContext {
    return this.#context;
  }

  /** The avatar proxy, when one is configured. */
  get avatarProxy(): AvatarProxy | undefined {
    return this.#avatarProxy;
  }

  /** True when `aud` passes the `audiences` option. */
  isAllowedAudience(aud: string): boolean {
    return this.#context.isAllowedAudience(aud);
  }

  /** True when the token names a registered provider, or (older tokens) its user id starts with `<provider>_`. */
  isProviderAllowed(claims: Claims): boolean {
    const name = claims.auth_provider?.name;
    if (typeof name === 'string' && this.#registry.get(name)) return true;
    const id = claims.user?.id ?? '';
    const prefix = id.includes('_') ? id.slice(0, id.indexOf('_')) : '';
    return prefix !== '' && this.#registry.get(prefix) !== undefined;
  }

  /** Answers a request under the mount point; `undefined` when the path is elsewhere. */
  handle(req: HttpRequest): Promise<HttpResponse | undefined> {
    return handleAuthRoute(this.#routeDeps, req);
  }

  /** Answers `GET <mount>/user`, synchronously when the token is cached (the adapters' hot path). */
  handleUser(req: HttpRequest): MaybePromise<HttpResponse | undefined> {
    return handleCurrentUser(this.#routeDeps, req);
  }

  /** The avatar route's handler (`GET <avatarRoutePath>/<id>.image`), when there is a proxy. */
  get avatarHandler(): HttpHandler | undefined {
    return this.#avatarProxy?.handler;
  }

  /** Runs a middleware mode over a request. */
  guard(mode: GuardMode, req: HttpRequest): Promise<GuardOutcome> {
    return Promise.resolve(guard(this.#guardDeps, mode, req));
  }

  /** {@link guard}, answering synchronously when it can (a cached token): the adapters' hot path. */
  guardNow(mode: GuardMode, req: HttpRequest): MaybePromise<GuardOutcome> {
    return guard(this.#guardDeps, mode, req);
  }

  /** The user the `updateUser` middleware hands on (the userUpdater's answer, or the same user). */
  async updateUser(user: User | null, updater = this.options.userUpdater): Promise<User | null> {
    return user && updater ? updater(user) : user;
  }

  /** The answer to a refusal: the errorHandler's, or `{"error": ...}`. */
  refusal(req: HttpRequest, error: AuthError, clearCookies = false): Promise<HttpResponse> {
    return refusalResponse(this.#guardDeps, req, error, clearCookies);
  }

  /** Fastify plugin and hooks. */
  get fastify(): FastifyAuth {
    this.#fastify ??= createFastifyAuth(this);
    return this.#fastify;
  }

  /** Express/Connect router and middleware. */
  get express(): ExpressAuth {
    this.#express ??= createExpressAuth(this);
    return this.#express;
  }

  /** Closes providers and the avatar proxy. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#registry.all().map((p) => p.close?.()), this.#avatarProxy?.close()]);
  }
}
