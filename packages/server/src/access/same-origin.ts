/**
 * @module access/same-origin
 * Loopback is not an identity on its own. Every browser on this machine is a loopback client too,
 * so a request that a group admits because it comes from loopback must also be one this service's
 * own pages could have made:
 *
 * - its `Host` names the service (`server.url`'s host, `server.host`, `server.hosts`, `localhost`)
 *   or is the literal address the connection reached: otherwise 421. A DNS-rebinding page (a
 *   foreign name resolved to 127.0.0.1) always sends its own name, so it reads nothing;
 * - an unsafe request (not GET/HEAD/OPTIONS) carries no foreign `Origin` and no `Sec-Fetch-Site`
 *   but `same-origin` or `none`: otherwise 403. A page of another site can post a form or a
 *   `text/plain` body to 127.0.0.1 without asking, and this is what refuses it.
 *
 * Puppet, curl and scripts send neither `Origin` nor `Sec-Fetch-Site`, and name the address or the
 * name they connected to, so nothing changes for them. The guard runs only where loopback trust is
 * in play: on the routes of a group whose rule lists `"loopback"`, for requests from a loopback
 * peer that no proxy relayed. Elsewhere the caller's credentials (cookies bound to the service's
 * name, tokens, passwords, certificates) are what a rebinding page lacks, whatever Host it sends;
 * refusing foreign Hosts there would only break proxies that pass their upstream's name.
 */
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { formatHost } from '../settings/url-host.js';
import type { Access } from './access.js';
import type { AccessConfig } from './config.js';
import { isLoopbackClient } from './loopback.js';

/** Methods a browser sends across sites without asking, and that our routes never write on. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The `Sec-Fetch-Site` values of a request the user or this service's own pages made. */
const ownFetchSites = new Set(['same-origin', 'none']);

/** The names the service answers to, and the rules that say which groups trust loopback. */
export interface SameOriginSettings {
  readonly server: { readonly host: string; readonly hosts: readonly string[] };
  readonly access: AccessConfig;
}

/** The names a `Host` header may carry: `server.url`'s, `server.host` (a name), `server.hosts`, `localhost`. */
export function serviceHostNames(
  server: SameOriginSettings['server'],
  serviceURL: string,
): ReadonlySet<string> {
  const names = new Set(['localhost', ...server.hosts]);
  names.add(hostnameOf(new URL(serviceURL).host));
  const { host } = server;
  if (host !== '0.0.0.0' && host !== '::') names.add(hostnameOf(formatHost(host)));
  return names;
}

/** The host of a `Host` header (or URL authority): lower-case, port, brackets and final dot removed. */
export function hostnameOf(authority: string): string {
  const lower = authority.toLowerCase();
  const host = lower.startsWith('[') ? lower.slice(1, lower.indexOf(']')) : lower.split(':', 1)[0]!;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** An address as a socket reports it, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as plain IPv4. */
function plainAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

function refuse(reply: FastifyReply, status: 403 | 421, error: string): void {
  reply.code(status).type('application/json; charset=utf-8').send({ error });
}

/** The `onRequest` hook that refuses other sites' browsers and rebinding pages on loopback trust. */
export function sameOriginGuard(names: ReadonlySet<string>, serviceOrigin: string): onRequestHookHandler {
  return function sameOriginCheck(request, reply, done) {
    const { raw } = request;
    if (!isLoopbackClient(raw)) return done();
    const { host, origin } = raw.headers;
    if (host !== undefined) {
      const hostname = hostnameOf(host);
      if (!names.has(hostname) && hostname !== plainAddress(raw.socket.localAddress)) {
        return refuse(
          reply,
          421,
          `misdirected request: Host "${host}" is not a name of this service (server.url, server.hosts) nor an address it listens on`,
        );
      }
    }
    if (safeMethods.has(request.method)) return done();
    const scheme = (raw.socket as TLSSocket).encrypted ? 'https' : 'http';
    if (origin !== undefined && origin !== serviceOrigin && origin !== `${scheme}://${host}`) {
      return refuse(reply, 403, `cross-site request refused: Origin "${origin}" is not this service`);
    }
    const site = raw.headers['sec-fetch-site'];
    if (typeof site === 'string' && !ownFetchSites.has(site)) {
      return refuse(reply, 403, `cross-site request refused: Sec-Fetch-Site "${site}"`);
    }
    done();
  };
}

/**
 * Puts {@link sameOriginGuard} first on every route of a group whose rule lists `"loopback"`, as the
 * routes are registered; call right after `access.install(app)`, before any area.
 */
export function installSameOriginGuard(
  app: FastifyInstance,
  { access, config, serviceURL }: { access: Access; config: SameOriginSettings; serviceURL: string },
): void {
  const guard = sameOriginGuard(serviceHostNames(config.server, serviceURL), new URL(serviceURL).origin);
  app.addHook('onRoute', (route) => {
    const group = access.groupOf(route.url);
    if (group === undefined || group === 'way-in' || !config.access[group].includes('loopback')) return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [guard, ...existing];
  });
}
