/**
 * @module avatar/handler
 * `GET <routePath>/<avatar_id>.image`. The id is checked against the exact id shape before the
 * store is asked (so `../` and encoded tricks never reach a path), the Content-Type comes from the
 * stored bytes' magic number (so nothing is ever served as HTML or SVG), and every answer carries a
 * CSP that forbids scripts and framing. The ETag is the store's fingerprint: a browser revalidating
 * gets a 304 without the bytes being read.
 */
import type { HttpHandler, HttpRequest, HttpResponse } from '../http/exchange.js';
import type { Logger } from '../logger/logger.js';
import { isAvatarId } from './id.js';
import { sniffImageType } from './sniff.js';
import type { AvatarStore } from './types.js';

/** Seven days: an avatar link changes content only at the user's next login, and the ETag revalidates. */
export const AVATAR_CACHE_CONTROL = 'max-age=604800';

const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline; filename="avatar"',
});

function jsonError(status: number, error: string, extra: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', ...extra },
    body: JSON.stringify({ error }),
  };
}

/** True when an `If-None-Match` header value (a list, weak tags, or `*`) matches `etag`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** The last path element of `url` when the path is `<routePath>/<element>`, else undefined. */
function requestedElement(url: string, routePath: string): string | undefined {
  const path = url.split('?', 1)[0]!;
  const prefix = `${routePath}/`;
  if (!path.startsWith(prefix)) return undefined;
  return path.slice(prefix.length);
}

export interface AvatarHandlerOptions {
  store: AvatarStore;
  /** Route prefix without a trailing slash, e.g. `/avatar`. */
  routePath: string;
  logger: Logger;
}

/** The avatar route as a framework-neutral handler (the Fastify and Express adapters mount it). */
export function createAvatarHandler({ store, routePath, logger }: AvatarHandlerOptions): HttpHandler {
  return async (req: HttpRequest): Promise<HttpResponse> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return jsonError(405, 'method not allowed', { allow: 'GET, HEAD' });
    }
    const avatarId = requestedElement(req.url, routePath);
    if (avatarId === undefined || !isAvatarId(avatarId)) return jsonError(400, 'invalid avatar id');
    try {
      const fingerprint = await store.fingerprint(avatarId);
      if (fingerprint === undefined) return jsonError(404, 'avatar not found');
      const etag = `"${fingerprint}"`;
      const cacheHeaders = { etag, 'cache-control': AVATAR_CACHE_CONTROL };
      if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
        return { status: 304, headers: { ...SECURITY_HEADERS, ...cacheHeaders } };
      }
      const data = await store.get(avatarId);
      if (data === undefined) return jsonError(404, 'avatar not found');
      const contentType = sniffImageType(data);
      if (!contentType) {
        logger.logf('[WARN] avatar %s in the store is not an allowed image; refusing to serve it', avatarId);
        return jsonError(415, 'invalid avatar content');
      }
      return {
        status: 200,
        headers: {
          ...SECURITY_HEADERS,
          ...cacheHeaders,
          'content-type': contentType,
          'content-length': String(data.length),
        },
        body: req.method === 'HEAD' ? undefined : data,
      };
    } catch (err) {
      logger.logf(
        '[ERROR] avatar %s could not be read: %s',
        avatarId,
        err instanceof Error ? err.message : err,
      );
      return jsonError(500, "can't load avatar");
    }
  };
}
