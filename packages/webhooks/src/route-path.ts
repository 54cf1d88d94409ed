/**
 * @module route-path
 * Route keys and request paths. A route key is one or more segments of unreserved URL characters
 * separated by `/`; a request path is split on `/`, empty segments dropped (doubled slashes are
 * tolerated), each segment percent-decoded, and everything after the module segment joined back
 * with `/`, so `@webhook github/push` is reached at `/webhook/{module}/github/push` (and at
 * `github%2Fpush`, which decodes to the same key).
 */

const SEGMENT = /^[A-Za-z0-9_.~-]+$/;

/** Whether `key` can be a route key: segments of `A-Z a-z 0-9 _ . ~ -`, no `.` or `..` segment. */
export function isValidRouteKey(key: string): boolean {
  if (key.length === 0 || key.length > 200) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

/** A `@webhook` argument as written, trimmed of surrounding slashes. */
export function normaliseRouteKey(raw: string): string {
  return raw.trim().replace(/^\/+|\/+$/g, '');
}

export interface RequestTarget {
  module: string;
  route: string;
}

/**
 * Splits the path of a request below the mount prefix into module and route. Returns `undefined`
 * when the shape is wrong (no module or no route, or a segment that does not decode).
 */
export function parseRequestPath(pathname: string, prefixSegments: number): RequestTarget | undefined {
  const parts = pathname.split('/').filter((s) => s.length > 0);
  if (parts.length < prefixSegments + 2) return undefined;
  const decoded: string[] = [];
  for (const part of parts.slice(prefixSegments)) {
    try {
      decoded.push(decodeURIComponent(part));
    } catch {
      return undefined;
    }
  }
  const [module, ...rest] = decoded;
  return { module: module!, route: rest.join('/') };
}
