/**
 * Forward authentication through real proxies: Debian's nginx (`auth_request`) and Caddy, configured
 * exactly as the server README says (its code blocks, with the test's ports), in front of an upstream
 * that echoes what it receives, with the service as the auth server. Requests are made as a browser
 * would (cookies kept by a small jar, redirects followed by hand); nginx's round trip is also done by
 * headless Chromium through the demo page.
 */
import { describe, expect, it } from 'vitest';
import type { RunningService } from '../src/serve.js';
import { browse, logInThroughProxy } from './support/browser.js';
import { type Echoed, useProxies } from './support/proxies.js';
import { serveFolder } from './support/service.js';
import { useTempDirs } from './support/temp.js';
import { mintToken } from './support/tokens.js';

const tempDir = useTempDirs();
const proxies = useProxies(tempDir);
const SECRET = 'forward-auth test secret, 32+ characters long';
const identity = [
  'x-auth-request-user',
  'x-auth-request-preferred-username',
  'x-auth-request-email',
  'x-auth-request-groups',
  'x-auth-request-role',
];

/** Cookies by name, as a browser keeps them for 127.0.0.1 (any port). */
class Jar {
  readonly #cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, eq), pair!.slice(eq + 1)];
      if (value === '' || /max-age=0/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  get header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One request as a browser makes it (no redirect followed); the jar keeps what it sets. */
async function visit(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = {
    ...(init.headers as Record<string, string>),
    ...(jar.header ? { cookie: jar.header } : {}),
  };
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.take(response);
  return response;
}

async function startGatehouse(): Promise<{ service: RunningService; password: string }> {
  const cwd = tempDir();
  const file = `${cwd}/gatehouse.config.json`;
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    file,
    JSON.stringify({
      auth: { secret: SECRET },
      forwardAuth: {
        trustedProxies: ['127.0.0.1', '::1'],
        apps: {
          wiki: { hosts: ['app.example.com'] },
          console: { mode: 'admin' },
          editors: { mode: { roles: ['editor'] } },
        },
      },
    }),
  );
  return serveFolder(cwd);
}

async function setUp(proxy: 'nginx' | 'caddy') {
  const { service, password } = await startGatehouse();
  const upstream = await proxies.echo();
  const gatehouse = `127.0.0.1:${service.port}`;
  const app = await proxies[proxy]({ gatehouse, upstream });
  // Gatehouse and the application share the host 127.0.0.1, so the session cookie reaches both.
  return { app, gate: service.url, password, close: () => service.close() };
}

async function logIn(jar: Jar, gate: string, user: string, passwd: string, from?: string): Promise<Response> {
  return visit(jar, `${gate}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd, ...(from ? { from } : {}) }),
  });
}

describe.each(['nginx', 'caddy'] as const)('forward authentication through %s', (proxy) => {
  it('sends a stranger to the login page and brings them back to the exact URL with their user', async () => {
    const { app, gate, password, close } = await setUp(proxy);
    try {
      const jar = new Jar();
      const original = `${app}/reports/2026?q=a%20b&sort=desc`;
      const stranger = await visit(jar, original, { headers: { 'x-auth-request-user': 'forged' } });
      expect(stranger.status).toBe(302);
      const login = new URL(stranger.headers.get('location')!);
      expect(`${login.origin}${login.pathname}`).toBe(`${gate}/`);
      expect(login.searchParams.get('from')).toBe(original);

      const loggedIn = await logIn(jar, gate, 'admin', password, login.searchParams.get('from')!);
      expect([loggedIn.status, loggedIn.headers.get('location')]).toEqual([303, original]);
      const back = await visit(jar, original);
      expect(back.status).toBe(200);
      const echoed = (await back.json()) as Echoed;
      expect(echoed.url).toBe('/reports/2026?q=a%20b&sort=desc');
      expect(echoed.headers['x-auth-request-user']).toMatch(/^local_[0-9a-f]{40}$/);
      expect(echoed.headers['x-auth-request-preferred-username']).toBe('admin');

      // Admins only, and logged out the browser is sent to the login page again.
      expect((await visit(jar, `${app}/admin/settings`)).status).toBe(200);
      expect((await visit(jar, `${gate}/auth/logout`)).status).toBe(200);
      expect((await visit(jar, original)).status).toBe(302);
    } finally {
      await close();
    }
  });

  it('refuses a non-admin on the admin location and checks roles: 403', async () => {
    const { app, close } = await setUp(proxy);
    try {
      const bob = new Jar();
      const plain = await mintToken(SECRET, { name: 'bob', id: 'local_bob' });
      bob.take(new Response(null, { headers: [['set-cookie', `JWT=${plain.token}`]] }));
      expect((await visit(bob, `${app}/wiki/page`)).status).toBe(200);
      expect((await visit(bob, `${app}/admin/settings`)).status).toBe(403);
      expect((await visit(bob, `${app}/editors/draft`)).status).toBe(403);

      const eve = new Jar();
      const editor = await mintToken(SECRET, { name: 'eve', id: 'local_eve', role: 'Editor' });
      eve.take(new Response(null, { headers: [['set-cookie', `JWT=${editor.token}`]] }));
      const draft = await visit(eve, `${app}/editors/draft`);
      expect(draft.status).toBe(200);
      expect(((await draft.json()) as Echoed).headers['x-auth-request-role']).toBe('Editor');
    } finally {
      await close();
    }
  });

  it('never lets client-sent user headers reach the application', async () => {
    const { app, close } = await setUp(proxy);
    try {
      const forged = Object.fromEntries(identity.map((name) => [name, 'forged']));
      // Not logged in: nothing reaches the application at all.
      const stranger = await fetch(`${app}/x`, { headers: forged, redirect: 'manual' });
      expect(stranger.status).toBe(302);
      // Logged in without e-mail, groups or role: those headers are empty, never the client's.
      const jar = new Jar();
      const dana = await mintToken(SECRET, { name: 'dana', id: 'local_dana' });
      jar.take(new Response(null, { headers: [['set-cookie', `JWT=${dana.token}`]] }));
      const echoed = (await (await visit(jar, `${app}/x`, { headers: forged })).json()) as Echoed;
      expect(echoed.headers['x-auth-request-user']).toBe('local_dana');
      expect(echoed.headers['x-auth-request-preferred-username']).toBe('dana');
      for (const name of identity.slice(2)) expect(echoed.headers[name] ?? '', name).toBe('');
    } finally {
      await close();
    }
  });

  it('refreshes an expired token inside a live cookie and hands the new cookie to the browser', async () => {
    const { app, close } = await setUp(proxy);
    try {
      const now = Math.floor(Date.now() / 1000);
      const old = await mintToken(
        SECRET,
        { name: 'carol', id: 'local_carol' },
        { exp: now - 60, auth_time: now - 600 },
      );
      const jar = new Jar();
      jar.take(new Response(null, { headers: [['set-cookie', `JWT=${old.token}`]] }));
      const response = await visit(jar, `${app}/x`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Echoed).headers['x-auth-request-user']).toBe('local_carol');
      const renewed = response.headers.getSetCookie();
      expect(renewed).toHaveLength(1);
      expect(renewed[0]).toMatch(
        /^JWT=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      expect(jar.header).not.toContain(old.token);
      // The new cookie alone lets the browser in, without another refresh.
      const again = await visit(jar, `${app}/x`);
      expect([again.status, again.headers.getSetCookie()]).toEqual([200, []]);
    } finally {
      await close();
    }
  });
});

describe('the login round trip in headless Chromium through nginx', () => {
  it('goes from the application to the demo page and back to the exact URL after the form', async () => {
    const { app, gate, password, close } = await setUp('nginx');
    try {
      const echoed = await browse((page) =>
        logInThroughProxy(page, `${app}/docs/guide?page=2`, gate, password),
      );
      expect(echoed.url).toBe('/docs/guide?page=2');
      expect(echoed.headers['x-auth-request-preferred-username']).toBe('admin');
    } finally {
      await close();
    }
  }, 30_000);
});
