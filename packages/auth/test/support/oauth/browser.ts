/**
 * A tiny browser for the tests: a cookie jar (host-only cookies, path match, Max-Age/Expires,
 * deletion) in front of fetch, following redirects one hop at a time as a browser does
 * (301/302/303 turn into GET, 307/308 keep the method and body). Cookies are shared across ports of
 * one host, as in real browsers.
 */

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expiresAt?: number;
  httpOnly: boolean;
  sameSite?: string;
}

export interface Navigation {
  response: Response;
  /** Every URL visited, first to last. */
  chain: string[];
  /** Every response status along the way. */
  statuses: number[];
  body: string;
}

export class Browser {
  readonly #jar = new Map<string, StoredCookie>();

  /** One request, no redirect following; Set-Cookie lands in the jar. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.#store(target, res.headers.getSetCookie());
    return res;
  }

  /** A navigation: follows redirects until a non-redirect answer. */
  async navigate(url: string, init: RequestInit = {}): Promise<Navigation> {
    const chain: string[] = [];
    const statuses: number[] = [];
    let current = url;
    let currentInit = init;
    for (let hop = 0; hop < 20; hop++) {
      chain.push(current);
      const res = await this.request(current, currentInit);
      statuses.push(res.status);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status > 399 || !location) {
        return { response: res, chain, statuses, body: await res.text() };
      }
      await res.body?.cancel();
      current = new URL(location, current).href;
      if (res.status !== 307 && res.status !== 308) currentInit = { method: 'GET' };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the first `<form method="post">` of an HTML page with its hidden inputs (a form_post page). */
  async submitForm(pageURL: string, html: string): Promise<Navigation> {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error('no form on the page');
    const fields = new URLSearchParams();
    for (const m of form[2]!.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"[^>]*>/gi)) {
      fields.set(unescapeHTML(m[1]!), unescapeHTML(m[2]!));
    }
    return this.navigate(new URL(unescapeHTML(form[1]!), pageURL).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }

  /** The Cookie header the jar sends to `url`. */
  cookieHeader(url: URL): string {
    this.#expire();
    return [...this.#jar.values()]
      .filter((c) => c.host === url.hostname && pathMatches(url.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** The value of a cookie on `host`, or undefined. */
  cookie(name: string, host = '127.0.0.1'): string | undefined {
    this.#expire();
    return [...this.#jar.values()].find((c) => c.name === name && c.host === host)?.value;
  }

  cookieNames(host = '127.0.0.1'): string[] {
    this.#expire();
    return [...this.#jar.values()].filter((c) => c.host === host).map((c) => c.name);
  }

  /** Puts a cookie in by hand (a forged or replayed one). */
  setCookie(name: string, value: string, host = '127.0.0.1', path = '/'): void {
    this.#jar.set(`${host}|${path}|${name}`, { name, value, host, path, httpOnly: false });
  }

  #store(url: URL, lines: string[]): void {
    for (const line of lines) {
      const c = parseSetCookie(line, url);
      const key = `${c.host}|${c.path}|${c.name}`;
      if (c.expiresAt !== undefined && c.expiresAt <= Date.now()) this.#jar.delete(key);
      else this.#jar.set(key, c);
    }
  }

  #expire(): void {
    const now = Date.now();
    for (const [k, c] of this.#jar) if (c.expiresAt !== undefined && c.expiresAt <= now) this.#jar.delete(k);
  }
}

function parseSetCookie(line: string, url: URL): StoredCookie {
  const [pair, ...attrs] = line.split(';');
  const eq = pair!.indexOf('=');
  const c: StoredCookie = {
    name: pair!.slice(0, eq).trim(),
    value: pair!.slice(eq + 1).trim(),
    host: url.hostname,
    path: defaultPath(url.pathname),
    httpOnly: false,
  };
  for (const attr of attrs) {
    const [k, ...rest] = attr.split('=');
    const key = k!.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path' && value.startsWith('/')) c.path = value;
    else if (key === 'max-age') c.expiresAt = Date.now() + Number(value) * 1000;
    else if (key === 'expires' && c.expiresAt === undefined) c.expiresAt = Date.parse(value);
    else if (key === 'httponly') c.httpOnly = true;
    else if (key === 'samesite') c.sameSite = value.toLowerCase();
  }
  return c;
}

function defaultPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function unescapeHTML(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
