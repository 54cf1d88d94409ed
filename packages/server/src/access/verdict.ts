/**
 * @module access/verdict
 * What one rule says about one request, and how the answers of a rule list ("any of") combine: the
 * first rule that admits the request wins; when none does, a 429/503 (wait and retry) beats a 401
 * (credentials would help), which beats a 403 (the client is known but not allowed).
 */
import type { User } from '@gatehouse/auth';

export type Headers = Record<string, string | string[]>;

export type Verdict =
  | { readonly ok: true; readonly user?: User | null; readonly headers?: Headers }
  | {
      readonly ok: false;
      readonly status: 401 | 403 | 429 | 503;
      readonly message: string;
      readonly headers?: Headers;
    };

export type Refusal = Extract<Verdict, { ok: false }>;

export type MaybePromise<T> = T | Promise<T>;

/** One rule compiled for one group: decides a request, synchronously when it can. */
export type RuleCheck<R> = (request: R) => MaybePromise<Verdict>;

export const admitted: Verdict = Object.freeze({ ok: true });

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/** Merges the headers of refusals (cleared cookies, `WWW-Authenticate`), first value per name. */
function mergedHeaders(refusals: readonly Refusal[]): Headers {
  const merged: Headers = {};
  for (const refusal of refusals) {
    for (const [name, value] of Object.entries(refusal.headers ?? {})) {
      if (name === 'set-cookie') merged[name] = [...[merged[name] ?? []].flat(), ...[value].flat()];
      else merged[name] ??= value;
    }
  }
  return merged;
}

/**
 * The answer when no rule admitted the request. A 403's message is its reason (`not a loopback
 * client`); the combined 403 names every reason: `access denied: not a loopback client; not an admin`.
 */
export function combinedRefusal(refusals: readonly Refusal[]): Refusal {
  const headers = mergedHeaders(refusals);
  const first =
    refusals.find((refusal) => refusal.status === 429 || refusal.status === 503) ??
    refusals.find((refusal) => refusal.status === 401);
  return first
    ? { ok: false, status: first.status, message: first.message, headers }
    : {
        ok: false,
        status: 403,
        message: `access denied: ${refusals.map((r) => r.message).join('; ')}`,
        headers,
      };
}

/** Runs the checks in order until one admits the request; synchronous while every check is. */
export function anyOf<R>(
  checks: readonly RuleCheck<R>[],
  request: R,
  start = 0,
  refusals: Refusal[] = [],
): MaybePromise<Verdict> {
  for (let i = start; i < checks.length; i++) {
    const verdict = checks[i]!(request);
    if (isPromise(verdict)) {
      return verdict.then((settled) => {
        if (settled.ok) return settled;
        refusals.push(settled);
        return anyOf(checks, request, i + 1, refusals);
      });
    }
    if (verdict.ok) return verdict;
    refusals.push(verdict);
  }
  return combinedRefusal(refusals);
}
