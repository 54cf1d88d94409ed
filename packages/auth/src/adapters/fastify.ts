/**
 * @module adapters/fastify
 * Fastify: one plugin that declares `request.user` for the whole app and serves the auth routes
 * (at `mountPath`) and the avatar route (with a proxy), and guard hooks meant for an encapsulated
 * child context:
 *
 * ```ts
 * await app.register(auth.fastify.plugin);
 * await app.register(async (child) => {
 *   child.addHook('onRequest', auth.fastify.auth());
 *   child.get('/private', async (request) => request.user);
 * });
 * ```
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import fp from 'fastify-plugin';
import { AuthError } from '../errors.js';
import type { HttpRequest, HttpResponse } from '../http/exchange.js';
import { errorResponse, secured } from '../http/respond.js';
import { isPromise, type MaybePromise } from '../internal/maybe-promise.js';
import type { GuardMode, GuardOutcome } from '../middleware/guard.js';
import type { UserUpdater } from '../options.js';
import { ROUTE_METHODS } from '../routes.js';
import type { User } from '../token/user.js';
import type { AdaptedService } from './adapted-service.js';
import {
  avatarSchema,
  callbackSchema,
  catchAllSchema,
  describeOnly,
  listSchema,
  loginSchema,
  logoutSchema,
  statusSchema,
  userSchema,
} from './route-schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a @gatehouse/auth guard let in; `null` without one (or with `trace` and no login). */
    user: User | null;
  }
}

/** A Fastify hook (usable as `onRequest` or `preHandler`, globally or in a child context). */
export type FastifyGuardHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => void;

export interface FastifyAuth {
  /** Declares `request.user` and serves the auth routes and the avatar route. Register once, at the root. */
  plugin: FastifyPluginAsync;
  /** Requires a user (401 otherwise). */
  auth(): FastifyGuardHook;
  /** Requires an administrator (401 without a user, 403 otherwise). */
  admin(): FastifyGuardHook;
  /** Adds the user when there is one; never refuses. */
  trace(): FastifyGuardHook;
  /** Requires one of the roles (case-insensitive). */
  rbac(...roles: string[]): FastifyGuardHook;
  /** Replaces `request.user` with the updater's answer (default: the `userUpdater` option); add it after a guard. */
  updateUser(updater?: UserUpdater): FastifyGuardHook;
  /**
   * Runs a mode over a Fastify request without answering it: the outcome, synchronously when the
   * token is cached. For hosts that combine a guard with rules of their own. With `forwarded`, the
   * request is a reverse proxy asking about another one (forward authentication) whose method is
   * `forwarded.method`: its cookie token needs the XSRF header only when that method is unsafe.
   */
  outcome(mode: GuardMode, request: FastifyRequest, forwarded?: ForwardedRequest): MaybePromise<GuardOutcome>;
}

/** The request a reverse proxy asks about, as far as the guard needs it. */
export interface ForwardedRequest {
  /** Its method, upper case. */
  readonly method: string;
}

/** The exchange request of a Fastify request, for the auth and avatar routes. */
function fromFastify(request: FastifyRequest): HttpRequest {
  const req: { -readonly [K in keyof HttpRequest]: HttpRequest[K] } = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    ip: request.ip,
  };
  if (Buffer.isBuffer(request.body)) req.body = request.body;
  return req;
}

/**
 * The exchange request a guard sees. Fastify computes `request.ip` on every access (socket address,
 * trusted-proxy rules) and only an errorHandler ever reads it, so it is read when asked, not on
 * every guarded request.
 */
class GuardedExchange implements HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: FastifyRequest['headers'];
  readonly forwarded: boolean;
  readonly #request: FastifyRequest;

  constructor(request: FastifyRequest, forwarded?: ForwardedRequest) {
    this.method = forwarded ? forwarded.method : request.method;
    this.url = request.url;
    this.headers = request.headers;
    this.forwarded = forwarded !== undefined;
    this.#request = request;
  }

  get ip(): string {
    return this.#request.ip;
  }
}

/** Hands a guard's outcome to Fastify: the refusal answered, or the user set and the route run. */
function applyOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
  outcome: GuardOutcome,
): void {
  if (!outcome.ok) {
    send(reply, outcome.response);
    return;
  }
  if (outcome.headers['set-cookie']) reply.headers(outcome.headers);
  request.user = outcome.user;
  done();
}

function send(reply: FastifyReply, response: HttpResponse): FastifyReply {
  reply.code(response.status).headers(response.headers);
  // No body, no payload: send('') would add `Content-Type: text/plain`, which a cache merges from a
  // 304 into the stored avatar.
  return response.body === undefined ? reply.send() : reply.send(response.body);
}

