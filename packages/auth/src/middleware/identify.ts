/**
 * @module middleware/identify
 * Who is making a request, by the four ways: basic auth, then the token (query `token`, header
 * `X-JWT`, cookie `JWT` + XSRF header). A token must also pass the Validator and come from a
 * registered provider; an expired cookie token is refreshed. A refusal says whether the session
 * cookies must be cleared, and the adapters clear them in that same response (the reference wrote
 * its 401 first and lost the clearing headers).
 */
import { AuthError } from '../errors.js';
import type { HttpRequest } from '../http/exchange.js';
import type { Logger } from '../logger/logger.js';
import type { Validator } from '../options.js';
import type { Claims } from '../token/claims.js';
import type { ReadToken, TokenService } from '../token/token-service.js';
import type { User } from '../token/user.js';
import { type BasicAuthConfig, basicAuthUser } from './basic.js';

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

/** Refusals that do not mean the session is bad: XSRF (a forged cross-site request must not log anyone out). */
function clears(error: AuthError, source: string | undefined): boolean {
  return source === 'cookie' && error.code !== 'ERR_XSRF_MISMATCH';
}

function asAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError('ERR_TOKEN_INVALID', undefined, { cause: error });
}

async function readToken(deps: IdentifyDeps, req: HttpRequest): Promise<ReadToken | undefined> {
  try {
    return await deps.tokens.read(req);
  } catch (error) {
    const authError = asAuthError(error);
    deps.logger.logf('[DEBUG] token refused: %s', String(authError.cause ?? authError.code));
    throw new Refusal(authError, clears(authError, deps.tokens.locate(req)?.source));
  }
}

async function validate(deps: IdentifyDeps, read: ReadToken): Promise<void> {
  if (!deps.validator) return;
  let ok = false;
  try {
    ok = await deps.validator(read.token, read.claims);
  } catch (error) {
    deps.logger.logf('[WARN] validator failed: %s', String(error));
  }
  if (!ok) throw new Refusal(new AuthError('ERR_VALIDATOR_REJECTED'), read.source === 'cookie');
}

/** The identity of a request, `undefined` when it carries no credentials; throws a {@link Refusal}. */
export async function identify(deps: IdentifyDeps, req: HttpRequest): Promise<Identity | undefined> {
  if (deps.adminPasswd || deps.basicAuthChecker) {
    let basicUser: User | undefined;
    try {
      basicUser = await basicAuthUser(deps, req);
    } catch (error) {
      throw new Refusal(asAuthError(error), false);
    }
    if (basicUser) return { user: basicUser, headers: {} };
  }

  const read = await readToken(deps, req);
  if (!read) return undefined;
  await validate(deps, read);
  if (!deps.isProviderAllowed(read.claims)) {
    throw new Refusal(new AuthError('ERR_PROVIDER_NOT_ALLOWED'), read.source === 'cookie');
  }
  if (!read.expired) return { user: deps.tokens.userOf(read.claims), claims: read.claims, headers: {} };
  try {
    const fresh = await deps.tokens.refresh(read.token, read.claims);
    return { user: deps.tokens.userOf(fresh.claims), claims: fresh.claims, headers: fresh.headers };
  } catch (error) {
    throw new Refusal(asAuthError(error), true);
  }
}
