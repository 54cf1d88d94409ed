/**
 * @module providers/oauth2/login-params
 * The query of `GET <mount>/<name>/login`: `site` (legacy, wins) or `aud`, `from`, `session`/`sess`
 * (read as on every provider: see `session-flag.ts`) and `noava=1`. A foreign `from` or a refused
 * audience fails here, before the browser is sent anywhere.
 */
import { AuthError } from '../../errors.js';
import type { HttpRequest } from '../../http/exchange.js';
import type { ProviderContext } from '../provider.js';
import { flagIsOn } from '../session-flag.js';

export interface LoginParams {
  aud: string;
  from?: string;
  sessionOnly: boolean;
  noAvatar: boolean;
}

export function readLoginParams(ctx: ProviderContext, req: HttpRequest): LoginParams {
  const q = new URL(req.url, 'http://request.invalid').searchParams;
  const aud = q.get('site') || q.get('aud') || '';
  const from = q.get('from') || undefined;
  if (from !== undefined && !ctx.isAllowedRedirect(from)) {
    throw new AuthError('ERR_REDIRECT_NOT_ALLOWED');
  }
  if (aud !== '' && !ctx.isAllowedAudience(aud)) {
    throw new AuthError('ERR_LOGIN_AUDIENCE_REJECTED');
  }
  return {
    aud,
    from,
    sessionOnly: flagIsOn(q.get('session') || q.get('sess')),
    noAvatar: q.get('noava') === '1',
  };
}

/** The callback's parameters: the query, or for a form_post callback the urlencoded body. */
export function readCallbackParams(req: HttpRequest): URLSearchParams {
  if (req.method === 'POST') {
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      throw new AuthError('ERR_UNSUPPORTED_MEDIA_TYPE');
    }
    return new URLSearchParams(req.body?.toString('utf8') ?? '');
  }
  return new URL(req.url, 'http://request.invalid').searchParams;
}
