/**
 * @module token/xsrf
 * The XSRF check for cookie-borne tokens: the page copies the `XSRF-TOKEN` cookie (the token's
 * `jti`) into the `X-XSRF-TOKEN` header; a cross-site form cannot read the cookie, so it cannot.
 */
import { AuthError } from '../errors.js';
import { constantTimeEqualPublicLength } from '../internal/constant-time.js';

export interface XsrfPolicy {
  disabled: boolean;
  /** Upper-case methods that skip the check. */
  ignoreMethods: ReadonlySet<string>;
}

/** The methods RFC 9110 calls safe: they change nothing, so a forged one gains nothing. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Throws `ERR_XSRF_MISMATCH` unless `header` equals the token's `jti` (compared in constant time).
 * A `forwarded` request (forward authentication) is checked only when its method is unsafe.
 */
export function checkXsrf(
  policy: XsrfPolicy,
  method: string,
  header: string | undefined,
  jti: string | undefined,
  forwarded = false,
): void {
  if (policy.disabled || policy.ignoreMethods.has(method)) return;
  if (forwarded && SAFE_METHODS.has(method)) return;
  if (!header || !jti || !constantTimeEqualPublicLength(header, jti))
    throw new AuthError('ERR_XSRF_MISMATCH');
}
