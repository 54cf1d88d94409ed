/**
 * @module http/exchange
 * The framework-neutral shape of one HTTP exchange. Every auth route and provider is a function
 * from {@link HttpRequest} to {@link HttpResponse}; the Fastify and Express adapters translate to and
 * from their own objects, so no auth logic depends on either framework.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface HttpRequest {
  /** Upper-case method, e.g. `GET`; for a {@link forwarded} exchange, the original request's method. */
  readonly method: string;
  /** The request target as received: path and query, e.g. `/auth/github/login?site=x`. */
  readonly url: string;
  /** Header names in lower case, as node:http gives them. */
  readonly headers: IncomingHttpHeaders;
  /** The client address as the adapter sees it (after any trusted proxy handling). */
  readonly ip: string;
  /** The raw body, already bounded by the adapter's body limit; absent for body-less requests. */
  readonly body?: Buffer;
  /**
   * True when a reverse proxy asks about another request (forward authentication, nginx
   * `auth_request`): `method` is that request's. Its cookie token then needs the XSRF header only
   * for an unsafe method, since a browser's navigation to the protected application cannot send one.
   */
  readonly forwarded?: boolean;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case; `set-cookie` is an array of serialised cookies. */
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** A handler of one route: pure with respect to the framework. */
export type HttpHandler = (req: HttpRequest) => Promise<HttpResponse>;
