/**
 * @module service
 * The Service: options and defaults, the provider registry, the auth routes, the guard modes and
 * the avatar route. All logic is request -> response; `service.fastify` and `service.express` are
 * the framework adapters.
 */
import { createExpressAuth, type ExpressAuth } from './adapters/express.js';
import { createFastifyAuth, type FastifyAuth } from './adapters/fastify.js';
import { createAvatarProxy } from './avatar/proxy.js';
import type { AvatarProxy } from './avatar/types.js';
import type { AuthError } from './errors.js';
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
import { handleAuthRoute, type RouteDeps } from './routes.js';
import type { Claims } from './token/claims.js';
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
  });
}

export class Service {
  /** The options with their defaults applied. */
  readonly options: ResolvedOpts;
  /** Issues, reads and refreshes session tokens. */
  readonly tokens: TokenService;
  readonly #registry = new ProviderRegistry();
  readonly #context: ServiceProviderContext;
  readonly #avatarProxy: AvatarProxy | undefined;
  readonly #guardDeps: GuardDeps;
  readonly #routeDeps: RouteDeps;
  #attaching: Promise<unknown>[] = [];
  #fastify: FastifyAuth | undefined;
  #express: ExpressAuth | undefined;

  constructor(opts: Opts) {
    const o = resolveOptions(opts);
    this.options = o;
    const isAllowedAudience = (aud: string) =>
      o.audiences.length === 0 || o.audiences.includes(aud.toLowerCase());
    this.tokens = new TokenService({
      secretReader: o.secretReader,
      tokenDurationMs: o.tokenDuration,
      maxSessionAgeMs: o.maxSessionAge,
      issuer: o.issuer,
      cookies: {
        jwtName: o.jwtCookieName,
        xsrfName: o.xsrfCookieName,
        domain: o.jwtCookieDomain,
        secure: o.secureCookies,
        sameSite: o.sameSite,
        cookieDurationMs: o.cookieDuration,
      },
      xsrf: { disabled: o.disableXSRF, ignoreMethods: new Set(o.xsrfIgnoreMethods) },
      jwtHeaderKey: o.jwtHeaderKey,
      xsrfHeaderKey: o.xsrfHeaderKey,
      jwtQuery: o.jwtQuery,
      sendJWTHeader: o.sendJWTHeader,
      ...(o.claimsUpdater ? { claimsUpdater: o.claimsUpdater } : {}),
      isAllowedAudience,
      cacheSize: o.tokenCacheSize,
      now: o.now,
    });
    this.#avatarProxy = buildAvatarProxy(o);
    this.#context = new ServiceProviderContext({
      serviceURL: o.parsedURL,
      mountPath: o.mountPath,
      logger: o.logger,
      tokens: this.tokens,
      secretReader: o.secretReader,
      issuer: o.issuer,
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
    };
    this.#routeDeps = {
      mountPath: o.mountPath,
      logger: o.logger,
      providerNames: () => this.#registry.names(),
      provider: (name) => this.#registry.get(name),
      guard: (mode, req) => this.guard(mode, req),
      clearCookies: () => this.tokens.clearCookies(),
      ready: () => this.ready(),
      refusal: (req, error) => this.refusal(req, error),
    };
  }

  /** Adds a provider; its name must be URL-path-safe and unique (TypeError otherwise). */
  addProvider(provider: Provider): this {
    this.#registry.add(provider);
    const attached = provider.attach?.(this.#context);
    if (attached instanceof Promise) {
      this.#attaching.push(
        attached.catch((error) =>
          this.options.logger.logf('[ERROR] provider %s: attach failed: %s', provider.name, String(error)),
        ),
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
