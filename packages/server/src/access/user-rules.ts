/**
 * @module access/user-rules
 * The user rules (`authenticated`, `admin`, `roles`) as the guard modes of `@gatehouse/auth`
 * (auth, admin, rbac), so tokens, XSRF, refresh, revocation and basic auth for the admin behave
 * exactly as in the library's own middleware. The library's refusal (status, message, cleared
 * cookies) becomes a {@link Verdict}; the group's format decides how it is written.
 */
import type { ForwardedRequest, GuardMode, GuardOutcome, Service } from '@gatehouse/auth';
import type { FastifyRequest } from 'fastify';
import { isPromise, type MaybePromise, type Verdict } from './verdict.js';

/** The `error` of a library refusal body, `not authorized` when it has none. */
function refusalMessage(body: string | Buffer | undefined): string {
  try {
    const parsed = JSON.parse(String(body)) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // an errorHandler may answer in any format; the status still says what happened
  }
  return 'not authorized';
}

/** Why a known user was refused, in the words of a combined 403. */
function reasonOf(mode: GuardMode): string {
  if (mode === 'admin') return 'not an admin';
  if (typeof mode === 'object') return `no role of ${mode.roles.join(', ')}`;
  return 'not allowed';
}

function toVerdict(mode: GuardMode, outcome: GuardOutcome): Verdict {
  if (outcome.ok) return { ok: true, user: outcome.user, headers: outcome.headers };
  const { status, headers, body } = outcome.response;
  const kept = headers['set-cookie'] ? { 'set-cookie': headers['set-cookie'] } : undefined;
  const retry = headers['retry-after'];
  const extra = { ...kept, ...(typeof retry === 'string' ? { 'retry-after': retry } : {}) };
  const known = status === 403 || status === 429 || status === 503 ? status : 401;
  return {
    ok: false,
    status: known,
    message: known === 403 ? reasonOf(mode) : refusalMessage(body),
    ...(Object.keys(extra).length > 0 ? { headers: extra } : {}),
  };
}

/**
 * A check running one guard mode of the auth Service; with `forwarded`, over the request a reverse
 * proxy asks about (forward authentication: XSRF only for its unsafe methods).
 */
export function userRule(
  auth: Service,
  mode: GuardMode,
): (request: FastifyRequest, forwarded?: ForwardedRequest) => MaybePromise<Verdict> {
  return (request, forwarded) => {
    const outcome = auth.fastify.outcome(mode, request, forwarded);
    return isPromise(outcome)
      ? outcome.then((settled) => toVerdict(mode, settled))
      : toVerdict(mode, outcome);
  };
}