/** Fastify's own body errors (too large, bad length) as our error codes. */
function bodyError(error: FastifyError): AuthError {
  if (error instanceof AuthError) return error;
  if (error.statusCode === 413) return new AuthError('ERR_BODY_TOO_LARGE');
  if (error.statusCode === 415) return new AuthError('ERR_UNSUPPORTED_MEDIA_TYPE');
  // A host's body check that marks its message as safe to show (`expose`, as http-errors does).
  const exposed = error.statusCode === 400 && (error as { expose?: unknown }).expose === true;
  if (exposed) return new AuthError('ERR_BAD_REQUEST', error.message);
  if (error.statusCode && error.statusCode < 500) return new AuthError('ERR_BAD_REQUEST');
  return new AuthError('ERR_INTERNAL', undefined, { cause: error });
}

/**
 * The auth routes and the avatar route, in a context of their own: their raw-body parser and error
 * handler do not leak into the host app.
 */
function authRoutes(service: AdaptedService): (scope: FastifyInstance) => Promise<void> {
  const { mountPath, avatarRoutePath, bodyLimit, logger } = service.options;
  const answer = (reply: FastifyReply, response: HttpResponse | undefined) =>
    send(reply, response ?? secured(errorResponse(new AuthError('ERR_NOT_FOUND'))));
  type Handler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  const handler: Handler = async (request, reply) =>
    answer(reply, await service.handle(fromFastify(request)));
  // The route a guarded page asks on every load: no promise while the token is cached.
  const userHandler: Handler = (request, reply) => {
    const get = request.method === 'GET';
    const response = service.handleUser(get ? new GuardedExchange(request) : fromFastify(request));
    return isPromise(response) ? response.then((settled) => answer(reply, settled)) : answer(reply, response);
  };
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const authError = bodyError(error);
      if (authError.status >= 500) logger.logf('[ERROR] auth route failed: %s', String(error));
      return send(reply, secured(errorResponse(authError)));
    });
    // One route per operation, each with the schema that describes it (route-schemas.ts), and the
    // catch-alls for every other path and method; all but `user` run the same handler, which routes by path.
    scope.setValidatorCompiler(describeOnly);
    const base = mountPath === '/' ? '' : mountPath;
    const providers = service.providers().map((provider) => provider.name);
    const operation = (url: string, schema: FastifySchema, method = ROUTE_METHODS, run: Handler = handler) =>
      scope.route({ method, url, schema, exposeHeadRoute: false, handler: run });
    operation(`${base}/list`, listSchema());
    operation(`${base}/user`, userSchema(), ROUTE_METHODS, userHandler);
    operation(`${base}/status`, statusSchema());
    operation(`${base}/logout`, logoutSchema());
    operation(`${base}/:provider/login`, loginSchema(providers, false), ['GET', 'HEAD']);
    operation(`${base}/:provider/login`, loginSchema(providers, true), ['POST']);
    operation(`${base}/:provider/callback`, callbackSchema(providers));
    operation(`${base}/:provider/logout`, logoutSchema(providers));
    scope.all(mountPath, { schema: catchAllSchema }, handler);
    scope.all(`${base}/*`, { schema: catchAllSchema }, handler);
    const avatar = service.avatarHandler;
    if (!avatar) return;
    const avatarAnswer = async (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, secured(await avatar(fromFastify(request))));
    scope.route({
      method: ['GET', 'HEAD'],
      url: `${avatarRoutePath}/:file`,
      schema: avatarSchema(),
      exposeHeadRoute: false,
      handler: avatarAnswer,
    });
    // Every other method: the handler itself answers 405 with Allow (a GET-only route gave Fastify's 404).
    scope.all(`${avatarRoutePath}/*`, { schema: catchAllSchema }, avatarAnswer);
  };
}

export function createFastifyAuth(service: AdaptedService): FastifyAuth {
  const routes = authRoutes(service);

  const plugin = fp(
    async (app: FastifyInstance) => {
      if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
      await app.register(routes);
    },
    { name: '@gatehouse/auth', fastify: '5.x' },
  );

  /** Callback-style, so that a cached token is checked without a promise on the request path. */
  function guarded(mode: GuardMode): FastifyGuardHook {
    return function gatehouseGuard(request, reply, done) {
      const outcome = service.guardNow(mode, new GuardedExchange(request));
      // A closure only when the outcome must be waited for (a token not yet in the cache).
      if (isPromise(outcome)) outcome.then((settled) => applyOutcome(request, reply, done, settled), done);
      else applyOutcome(request, reply, done, outcome);
    };
  }

  return {
    plugin,
    auth: () => guarded('auth'),
    admin: () => guarded('admin'),
    trace: () => guarded('trace'),
    rbac: (...roles) => guarded({ roles }),
    outcome: (mode, request, forwarded) => service.guardNow(mode, new GuardedExchange(request, forwarded)),
    updateUser: (updater) =>
      function gatehouseUpdateUser(request, _reply, done) {
        service.updateUser(request.user ?? null, updater).then((user) => {
          request.user = user;
          done();
        }, done);
      },
  };
}
