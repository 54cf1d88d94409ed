/**
 * @module adapters/express
 * Express/Connect (any node:http app): a router middleware for the auth and avatar routes, and the
 * guard middlewares. The user goes to `req.user`; {@link getUser} reads it typed. The router reads
 * the raw body itself (bounded by `bodyLimit`) unless a body parser already did.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError } from '../errors.js';
import { pathOf, readBounded } from '../http/body.js';
import type { HttpRequest } from '../http/exchange.js';
import { errorResponse, secured } from '../http/respond.js';
import { isPromise } from '../internal/maybe-promise.js';
import type { GuardMode, GuardOutcome } from '../middleware/guard.js';
import type { UserUpdater } from '../options.js';
import type { User } from '../token/user.js';
import type { AdaptedService } from './adapted-service.js';
import { addNodeHeaders, fromNode, writeNode } from './node-io.js';

type NodeRequest = IncomingMessage & {
  originalUrl?: string;
  ip?: string;
  body?: unknown;
  user?: User | null;
};
export type ConnectMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

export interface ExpressAuth {
  /** Serves `<mountPath>/...` and, with an avatar proxy, `<avatarRoutePath>/...`; passes anything else on. */
  router(): ConnectMiddleware;
  /** Requires a user (401 otherwise). */
  auth(): ConnectMiddleware;
  /** Requires an administrator (401 without a user, 403 otherwise). */
  admin(): ConnectMiddleware;
  /** Adds the user when there is one; never refuses. */
  trace(): ConnectMiddleware;
  /** Requires one of the roles (case-insensitive). */
  rbac(...roles: string[]): ConnectMiddleware;
  /** Replaces `req.user` with the updater's answer (default: the `userUpdater` option). Put it after a guard. */
  updateUser(updater?: UserUpdater): ConnectMiddleware;
}

/** The user a guard put on the request, or `null`. */
export function getUser(req: IncomingMessage): User | null {
  return (req as NodeRequest).user ?? null;
}

/** The body as bytes: what a body parser left, re-encoded, or read from the stream. */
async function rawBody(req: NodeRequest, limit: number): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(req.body)) return req.body;
  if (typeof req.body === 'string') return Buffer.from(req.body);
  if (req.body && typeof req.body === 'object' && req.readableEnded) {
    const type = req.headers['content-type'] ?? '';
    const fields = req.body as Record<string, string>;
    return Buffer.from(
      type.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    );
  }
  if (req.method === 'GET' || req.method === 'HEAD' || req.readableEnded) return undefined;
  return readBounded(req, limit, req.headers['content-length']);
}

export function createExpressAuth(service: AdaptedService): ExpressAuth {
  const { mountPath, avatarRoutePath, bodyLimit } = service.options;

  function isAvatarPath(path: string): boolean {
    return service.avatarHandler !== undefined && path.startsWith(`${avatarRoutePath}/`);
  }

  async function serve(
    req: NodeRequest,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): Promise<void> {
    const path = pathOf(fromNode(req));
    if (isAvatarPath(path)) return writeNode(res, secured(await service.avatarHandler!(fromNode(req))));
    if (path !== mountPath && !path.startsWith(mountPath === '/' ? '/' : `${mountPath}/`)) return next();
    let request: HttpRequest;
    try {
      request = fromNode(req, await rawBody(req, bodyLimit));
    } catch (error) {
      const refusal = error instanceof AuthError ? error : new AuthError('ERR_BAD_REQUEST');
      // The client may still be sending: the connection is not kept for another request.
      return writeNode(res, secured(errorResponse(refusal, { connection: 'close' })));
    }
    const response = await service.handle(request);
    return response ? writeNode(res, response) : next();
  }

  function guarded(mode: GuardMode): ConnectMiddleware {
    return (req, res, next) => {
      const apply = (outcome: GuardOutcome): void => {
        if (!outcome.ok) {
          writeNode(res, outcome.response);
          return;
        }
        if (outcome.headers['set-cookie']) addNodeHeaders(res, outcome.headers);
        (req as NodeRequest).user = outcome.user;
        next();
      };
      const outcome = service.guardNow(mode, fromNode(req));
      if (isPromise(outcome)) outcome.then(apply, next);
      else apply(outcome);
    };
  }

  return {
    router: () => (req, res, next) => void serve(req as NodeRequest, res, next).catch(next),
    auth: () => guarded('auth'),
    admin: () => guarded('admin'),
    trace: () => guarded('trace'),
    rbac: (...roles) => guarded({ roles }),
    updateUser: (updater) => (req, _res, next) => {
      service.updateUser(getUser(req), updater).then((user) => {
        (req as NodeRequest).user = user;
        next();
      }, next);
    },
  };
}
