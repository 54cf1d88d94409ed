/**
 * @module routes
 * The auth routes under the mount point (`/auth` in the service):
 * `list`, `user`, `status`, `logout`, and `<provider>/login|callback|logout`. Every answer carries
 * the security headers; failures answer `{"error": ...}` with the table's status, and details go
 * only to the logger.
 */
import { AuthError, requireMethod } from './errors.js';
import { pathOf } from './http/body.js';
import type { HttpRequest, HttpResponse } from './http/exchange.js';
import { empty, errorResponse, json, secured } from './http/respond.js';
import { isPromise, type MaybePromise } from './internal/maybe-promise.js';
import type { Logger } from './logger/logger.js';
import type { GuardMode, GuardOutcome } from './middleware/guard.js';
import type { Provider } from './providers/provider.js';

export interface RouteDeps {
  mountPath: string;
  logger: Logger;
  providerNames: () => string[];
  provider: (name: string) => Provider | undefined;
  /** Synchronous when the token is cached. */
  guard: (mode: GuardMode, req: HttpRequest) => MaybePromise<GuardOutcome>;
  clearCookies: () => string[];
  /** Resolves once every provider's `attach` finished. */
  ready: () => Promise<void>;
  /** True once every provider's `attach` finished, so no request needs to wait for {@link ready}. */
  attached: () => boolean;
  refusal: (req: HttpRequest, error: AuthError) => Promise<HttpResponse>;
  /** Revokes the session the request carries (logout). */
  endSession: (req: HttpRequest) => Promise<void>;
  /** True when a browser says another site sent the request. */
  isCrossSite: (req: HttpRequest) => boolean;
}

/** The methods the auth routes answer; any other is a 405 naming them. */
export const ROUTE_METHODS = ['GET', 'POST', 'HEAD'];

/** The path segments after the mount point, or `undefined` when the path is not under it. */
function segments(mountPath: string, path: string): string[] | undefined {
  const base = mountPath === '/' ? '' : mountPath;
  if (path !== base && !path.startsWith(`${base}/`)) return undefined;
  return path
    .slice(base.length)
    .split('/')
    .filter((part) => part.length > 0);
}

/** Ends the session server-side, then clears the cookies (also when the store failed: 500 says so). */
async function logout(deps: RouteDeps, req: HttpRequest, provider?: Provider): Promise<HttpResponse> {
  try {
    await deps.endSession(req);
  } catch (cause) {
    deps.logger.logf('[ERROR] logout: the session could not be revoked: %s', String(cause));
    return errorResponse(new AuthError('ERR_INTERNAL', undefined, { cause }), {
      'set-cookie': deps.clearCookies(),
    });
  }
  return provider?.logout ? provider.logout(req) : empty(200, { 'set-cookie': deps.clearCookies() });
}

/** Logins and logouts are refused when another site sent them (login CSRF, forced logout). */
function refuseCrossSite(deps: RouteDeps, req: HttpRequest, provider?: Provider): void {
  if (provider?.acceptsCrossSite?.(req)) return;
  if (deps.isCrossSite(req)) throw new AuthError('ERR_CROSS_SITE');
}

function userAnswer(outcome: GuardOutcome): HttpResponse {
  return outcome.ok ? json(200, outcome.user, outcome.headers) : outcome.response;
}

async function currentUser(deps: RouteDeps, req: HttpRequest): Promise<HttpResponse> {
  return userAnswer(await deps.guard('auth', req));
}

async function status(deps: RouteDeps, req: HttpRequest): Promise<HttpResponse> {
  const outcome = await deps.guard('trace', req);
  const headers = outcome.ok ? outcome.headers : {};
  const user = outcome.ok ? outcome.user : null;
  return user
    ? json(200, { status: 'logged in', user: user.name }, headers)
    : json(200, { status: 'not logged in' }, headers);
}

async function providerRoute(
  deps: RouteDeps,
  name: string,
  action: string,
  req: HttpRequest,
): Promise<HttpResponse> {
  const provider = deps.provider(name);
  if (!provider) throw new AuthError('ERR_UNKNOWN_PROVIDER');
  switch (action) {
    case 'login':
      refuseCrossSite(deps, req, provider);
      return provider.login(req);
    case 'callback':
      if (!provider.callback) throw new AuthError('ERR_NOT_FOUND');
      return provider.callback(req);
    case 'logout':
      refuseCrossSite(deps, req);
      return logout(deps, req, provider);
    default:
      throw new AuthError('ERR_NOT_FOUND');
  }
}

async function route(deps: RouteDeps, parts: string[], req: HttpRequest): Promise<HttpResponse> {
  requireMethod(req.method, ROUTE_METHODS);
  if (parts.length === 1) {
    switch (parts[0]) {
      case 'list':
        return json(200, deps.providerNames());
      case 'user':
        return currentUser(deps, req);
      case 'status':
        return status(deps, req);
      case 'logout':
        refuseCrossSite(deps, req);
        return logout(deps, req);
    }
  }
  if (parts.length === 2) return providerRoute(deps, parts[0]!, parts[1]!, req);
  throw new AuthError(parts.length === 1 ? 'ERR_UNKNOWN_PROVIDER' : 'ERR_NOT_FOUND');
}

/** Answers one request under the mount point; `undefined` when the path is not under it. */
export async function handleAuthRoute(deps: RouteDeps, req: HttpRequest): Promise<HttpResponse | undefined> {
  const parts = segments(deps.mountPath, pathOf(req));
  if (!parts) return undefined;
  try {
    await deps.ready();
    return secured(await route(deps, parts, req));
  } catch (error) {
    return failed(deps, req, error);
  }
}

/**
 * `GET <mount>/user`, the route a guarded page asks on every load: answered synchronously when the
 * token is cached and the providers are attached (the guard's own fast path, no promise and no path
 * parsing per request); anything else takes {@link handleAuthRoute}'s way. The answer is the same.
 */
export function handleCurrentUser(deps: RouteDeps, req: HttpRequest): MaybePromise<HttpResponse | undefined> {
  if (req.method !== 'GET' || !deps.attached()) return handleAuthRoute(deps, req);
  let outcome: MaybePromise<GuardOutcome>;
  try {
    outcome = deps.guard('auth', req);
  } catch (error) {
    return failed(deps, req, error);
  }
  if (!isPromise(outcome)) return secured(userAnswer(outcome));
  return outcome.then(
    (settled) => secured(userAnswer(settled)),
    (error) => failed(deps, req, error),
  );
}

/** The answer to a route that threw: its refusal, or a logged 500. */
async function failed(deps: RouteDeps, req: HttpRequest, error: unknown): Promise<HttpResponse> {
  if (!(error instanceof AuthError) || error.status >= 500) {
    deps.logger.logf(
      '[ERROR] %s %s failed: %s',
      req.method,
      pathOf(req),
      String(error instanceof Error ? (error.cause ?? error) : error),
    );
  }
  const response = error instanceof AuthError ? await deps.refusal(req, error) : errorResponse(error);
  // A 405 names what the route takes, an errorHandler's own answer included.
  if (error instanceof AuthError && error.allow) response.headers.allow = error.allow.join(', ');
  return secured(response);
}
