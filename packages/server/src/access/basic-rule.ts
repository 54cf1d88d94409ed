/**
 * @module access/basic-rule
 * The `basic` rule: HTTP basic auth with a user of the credentials file, for scripts and clients
 * that cannot log in (pypuppetdb, curl -u). A password check is a deliberately slow scrypt, so a
 * successful check is remembered for a minute under a SHA-256 of the exact credentials (never the
 * password itself); a changed or removed user stops working when that entry expires. Failed checks
 * go through the login throttle like every other credential check.
 */
import { createHash } from 'node:crypto';
import { AuthError, hashId, type User } from '@gatehouse/auth';
import type { FastifyRequest } from 'fastify';
import type { MaybePromise, Verdict } from './verdict.js';

/** Checks a name and password; rejects with an AuthError (429/503) when throttled or busy. */
export type PasswordCheck = (name: string, password: string, ip: string) => Promise<boolean>;

const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 10_000;

const challenge = { 'www-authenticate': 'Basic realm="gatehouse", charset="UTF-8"' };

/** The name and password of an `Authorization: Basic` header, or `undefined`. */
export function basicCredentials(header: string | undefined): { name: string; password: string } | undefined {
  if (header?.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function basicRule(
  check: PasswordCheck,
  providerName: string,
  now: () => number = Date.now,
): (request: FastifyRequest) => MaybePromise<Verdict> {
  const remembered = new Map<string, { user: User; until: number }>();
  const refused: Verdict = { ok: false, status: 401, message: 'not authorized', headers: challenge };

  function remember(key: string, user: User): void {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, { user, until: now() + REMEMBER_MS });
  }

  async function verify(key: string, name: string, password: string, ip: string): Promise<Verdict> {
    let ok: boolean;
    try {
      ok = await check(name, password, ip);
    } catch (error) {
      if (error instanceof AuthError && (error.status === 429 || error.status === 503)) {
        const wait = error.retryAfterSeconds;
        return {
          ok: false,
          status: error.status,
          message: error.message,
          ...(wait === undefined ? {} : { headers: { 'retry-after': String(wait) } }),
        };
      }
      throw error;
    }
    if (!ok) return refused;
    const user: User = { name, id: `${providerName}_${hashId(name)}` };
    remember(key, user);
    return { ok: true, user: { ...user } };
  }

  return (request) => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) return refused;
    const key = createHash('sha256').update(`${credentials.name}\0${credentials.password}`).digest('hex');
    const known = remembered.get(key);
    if (known && known.until > now()) return { ok: true, user: { ...known.user } };
    return verify(key, credentials.name, credentials.password, request.ip);
  };
}
