/**
 * @module redirect
 * Where a login may send the browser afterwards (`from`). Unlike the reference, which honours any
 * `from` unless an allow-list is configured, only these pass: a same-site path (`/page`), a URL on
 * the service's own host (any port, as the reference), or a URL whose host, or host:port, is in
 * `allowedRedirectHosts`. Only http(s), no credentials in the URL, no backslashes or control
 * characters (browsers read `/\evil.com` as `//evil.com`).
 */

/** The absolute URL to redirect to, or `undefined` when `from` is not allowed. */
export function redirectTarget(
  from: string,
  serviceURL: URL,
  allowedHosts: readonly string[],
): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!from || /[\\\u0000-\u001f\u007f]/.test(from)) return undefined;
  if (from.startsWith('/')) {
    if (from.startsWith('//')) return undefined;
    return new URL(from, serviceURL).href;
  }
  let target: URL;
  try {
    target = new URL(from);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (!target.hostname || target.username || target.password) return undefined;
  const hostname = target.hostname.toLowerCase();
  if (hostname === serviceURL.hostname.toLowerCase()) return target.href;
  const host = target.host.toLowerCase();
  return allowedHosts.includes(hostname) || allowedHosts.includes(host) ? target.href : undefined;
}
