/**
 * @module throttle/login-throttle
 * Slows down password guessing on every way in that checks a credential (the direct provider, basic
 * auth, the verified provider's requests): failures are counted per account and per client address
 * in the {@link StateStore}; past a few free ones, each further failure blocks that account or
 * address for a delay that doubles (1 s, 2 s, 4 s ... up to 15 min). A blocked attempt is refused
 * before any password is checked, with 429 and `Retry-After`, whatever the password: the answer
 * never tells a right password from a wrong one. Counters expire an hour after their first failure.
 * IPv6 clients are counted per /64, the block one host usually has. A success clears the account's
 * count (not the address's: one valid account must not reset the guessing budget of an address).
 *
 * Every password check goes through {@link LoginThrottle.attempt}, which holds the one counting
 * rule: a blocked attempt is refused before `verify` runs; a truthy answer is a success; a falsy
 * answer, or a thrown refusal of the credential (`ERR_BAD_CREDENTIALS`, `ERR_BASIC_AUTH_REJECTED`),
 * is a failure; any other error counts nothing, since no credential was judged.
 */
import { createHash } from 'node:crypto';
import { AuthError } from '../errors.js';
import type { StateStore } from '../state/state-store.js';

export interface ThrottleOptions {
  /** Failures per account before delays start. Default 5. */
  freeAttemptsPerAccount?: number;
  /** Failures per client address before delays start. Default 20. */
  freeAttemptsPerAddress?: number;
  /** The first delay, ms; each further failure doubles it. Default 1000. */
  baseDelayMs?: number;
  /** The longest delay, ms. Default 15 minutes. */
  maxDelayMs?: number;
  /** How long failures are counted, from the first one, ms. Default 1 hour. */
  windowMs?: number;
}

export const throttleDefaults = {
  freeAttemptsPerAccount: 5,
  freeAttemptsPerAddress: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 60 * 60_000,
} as const satisfies Required<ThrottleOptions>;

/** The errors a verifier throws when it refuses the credential itself: each counts as a failure. */
const credentialRefusals: ReadonlySet<string> = new Set(['ERR_BAD_CREDENTIALS', 'ERR_BASIC_AUTH_REJECTED']);

/** The part of a client address that counts: IPv4 as is, IPv6 by its /64. */
export function addressKey(address: string): string {
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}

export class LoginThrottle {
  readonly #store: StateStore;
  readonly #o: Required<ThrottleOptions>;
  readonly #now: () => number;

  constructor(store: StateStore, options: ThrottleOptions = {}, now: () => number = Date.now) {
    this.#store = store;
    this.#o = { ...throttleDefaults, ...options };
    this.#now = now;
    for (const [name, value] of Object.entries(this.#o)) {
      if (!Number.isFinite(value) || value < 0) {
        throw new TypeError(`@gatehouse/auth: throttle.${name} must be a number >= 0, got ${value}`);
      }
    }
  }

  /**
   * One login attempt of `account` from `address`: refused with `ERR_TOO_MANY_ATTEMPTS` while either
   * is blocked, else `verify` runs and its outcome is counted by the rule above. Returns what
   * `verify` returned (rethrows what it threw).
   */
  async attempt<T>(account: string, address: string, verify: () => T | Promise<T>): Promise<T> {
    await this.check(account, address);
    let verdict: T;
    try {
      verdict = await verify();
    } catch (error) {
      if (error instanceof AuthError && credentialRefusals.has(error.code))
        await this.failed(account, address);
      throw error;
    }
    await (verdict ? this.succeeded(account) : this.failed(account, address));
    return verdict;
  }

  /** Throws `ERR_TOO_MANY_ATTEMPTS` (429, Retry-After) while the account or the address is blocked. */
  async check(account: string, address: string): Promise<void> {
    const [accountUntil, addressUntil] = await Promise.all([
      this.#store.get(this.#key('account', account, 'until')),
      this.#store.get(this.#key('address', address, 'until')),
    ]);
    const until = Math.max(Number(accountUntil ?? 0), Number(addressUntil ?? 0));
    const waitMs = until - this.#now();
    if (waitMs > 0) {
      throw new AuthError('ERR_TOO_MANY_ATTEMPTS', undefined, {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      });
    }
  }

  /** Counts a failed attempt; past the free ones, blocks for a doubling delay. */
  async failed(account: string, address: string): Promise<void> {
    await Promise.all([
      this.#count('account', account, this.#o.freeAttemptsPerAccount),
      this.#count('address', address, this.#o.freeAttemptsPerAddress),
    ]);
  }

  /** Clears the account's failures after a successful check. */
  async succeeded(account: string): Promise<void> {
    await this.#store.delete(this.#key('account', account, 'failures'));
  }

  async #count(kind: 'account' | 'address', who: string, free: number): Promise<void> {
    const failures = await this.#store.increment(this.#key(kind, who, 'failures'), this.#o.windowMs);
    if (failures <= free) return;
    const delay = Math.min(this.#o.maxDelayMs, this.#o.baseDelayMs * 2 ** Math.min(failures - free - 1, 30));
    await this.#store.set(this.#key(kind, who, 'until'), String(this.#now() + delay), delay);
  }

  #key(kind: 'account' | 'address', who: string, what: 'failures' | 'until'): string {
    const id = kind === 'account' ? digest(who.toLowerCase()) : addressKey(who);
    return `auth:throttle:${kind}:${id}:${what}`;
  }
}
