/**
 * @module middleware/basic
 * Basic auth, off by default. A BasicAuthChecker wins and may supply the user; without one,
 * `adminPasswd` lets user `admin` in, compared in constant time. Wrong admin credentials fall
 * through to the token checks (as in the reference); a checker's refusal is final. Every failure
 * counts against the account and the client address; a blocked one is refused with 429 first.
 */
import { AuthError } from '../errors.js';
import type { HttpRequest } from '../http/exchange.js';
import { constantTimeEqual } from '../internal/constant-time.js';
import type { BasicAuthChecker } from '../options.js';
import type { LoginThrottle } from '../throttle/login-throttle.js';
import { copyJson } from '../token/token-service.js';
import { setAdmin, type User } from '../token/user.js';

export interface BasicAuthConfig {
  adminPasswd: string;
  basicAuthChecker?: BasicAuthChecker;
  /** Failed basic credentials count against the account and the client address. */
  throttle: LoginThrottle;
}

/** The user name and password of an `Authorization: Basic` header, or `undefined`. */
export function basicCredentials(req: HttpRequest): { user: string; passwd: string } | undefined {
  const header = req.headers.authorization;
  if (header?.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), passwd: decoded.slice(colon + 1) };
}

/** The built-in administrator that `adminPasswd` logs in. */
export function adminUser(): User {
  return setAdmin({ id: 'admin', name: 'admin' });
}

/**
 * The user basic auth lets in, `undefined` when basic auth does not apply (then the token checks
 * run), or throws `ERR_BASIC_AUTH_REJECTED` when the checker refuses.
 */
export async function basicAuthUser(config: BasicAuthConfig, req: HttpRequest): Promise<User | undefined> {
  if (!config.basicAuthChecker && !config.adminPasswd) return undefined;
  const creds = basicCredentials(req);
  if (!creds) return undefined;
  // Wrong admin credentials (no user) and a checker's refusal both count as a failure.
  return config.throttle.attempt(creds.user, req.ip, () => checkedUser(config, creds));
}

/** The user the credentials give, `undefined` for wrong admin credentials; throws when a checker refuses. */
async function checkedUser(
  config: BasicAuthConfig,
  creds: { user: string; passwd: string },
): Promise<User | undefined> {
  if (config.basicAuthChecker) {
    let result: Awaited<ReturnType<BasicAuthChecker>>;
    try {
      result = await config.basicAuthChecker(creds.user, creds.passwd);
    } catch (cause) {
      if (cause instanceof AuthError && (cause.status === 429 || cause.status === 503)) throw cause;
      throw new AuthError('ERR_BASIC_AUTH_REJECTED', undefined, { cause });
    }
    const ok = typeof result === 'boolean' ? result : result?.ok === true;
    if (!ok) throw new AuthError('ERR_BASIC_AUTH_REJECTED');
    const supplied = typeof result === 'object' ? result.user : undefined;
    // The checker may hand out one object for every request: each request gets its own copy.
    return supplied ? copyJson(supplied) : { id: creds.user, name: creds.user };
  }
  // Both comparisons always run, so the time does not tell which part was wrong.
  const userOk = constantTimeEqual(creds.user, 'admin');
  const passwdOk = constantTimeEqual(creds.passwd, config.adminPasswd);
  return userOk && passwdOk ? adminUser() : undefined;
}
