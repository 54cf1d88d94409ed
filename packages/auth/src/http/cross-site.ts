/**
 * @module http/cross-site
 * Whether a login or logout was sent by another site. Browsers say so themselves: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is neither the request's own host, the service URL's, nor one of
 * `allowedRedirectHosts` (`Origin: null` is an opaque origin: a sandboxed frame, a redirect chain).
 * A same-site navigation (a link to `GET /auth/logout` on the application's own page) sends
 * `same-origin`/`same-site` and usually no `Origin`, and passes; so do clients that send neither
 * header (curl, scripts), which are no browser that another site could drive.
 */
import type { HttpRequest } from './exchange.js';

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

export function isCrossSite(req: HttpRequest, serviceURL: URL, allowedHosts: readonly string[]): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const host = hostOf(origin);
  if (host === undefined) return true;
  if (host === req.headers.host?.toLowerCase() || host === serviceURL.host.toLowerCase()) return false;
  const hostname = host.replace(/:\d+$/, '');
  return !allowedHosts.some((allowed) => allowed === host || allowed === hostname);
}
