/**
 * @module areas/forward-auth/original-request
 * What a reverse proxy says about the request it is asking about: its method (`X-Forwarded-Method`,
 * `X-Original-Method`) and its URL (`X-Original-URL`, else `X-Forwarded-Proto` + `X-Forwarded-Host` +
 * `X-Forwarded-Uri`). Believed only when the TCP peer is one of `forwardAuth.trustedProxies`: any
 * client can send these headers, and oauth2-proxy's trust-everyone default is what we rule out.
 * Nothing here is read from the headers otherwise; a value that does not parse counts as absent.
 */
import type { Socket } from 'node:net';
import type { AddressCheck } from '@gatehouse/webhooks';
import type { FastifyRequest } from 'fastify';

export interface OriginalRequest {
  /** True when the peer is a trusted proxy, so the fields below could be read. */
  readonly trusted: boolean;
  /** The original method, upper case, when a trusted proxy reported one. */
  readonly method: string | undefined;
  /**
   * The original absolute URL, when a trusted proxy reported one. Parsed when first read: most
   * answers (a 202 without applications chosen by host) never need it.
   */
  readonly url: URL | undefined;
}

/** The first value of a header (a chain of proxies makes `a, b` lists: the first is the client's). */
function first(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  const head = text?.split(',')[0]?.trim();
  return head ? head : undefined;
}

function methodOf(request: FastifyRequest): string | undefined {
  const method = first(request, 'x-forwarded-method') ?? first(request, 'x-original-method');
  return method && /^[A-Za-z]{1,20}$/.test(method) ? method.toUpperCase() : undefined;
}

function absolute(text: string): URL | undefined {
  // One parse: URL.parse answers null where `new URL` would throw.
  const url = URL.parse(text);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : undefined;
}

/**
 * `X-Forwarded-*` first: Caddy and Traefik set them whatever the client sent, while
 * `X-Original-URL` is only as good as a proxy config that sets it (a client may send its own).
 */
function urlOf(request: FastifyRequest): URL | undefined {
  const host = first(request, 'x-forwarded-host');
  if (host) {
    const proto = first(request, 'x-forwarded-proto')?.toLowerCase() ?? 'http';
    // The whole value, not first(): a URI may contain commas.
    const uri = request.headers['x-forwarded-uri'];
    const path = typeof uri === 'string' && uri.startsWith('/') && !uri.startsWith('//') ? uri : '/';
    return proto === 'http' || proto === 'https' ? absolute(`${proto}://${host}${path}`) : undefined;
  }
  const original = request.headers['x-original-url'];
  return typeof original === 'string' ? absolute(original.trim()) : undefined;
}

const untrusted: OriginalRequest = Object.freeze({ trusted: false, method: undefined, url: undefined });

class ReportedRequest implements OriginalRequest {
  readonly trusted = true;
  readonly method: string | undefined;
  readonly #request: FastifyRequest;
  /** `null` until parsed. */
  #url: URL | undefined | null = null;

  constructor(request: FastifyRequest) {
    this.#request = request;
    this.method = methodOf(request);
  }

  get url(): URL | undefined {
    if (this.#url === null) this.#url = urlOf(this.#request);
    return this.#url;
  }
}

export function trustedPeers(isTrustedProxy: AddressCheck): (socket: Socket) => boolean {
  const known = new WeakMap<Socket, boolean>();
  return (socket) => {
    let trusted = known.get(socket);
    if (trusted === undefined) {
      trusted = isTrustedProxy(socket.remoteAddress);
      known.set(socket, trusted);
    }
    return trusted;
  };
}

/** Reads the original request from a trusted proxy's headers; `{ trusted: false }` from anyone else. */
export function originalRequest(
  request: FastifyRequest,
  isTrustedPeer: (socket: Socket) => boolean,
): OriginalRequest {
  return isTrustedPeer(request.raw.socket) ? new ReportedRequest(request) : untrusted;
}
