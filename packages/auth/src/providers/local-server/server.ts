/**
 * @module providers/local-server/server
 * A local OAuth 2.0 authorization server an integrator can run beside the service: the authorization
 * code grant of @node-oauth/oauth2-server (registered clients, exact redirect URIs, PKCE, one-time
 * codes living 60 s), a login page (default or the integrator's), a bearer-token user endpoint and an
 * identicon avatar endpoint. Register it with {@link localOAuth2Provider}.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth2Server from '@node-oauth/oauth2-server';
import { generateIdenticon } from '../../avatar/identicon.js';
import { AuthError } from '../../errors.js';
import { type Logger, silentLogger } from '../../logger/logger.js';
import { MemoryStateStore } from '../../state/memory-store.js';
import type { StateStore } from '../../state/state-store.js';
import { LoginThrottle, type ThrottleOptions } from '../../throttle/login-throttle.js';
import {
  FormTooLarge,
  pathOf,
  queryOf,
  readForm,
  refuseForm,
  sendHTML,
  sendJSON,
  sendText,
} from './http-io.js';
import { renderLoginPage } from './login-page.js';
import {
  type ClientRegistry,
  fixedClients,
  isRegisteredRedirect,
  type RegisteredClient,
  stateModel,
} from './model.js';

/** Renders the login page; it must make the browser POST `username` (and `password`) to `action`. */
export type LoginPageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  page: { action: string; error?: string },
) => void | Promise<void>;

export interface LocalServerPaths {
  authorize: string;
  token: string;
  user: string;
  avatar: string;
}

export interface LocalOAuth2ServerOptions {
  /** Where it listens, port included, e.g. `http://127.0.0.1:9096`; `localhost` binds 127.0.0.1; port 0 picks one. */
  url: string;
  /** Registered clients (id, secret, redirect URIs). */
  clients?: readonly RegisteredClient[];
  /** Show a login page (default true); without it `username` must come with the authorize request. */
  withLoginPage?: boolean;
  loginPageHandler?: LoginPageHandler;
  /**
   * Checks a user's password; without it any user name is accepted (development use). Attempts are
   * throttled per user name and client address (`throttle`), like every other password check.
   */
  authenticate?: (username: string, password: string) => boolean | Promise<boolean>;
  /**
   * Password guessing limits, counted in `stateStore` (so instances sharing a store, and a service
   * sharing it, count together); default `throttleDefaults`. The client address is the socket's:
   * this server is reached directly, not through a proxy.
   */
  throttle?: ThrottleOptions;
  /** The e-mail for a user name; the user endpoint omits `email` without it. */
  emailFor?: (username: string) => string | undefined;
  logger?: Logger;
  /** Seconds; default 60. */
  codeTTL?: number;
  /** Seconds; default 3600. */
  tokenTTL?: number;
  /** Page title. */
  title?: string;
  /** A line shown on the login page. */
  notice?: string;
  /**
   * Where codes and access tokens are kept; default a memory store of this server. Several
   * instances of one server behind one address share one store (e.g. the service's `stateStore`),
   * so a code issued by one is redeemed by any of them.
   */
  stateStore?: StateStore;
  /** Keeps the codes of two servers sharing a store apart; default `local`. */
  name?: string;
  /** Internal: the dev server's paths and client registry. */
  paths?: Partial<LocalServerPaths>;
  registry?: ClientRegistry;
}

const DEFAULT_PATHS: LocalServerPaths = {
  authorize: '/authorize',
  token: '/access_token',
  user: '/user',
  avatar: '/avatar',
};

export class LocalOAuth2Server {
  readonly #opts: LocalOAuth2ServerOptions;
  readonly #paths: LocalServerPaths;
  readonly #oauth: OAuth2Server;
  readonly #logger: Logger;
  readonly #http: Server;
  readonly #registry: ClientRegistry;
  /** The store this server made for itself (no `stateStore` given), closed with it. */
  readonly #ownStore: MemoryStateStore | undefined;
  readonly #throttle: LoginThrottle;
  #url: URL;

