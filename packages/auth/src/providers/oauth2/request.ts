/**
 * @module providers/oauth2/request
 * The three ways a talk with a provider can fail, kept apart so that the callback answers precisely:
 * the provider said no (`ERR_OAUTH_DENIED`, 401), the network failed (`ERR_PROVIDER_UNAVAILABLE`,
 * 502), or the answer made no sense (`ERR_PROVIDER_BAD_RESPONSE`, 502). The cause goes to the logger
 * through {@link AuthError.cause}; the client sees only the fixed message.
 */
import * as oauth from 'oauth4webapi';
import { AuthError } from '../../errors.js';

/** How long one request to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Largest user-info or token body we read; real ones are a few KiB. */
export const MAX_PROVIDER_BODY = 1 << 20;

export function denied(cause: unknown): AuthError {
  return new AuthError('ERR_OAUTH_DENIED', undefined, { cause });
}

export function unavailable(cause: unknown): AuthError {
  return new AuthError('ERR_PROVIDER_UNAVAILABLE', undefined, { cause });
}

export function badResponse(cause: unknown): AuthError {
  return new AuthError('ERR_PROVIDER_BAD_RESPONSE', undefined, { cause });
}

/** Sorts any failure of a provider exchange into one of the three {@link AuthError} codes. */
export function classifyProviderError(err: unknown): AuthError {
  if (err instanceof AuthError) return err;
  if (
    err instanceof oauth.ResponseBodyError ||
    err instanceof oauth.AuthorizationResponseError ||
    err instanceof oauth.WWWAuthenticateChallengeError
  ) {
    return denied(err);
  }
  if (err instanceof oauth.OperationProcessingError && isIdTokenCheck(err.code)) {
    return new AuthError('ERR_ID_TOKEN_INVALID', undefined, { cause: err });
  }
  if (err instanceof oauth.OperationProcessingError || err instanceof oauth.UnsupportedOperationError) {
    return badResponse(err);
  }
  // fetch rejects with a TypeError on connection failures and a DOMException on timeouts.
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
    return unavailable(err);
  }
  return badResponse(err);
}

/** oauth4webapi's id_token claim checks (iss, aud, exp, nonce): the token is not for us. */
function isIdTokenCheck(code: string | undefined): boolean {
  return code === oauth.JWT_CLAIM_COMPARISON || code === oauth.JWT_TIMESTAMP_CHECK;
}

/** Maps a non-2xx status of a provider API to the code it stands for. */
export function errorForStatus(status: number, what: string): AuthError {
  const cause = new Error(`${what} answered HTTP ${status}`);
  if (status === 401 || status === 403) return denied(cause);
  if (status >= 500 || status === 429) return unavailable(cause);
  return badResponse(cause);
}

/** Reads a JSON object body, bounded in size; anything else is a bad response. */
export async function readJsonObject(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await readBoundedText(res, what);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badResponse(new Error(`${what} is not JSON`, { cause: err }));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badResponse(new Error(`${what} is not a JSON object`));
  }
  return parsed as Record<string, unknown>;
}

async function readBoundedText(res: Response, what: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_PROVIDER_BODY) throw badResponse(new Error(`${what} is too large`));
  try {
    const buf = Buffer.from(await res.arrayBuffer());
    if (buf.length > MAX_PROVIDER_BODY) throw badResponse(new Error(`${what} is too large`));
    return buf.toString('utf8');
  } catch (err) {
    throw classifyProviderError(err);
  }
}
