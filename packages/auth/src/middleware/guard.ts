/**
 * @module middleware/guard
 * The middleware modes as one framework-neutral decision: `auth` (a user is required), `admin`
 * (an administrator), `rbac` (one of some roles, case-insensitive), `trace` (the user if there is
 * one, never a refusal). Adapters turn the outcome into their framework's calls; with an
 * `errorHandler` the integrator answers refusals their own way.
 */
import { AuthError } from '../errors.js';
import type { HttpRequest, HttpResponse } from '../http/exchange.js';
import { addCookies, errorResponse } from '../http/respond.js';
import { isPromise, type MaybePromise } from '../internal/maybe-promise.js';
import type { ErrorHandler } from '../options.js';
import { isAdmin, type User } from '../token/user.js';
import { type IdentifyDeps, type Identity, identify, Refusal } from './identify.js';

export type GuardMode = 'auth' | 'admin' | 'trace' | { roles: readonly string[] };

export type GuardOutcome =
  | { ok: true; user: User | null; headers: Record<string, string | string[]> }
  | { ok: false; response: HttpResponse };

export interface GuardDeps extends IdentifyDeps {
  clearCookies: () => string[];
  errorHandler?: ErrorHandler;
}

/** The mode's verdict on an identified user; throws an AuthError to refuse. */
function authorize(mode: Exclude<GuardMode, 'trace'>, user: User | undefined): void {
  if (!user) throw new AuthError('ERR_NO_TOKEN');
  if (mode === 'auth') return;
  if (mode === 'admin') {
    if (!isAdmin(user)) throw new AuthError('ERR_FORBIDDEN');
    return;
  }
  const role = (user.role ?? '').toLowerCase();
  if (!role || !mode.roles.some((wanted) => wanted.toLowerCase() === role))
    throw new AuthError('ERR_FORBIDDEN');
}

/** The response of a refusal: the integrator's, or `{"error": ...}`; clearing cookies either way when needed. */
export async function refusalResponse(
  deps: Pick<GuardDeps, 'clearCookies' | 'errorHandler' | 'logger'>,
  req: HttpRequest,
  error: AuthError,
  clearCookies: boolean,
): Promise<HttpResponse> {
  let response: HttpResponse | undefined;
  if (deps.errorHandler) {
    try {
      response = await deps.errorHandler(error, req);
    } catch (handlerError) {
      deps.logger.logf('[ERROR] errorHandler failed: %s', String(handlerError));
    }
  }
  response ??= errorResponse(error);
  return clearCookies ? addCookies(response, deps.clearCookies()) : response;
}

/** The outcome for an identified request; a refusal by the mode still delivers refreshed cookies. */
function decide(
  deps: GuardDeps,
  mode: GuardMode,
  req: HttpRequest,
  identity: Identity | undefined,
): MaybePromise<GuardOutcome> {
  if (mode === 'trace') return { ok: true, user: identity?.user ?? null, headers: identity?.headers ?? {} };
  try {
    authorize(mode, identity?.user);
  } catch (error) {
    const refreshed = identity?.headers['set-cookie'];
    return refusalResponse(deps, req, asAuth(error), false).then((response) => ({
      ok: false,
      response: refreshed ? addCookies(response, [refreshed].flat()) : response,
    }));
  }
  return { ok: true, user: identity!.user, headers: identity!.headers };
}

/** The outcome for a refused request: trace goes on without a user, the other modes answer. */
function refused(
  deps: GuardDeps,
  mode: GuardMode,
  req: HttpRequest,
  error: unknown,
): MaybePromise<GuardOutcome> {
  const refusal = error instanceof Refusal ? error : new Refusal(asAuth(error), false);
  if (mode === 'trace') {
    return {
      ok: true,
      user: null,
      headers: refusal.clearCookies ? { 'set-cookie': deps.clearCookies() } : {},
    };
  }
  return refusalResponse(deps, req, refusal.error, refusal.clearCookies).then((response) => ({
    ok: false,
    response,
  }));
}

/** Runs one guard mode over a request; synchronous when identification was (a cached token). */
export function guard(deps: GuardDeps, mode: GuardMode, req: HttpRequest): MaybePromise<GuardOutcome> {
  let identity: MaybePromise<Identity | undefined>;
  try {
    identity = identify(deps, req);
    if (!isPromise(identity)) return decide(deps, mode, req, identity);
  } catch (error) {
    return refused(deps, mode, req, error);
  }
  return identity
    .then((found) => decide(deps, mode, req, found))
    .then(undefined, (error) => refused(deps, mode, req, error));
}

function asAuth(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError('ERR_INTERNAL', undefined, { cause: error });
}