  constructor(opts: LocalOAuth2ServerOptions) {
    this.#opts = opts;
    this.#url = parseServerURL(opts.url);
    this.#paths = { ...DEFAULT_PATHS, ...opts.paths };
    this.#logger = opts.logger ?? silentLogger;
    const registry = opts.registry ?? fixedClients(opts.clients ?? []);
    this.#registry = registry;
    this.#ownStore = opts.stateStore ? undefined : new MemoryStateStore();
    const store = opts.stateStore ?? this.#ownStore!;
    this.#throttle = new LoginThrottle(store, opts.throttle);
    this.#oauth = new OAuth2Server({
      model: stateModel(registry, store, opts.name ?? 'local'),
      authorizationCodeLifetime: opts.codeTTL ?? 60,
      accessTokenLifetime: opts.tokenTTL ?? 3600,
      allowEmptyState: false,
    });
    this.#http = createServer((req, res) => {
      this.#route(req, res).catch((err) => {
        if (err instanceof FormTooLarge && !res.headersSent) return refuseForm(req, res, err);
        this.#logger.logf('[ERROR] local oauth2 server: %s', String(err));
        if (!res.headersSent) sendText(res, 500, 'internal error');
        else res.destroy();
      });
    });
    this.#http.headersTimeout = 5_000;
    this.#http.requestTimeout = 10_000;
  }

  /** Starts listening; resolves with the URL actually bound (the real port when 0 was asked). */
  async start(): Promise<URL> {
    await new Promise<void>((resolve, reject) => {
      this.#http.once('error', reject);
      this.#http.listen(Number(this.#url.port || 80), this.#url.hostname.replace(/^\[|\]$/g, ''), () => {
        this.#http.off('error', reject);
        resolve();
      });
    });
    const { port } = this.#http.address() as AddressInfo;
    this.#url = new URL(this.#url.href);
    this.#url.port = String(port);
    this.#logger.logf('[INFO] local oauth2 server started, %s', this.url);
    return new URL(this.url);
  }

  async close(): Promise<void> {
    this.#ownStore?.close();
    if (!this.#http.listening) return;
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  /** Base URL, no trailing slash, e.g. `http://127.0.0.1:9096`. */
  get url(): string {
    return this.#url.href.replace(/\/+$/, '');
  }

  /** The URLs a client of this server uses. */
  endpoints(): { authURL: string; tokenURL: string; infoURL: string } {
    return {
      authURL: this.url + this.#paths.authorize,
      tokenURL: this.url + this.#paths.token,
      infoURL: this.url + this.#paths.user,
    };
  }

  async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req);
    if (path === this.#paths.authorize) return this.#authorize(req, res);
    if (path === this.#paths.token && req.method === 'POST') return this.#token(req, res);
    if (path === this.#paths.user) return this.#user(req, res);
    if (path === this.#paths.avatar) return this.#avatar(req, res);
    sendText(res, 404, 'not found');
  }

  async #authorize(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const query = Object.fromEntries(queryOf(req));
    const form = await readForm(req);
    const action = `${this.#paths.authorize}?${new URLSearchParams(query)}`;
    const username = (
      form.username ?? (this.#opts.withLoginPage === false ? query.username : undefined)
    )?.trim();
    const refused = this.#checkClient(query);
    if (refused) return sendText(res, 400, refused);
    if (!username) {
      if (this.#opts.withLoginPage === false) return sendText(res, 400, 'username required');
      if (form.username !== undefined) return this.#loginPage(req, res, action, 'enter a user name', 400);
      return this.#loginPage(req, res, action);
    }
    if (this.#opts.authenticate) {
      const refusal = await this.#checkPassword(req, res, username, form.password ?? '');
      if (refusal) return this.#loginPage(req, res, action, refusal.message, refusal.status);
    }
    const request = new OAuth2Server.Request({ method: 'GET', headers: {}, query, body: {} });
    const response = new OAuth2Server.Response({});
    const handler = { handle: async () => ({ username }) };
    try {
      await this.#oauth.authorize(request, response, { authenticateHandler: handler });
    } catch (err) {
      // With a known redirect URI the error goes back to the client as `?error=`; else it is ours to show.
      if (!response.headers?.location) return sendText(res, 400, (err as Error).message);
    }
    res.writeHead(302, { location: response.headers!.location!, 'cache-control': 'no-store' });
    res.end();
  }

  /**
   * The password check behind the throttle: a blocked user name or address gets 429 and
   * `Retry-After` before the password is looked at, whatever it is.
   */
  async #checkPassword(
    req: IncomingMessage,
    res: ServerResponse,
    username: string,
    password: string,
  ): Promise<{ status: number; message: string } | undefined> {
    const address = req.socket.remoteAddress ?? '';
    let accepted: boolean;
    try {
      accepted = await this.#throttle.attempt(username, address, () =>
        this.#opts.authenticate!(username, password),
      );
    } catch (error) {
      if (!(error instanceof AuthError) || error.code !== 'ERR_TOO_MANY_ATTEMPTS') throw error;
      this.#logger.logf('[WARN] local oauth2 server: login of %s throttled', username);
      res.setHeader('retry-after', String(error.retryAfterSeconds));
      return { status: 429, message: 'too many attempts, try again later' };
    }
    if (accepted) return undefined;
    this.#logger.logf('[WARN] local oauth2 server: refused login of %s', username);
    return { status: 401, message: 'wrong user name or password' };
  }

  /** Refuses unknown clients and redirect URIs before any login page is shown (RFC 6749 4.1.2.1). */
  #checkClient(query: Record<string, string>): string | undefined {
    const client = query.client_id ? this.#registry.find(query.client_id) : undefined;
    if (!client) return 'unknown client_id';
    const ok = isRegisteredRedirect(this.#registry, client, query.redirect_uri ?? '');
    return ok ? undefined : 'redirect_uri is not registered for this client';
  }

  async #loginPage(req: IncomingMessage, res: ServerResponse, action: string, error?: string, status = 200) {
    if (this.#opts.loginPageHandler) return this.#opts.loginPageHandler(req, res, { action, error });
    const html = renderLoginPage({
      action,
      error,
      title: this.#opts.title ?? 'Log in',
      askPassword: this.#opts.authenticate !== undefined,
      notice: this.#opts.notice,
    });
    sendHTML(res, status, html);
  }

  async #token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readForm(req);
    const request = new OAuth2Server.Request({
      method: 'POST',
      headers: req.headers as Record<string, string>,
      query: {},
      body,
    });
    const response = new OAuth2Server.Response({});
    try {
      await this.#oauth.token(request, response);
      sendJSON(res, 200, response.body);
    } catch (err) {
      const e = err as { code?: number; name?: string; message?: string };
      sendJSON(res, e.code ?? 400, { error: e.name ?? 'invalid_request', error_description: e.message });
    }
  }

  async #user(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = new OAuth2Server.Request({
      method: req.method ?? 'GET',
      headers: req.headers as Record<string, string>,
      query: {},
      body: {},
    });
    let username: string;
    try {
      const token = await this.#oauth.authenticate(request, new OAuth2Server.Response({}));
      username = String(token.user.username);
    } catch {
      return sendJSON(
        res,
        401,
        { error: 'invalid_token' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    const email = this.#opts.emailFor?.(username);
    sendJSON(res, 200, {
      id: username,
      name: username,
      picture: `${this.url}${this.#paths.avatar}?user=${encodeURIComponent(username)}`,
      ...(email ? { email } : {}),
    });
  }

  async #avatar(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = queryOf(req).get('user');
    if (!user) return sendText(res, 400, 'user required');
    const png = await generateIdenticon(user);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    res.end(png);
  }
}

function parseServerURL(raw: string): URL {
  const url = new URL(raw);
  if (url.protocol !== 'http:') throw new TypeError(`local oauth2 server URL must be http: ${raw}`);
  if (url.hostname === 'localhost' || url.hostname === '') url.hostname = '127.0.0.1';
  return url;
}
