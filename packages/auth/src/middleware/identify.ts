/**
 * @module middleware/identify
 * Who is making a request, by the four ways: basic auth, then the token (query `token`, header
 * `X-JWT`, cookie `JWT` + XSRF header). A token must also pass the Validator and come from a
 * registered provider; an expired cookie token is refreshed. A refusal says whether the session
 * cookies must be cleared, and the adapters clear them in that same response (the reference wrote
 * its 401 first and lost the clearing headers). Synchronous when nothing needs waiting for.
 */
import { AuthError } from '../errors.js';
import type { HttpRequest } from '../http/exchange.js';
import { isPromise, type MaybePromise } from '../internal/maybe-promise.js';
import type { Logger } from '../logger/logger.js';
import type { Validator } from '../options.js';
import type { Claims } from '../token/claims.js';
import type { ReadToken, TokenService } from '../token/token-service.js';
import type { User } from '../token/user.js';
import { type BasicAuthConfig, basicAuthUser, basicCredentials } from './basic.js';

export interface IdentifyDeps extends BasicAuthConfig {
  tokens: TokenService;
  validator?: Validator;
  /** True when the token's provider (or the prefix of the user id, for older tokens) is registered. */
  isProviderAllowed: (claims: Claims) => boolean;
  logger: Logger;
}

export interface Identity {
  user: User;
  /** Present when the user came from a token. */
  claims?: Claims;
  /** Headers the response must carry (the cookies of a refreshed token). */
  headers: Record<string, string | string[]>;
}

/** A refusal, and whether the session cookies must be cleared with it. */
export class Refusal extends Error {
  readonly error: AuthError;
  readonly clearCookies: boolean;
  constructor(error: AuthError, clearCookies: boolean) {
    super(error.message, { cause: error });
    this.name = 'Refusal';
    this.error = error;
    this.clearCookies = clearCookies;
  }
}

const NO_HEADERS: Readonly<Record<string, string | string[]>> = Object.freeze({});

function asAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError('ERR_TOKEN_INVALID', undefined, { cause: error });
}

/** A refused token read. XSRF refusals keep the cookies: a forged cross-site request must not log anyone out. */
function readRefusal(deps: IdentifyDeps, req: HttpRequest, error: unknown): never {
  if (error instanceof Refusal) throw error;
  const authError = asAuthError(error);
  deps.logger.logf('[DEBUG] token refused: %s', String(authError.cause ?? authError.code));
  const fromCookie = deps.tokens.locate(req)?.source === 'cookie';
  throw new Refusal(authError, fromCookie && authError.code !== 'ERR_XSRF_MISMATCH');
}

function validatorAnswer(deps: IdentifyDeps, read: ReadToken): MaybePromise<boolean> {
  try {
    const answer = deps.validator!(read.token, read.claims);
    return isPromise(answer) ? answer.catch((error) => validatorFailed(deps, error)) : answer;
  } catch (error) {
    return validatorFailed(deps, error);
  }
}

function validatorFailed(deps: IdentifyDeps, error: unknown): false {
  deps.logger.logf('[WARN] validator failed: %s', String(error));
  return false;
}

/** After the Validator: the provider check, then the identity (refreshing an expired cookie token). */
function accept(deps: IdentifyDeps, read: ReadToken, valid: boolean): MaybePromise<Identity> {
  const fromCookie = read.source === 'cookie';
  if (!valid) throw new Refusal(new AuthError('ERR_VALIDATOR_REJECTED'), fromCookie);
  if (!deps.isProviderAllowed(read.claims))
    throw new Refusal(new AuthError('ERR_PROVIDER_NOT_ALLOWED'), fromCookie);
  if (!read.expired)
    return { user: deps.tokens.userOf(read.claims), claims: read.claims, headers: NO_HEADERS };
  return deps.tokens.refresh(read.token, read.claims).then(
    (fresh) => ({ user: deps.tokens.userOf(fresh.claims), claims: fresh.claims, headers: fresh.headers }),
    (error) => {
      throw new Refusal(asAuthError(error), true);
    },
  );
}

function fromToken(deps: IdentifyDeps, read: ReadToken | undefined): MaybePromise<Identity | undefined> {
  if (!read) return undefined;
  if (!deps.validator) return accept(deps, read, true);
  const valid = validatorAnswer(deps, read);
  return isPromise(valid) ? valid.then((ok) => accept(deps, read, ok)) : accept(deps, read, valid);
}

function byToken(deps: IdentifyDeps, req: HttpRequest): MaybePromise<Identity | undefined> {
  let read: MaybePromise<ReadToken | undefined>;
  try {
    read = deps.tokens.read(req);
  } catch (error) {
    readRefusal(deps, req, error);
  }
  if (isPromise(read))
    return read.then(
      (found) => fromToken(deps, found),
      (error) => readRefusal(deps, req, error),
    );
  return fromToken(deps, read);
}

async function byBasicAuthOrToken(deps: IdentifyDeps, req: HttpRequest): Promise<Identity | undefined> {
  let basicUser: User | undefined;
  try {
    basicUser = await basicAuthUser(deps, req);
  } catch (error) {
    throw new Refusal(asAuthError(error), false);
  }
  return basicUser ? { user: basicUser, headers: NO_HEADERS } : byToken(deps, req);
}

/** The identity of a request, `undefined` when it carries no credentials; throws (or rejects with) a {@link Refusal}. */
export function identify(deps: IdentifyDeps, req: HttpRequest): MaybePromise<Identity | undefined> {
  // Only a request with basic credentials takes the asynchronous way; tokens stay on the fast path.
  const basic = (deps.adminPasswd || deps.basicAuthChecker) && basicCredentials(req) !== undefined;
  return basic ? byBasicAuthOrToken(deps, req) : byToken(deps, req);
}
