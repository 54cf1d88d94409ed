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
  const fast = parseSimplePath(pathname, prefixSegments);
  if (fast) return fast;
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

/**
 * The common case without escapes or doubled slashes, `/<prefix...>/<module>/<route...>`, without
 * splitting into arrays (this runs on every call). Anything else takes the general path.
 */
function parseSimplePath(pathname: string, prefixSegments: number): RequestTarget | undefined {
  if (pathname.includes('%') || pathname.includes('//')) return undefined;
  let moduleStart = 1;
  for (let i = 0; i < prefixSegments; i++) {
    moduleStart = pathname.indexOf('/', moduleStart) + 1;
    if (moduleStart === 0) return undefined;
  }
  const routeStart = pathname.indexOf('/', moduleStart) + 1;
  if (routeStart === 0) return undefined;
  const end = pathname.endsWith('/') ? pathname.length - 1 : pathname.length;
  if (routeStart >= end) return undefined;
  return { module: pathname.slice(moduleStart, routeStart - 1), route: pathname.slice(routeStart, end) };
}
