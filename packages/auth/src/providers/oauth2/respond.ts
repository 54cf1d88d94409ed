/**
 * @module providers/oauth2/respond
 * The two answers a provider builds itself: the 302 to the provider, and a refused callback. A
 * refused callback is answered here rather than thrown, so that the handshake cookie is cleared on
 * every outcome; the body is the service's `{"error": "..."}` shape from http/respond.
 */
import { AuthError } from '../../errors.js';
import type { HttpResponse } from '../../http/exchange.js';
import { errorResponse } from '../../http/respond.js';
import type { Logger } from '../../logger/logger.js';

export function redirectTo(location: string, setCookie: string[]): HttpResponse {
  return {
    status: 302,
    headers: { location, 'set-cookie': setCookie, 'cache-control': 'no-store' },
  };
}

/** Logs why (with the cause, never shown to the client) and answers the code's status and message. */
export function refusal(err: unknown, setCookie: string[], logger: Logger, where: string): HttpResponse {
  const authErr = err instanceof AuthError ? err : new AuthError('ERR_INTERNAL', undefined, { cause: err });
  logger.logf('[WARN] %s: %s (%s)%s', where, authErr.message, authErr.code, describeCause(authErr.cause));
  return errorResponse(authErr, { 'set-cookie': setCookie, 'cache-control': 'no-store' });
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return `: ${cause.message}`;
  return cause === undefined ? '' : `: ${String(cause)}`;
}
