/**
 * @module errors
 * Every way auth can refuse, in one table: a stable `code`, the HTTP status the adapters answer
 * with, and the fixed message that goes into `{"error": "..."}`. Token and provider code throw
 * {@link AuthError}s and know nothing of HTTP; the details of a failure go to the logger, never to
 * the client. Configuration mistakes are `TypeError`s thrown at construction instead.
 */

export const authErrors = {
  ERR_NO_TOKEN: { status: 401, message: 'not authorized' },
  ERR_TOKEN_INVALID: { status: 401, message: 'invalid token' },
  ERR_TOKEN_EXPIRED: { status: 401, message: 'token expired' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'session expired, log in again' },
  ERR_AUDIENCE_REJECTED: { status: 401, message: 'audience not allowed' },
  ERR_XSRF_MISMATCH: { status: 401, message: 'xsrf mismatch' },
  ERR_VALIDATOR_REJECTED: { status: 401, message: 'not authorized' },
  ERR_BASIC_AUTH_REJECTED: { status: 401, message: 'not authorized' },
  ERR_PROVIDER_NOT_ALLOWED: { status: 401, message: 'not authorized' },
  ERR_FORBIDDEN: { status: 403, message: 'access denied' },
  ERR_BAD_CREDENTIALS: { status: 403, message: 'incorrect user or password' },
  ERR_LOGIN_AUDIENCE_REJECTED: { status: 403, message: 'audience not allowed' },
  ERR_AUDIENCE_MALFORMED: {
    status: 400,
    message: 'aud (site) must be at most 256 printable characters, without control characters',
  },
  ERR_BAD_REQUEST: { status: 400, message: 'bad request' },
  ERR_MALFORMED_CREDENTIALS: { status: 400, message: 'failed to parse credentials' },
  ERR_CRED_CHECK_FAILED: { status: 500, message: 'failed to check user credentials' },
  ERR_REDIRECT_NOT_ALLOWED: { status: 400, message: 'redirect target not allowed' },
  ERR_UNKNOWN_PROVIDER: { status: 404, message: 'provider not supported' },
  ERR_NOT_FOUND: { status: 404, message: 'not found' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, message: 'method not allowed' },
  ERR_BODY_TOO_LARGE: { status: 413, message: 'request body too large' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'unsupported media type' },
  ERR_HANDSHAKE_INVALID: { status: 403, message: 'invalid or expired login handshake' },
  ERR_OAUTH_DENIED: { status: 401, message: 'login refused by the provider' },
  ERR_PROVIDER_UNAVAILABLE: { status: 502, message: 'provider unavailable' },
  ERR_PROVIDER_BAD_RESPONSE: { status: 502, message: 'unexpected answer from the provider' },
  ERR_ID_TOKEN_INVALID: { status: 403, message: 'invalid id_token' },
  ERR_COOKIE_TOO_LARGE: {
    status: 500,
    message: 'token too large for a cookie (over 4096 bytes); browsers would drop it',
  },
  ERR_TOO_MANY_ATTEMPTS: { status: 429, message: 'too many attempts, retry later' },
  ERR_LOGIN_BUSY: { status: 503, message: 'too many logins in progress, retry shortly' },
  ERR_CROSS_SITE: { status: 403, message: 'cross-site request refused' },
  ERR_SESSION_REVOKED: { status: 401, message: 'session ended, log in again' },
  ERR_INTERNAL: { status: 500, message: 'internal error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AuthErrorCode = keyof typeof authErrors;

/**
 * A refusal with a stable code; `message` is safe to show the client, `cause` is for the logger only.
 * `retryAfterSeconds` (throttling, a busy pool) becomes the `Retry-After` header of the answer, and
 * `allow` (ERR_METHOD_NOT_ALLOWED) the `Allow` header: the methods the route takes.
 */
export class AuthError extends Error {
  readonly code: AuthErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly allow: readonly string[] | undefined;
  constructor(
    code: AuthErrorCode,
    message: string = authErrors[code].message,
    options?: { cause?: unknown; retryAfterSeconds?: number; allow?: readonly string[] },
  ) {
    super(message, options);
    this.name = 'AuthError';
    this.code = code;
    this.status = authErrors[code].status;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.allow = options?.allow;
  }
}

/** Refuses with ERR_METHOD_NOT_ALLOWED, naming the methods taken, unless `method` is one of them. */
export function requireMethod(method: string, allowed: readonly string[]): void {
  if (!allowed.includes(method)) throw new AuthError('ERR_METHOD_NOT_ALLOWED', undefined, { allow: allowed });
}
