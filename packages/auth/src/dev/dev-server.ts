/**
 * @module dev/dev-server
 * The development OAuth 2.0 server: the local OAuth 2.0 server with a login page that accepts any
 * user name for the client `dev` (the {@link devProvider}). Codes go only to the service callbacks
 * it was started for (`redirectURIs`), or, without them, to an http(s) URL on a loopback host: even
 * a dev tool must not hand a login to any site that links to it. It binds 127.0.0.1:8084 by default
 * and says on start-up, loudly, that it must never face real users.
 */
import { type Logger, silentLogger } from '../logger/logger.js';
import { LocalOAuth2Server } from '../providers/local-server/server.js';
import type { StateStore } from '../state/state-store.js';

export const DEV_DEFAULT_PORT = 8084;

export const DEV_PATHS = {
  authorize: '/login/oauth/authorize',
  token: '/login/oauth/access_token',
  user: '/user',
  avatar: '/avatar',
} as const;

export interface DevServerOptions {
  /** Default 8084; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * The callback URLs that may receive codes, e.g. `http://127.0.0.1:8080/auth/dev/callback`.
   * Default: any http(s) URL whose host is loopback (127.0.0.0/8, localhost, [::1]).
   */
  redirectURIs?: readonly string[];
  /**
   * Where codes and access tokens are kept; default a memory store of this server. The service
   * gives its shared state store, so with several instances a login started on one completes on
   * any (each instance runs a dev server of its own).
   */
  stateStore?: StateStore;
  /** The e-mail for a user name; without it the user endpoint has no `email`. */
  emailFor?: (username: string) => string | undefined;
  logger?: Logger;
}

/** The client id of the dev provider, the only client the dev server knows. */
export const DEV_CLIENT_ID = 'dev';

/** An http(s) URL on this machine: 127.0.0.0/8, localhost or [::1]. */
function isLoopbackURL(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

export const DEV_WARNING =
  'DEV OAUTH2 SERVER: ANY USER NAME LOGS IN WITHOUT A PASSWORD. FOR DEVELOPMENT AND TESTS ONLY, NEVER IN PRODUCTION';

/** Starts the dev server; resolves once it listens. Stop it with `close()`. */
export async function startDevOAuthServer(opts: DevServerOptions = {}): Promise<LocalOAuth2Server> {
  const logger = opts.logger ?? silentLogger;
  const host = opts.host ?? '127.0.0.1';
  const server = new LocalOAuth2Server({
    url: `http://${host.includes(':') ? `[${host}]` : host}:${opts.port ?? DEV_DEFAULT_PORT}`,
    paths: DEV_PATHS,
    registry: {
      find: (id) => (id === DEV_CLIENT_ID ? { id, redirectURIs: opts.redirectURIs ?? [] } : undefined),
      acceptRedirect: opts.redirectURIs ? (uri) => opts.redirectURIs!.includes(uri) : isLoopbackURL,
    },
    emailFor: opts.emailFor,
    ...(opts.stateStore ? { stateStore: opts.stateStore } : {}),
    name: 'dev',
    logger,
    title: 'Dev login',
    notice: 'Development server: any user name logs in.',
  });
  const url = await server.start();
  logger.logf('[WARN] %s (%s)', DEV_WARNING, url.href);
  return server;
}
