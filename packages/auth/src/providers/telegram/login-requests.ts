/**
 * @module providers/telegram/login-requests
 * The pending messenger-bot logins, in the service's shared state store: a random token per login
 * page, confirmed when a bot poller sees `/start <token>` in a private chat, consumed by the one
 * login that follows. With several instances sharing the store, the login page, the confirmation
 * and the login may each reach a different instance. Tokens live ten minutes; an expired one is kept
 * for another lifetime so the page hears "request expired" rather than "not found", then the store
 * drops it. At most 50,000 logins are created per lifetime (a counter in the store, across
 * instances), so a flood of login pages cannot fill the store that revocations also need.
 */
import type { StateStore } from '../../state/state-store.js';
import { randomId } from '../../token/token-service.js';
import type { TelegramChat } from './telegram-api.js';

export const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Logins created per lifetime beyond this are refused. */
const MAX_PENDING = 50_000;

export type LookupResult =
  | { state: 'unknown' | 'expired' | 'unconfirmed' }
  | { state: 'confirmed'; chat: TelegramChat };

/** What the store holds per token. */
interface PendingLogin {
  expiresAt: number;
  chat?: TelegramChat;
}

export class LoginRequests {
  readonly #store: StateStore;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #ttlMs: number;

  /** `provider` keeps the keys of two bot providers of one service apart. */
  constructor(store: StateStore, provider: string, now: () => number = Date.now, ttlMs = REQUEST_TTL_MS) {
    this.#store = store;
    this.#prefix = `auth:bot-login:${provider}:`;
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** A new token, or `undefined` when too many logins were created in this lifetime. */
  async create(): Promise<string | undefined> {
    if ((await this.#store.increment(`${this.#prefix}created`, this.#ttlMs)) > MAX_PENDING) return undefined;
    const token = randomId();
    await this.#write(token, { expiresAt: this.#now() + this.#ttlMs });
    return token;
  }

  /** Marks `token` confirmed by `chat`; false when unknown, expired or confirmed by someone else. */
  async confirm(token: string, chat: TelegramChat): Promise<boolean> {
    const pending = await this.#read(token);
    if (!pending || pending.expiresAt <= this.#now()) return false;
    if (pending.chat && pending.chat.id !== chat.id) return false;
    await this.#write(token, { ...pending, chat });
    return true;
  }

  /** Where the login of `token` stands; a confirmed one is consumed (it logs in once, on one instance). */
  async take(token: string): Promise<LookupResult> {
    const pending = await this.#read(token);
    if (!pending) return { state: 'unknown' };
    if (pending.expiresAt <= this.#now()) return { state: 'expired' };
    if (!pending.chat) return { state: 'unconfirmed' };
    // Two instances taking at once: the one-time marker gives one of them the login.
    const first = await this.#store.setIfAbsent(`${this.#prefix}${token}:taken`, '1', 2 * this.#ttlMs);
    if (!first) return { state: 'unknown' };
    await this.#store.delete(this.#prefix + token);
    return { state: 'confirmed', chat: pending.chat };
  }

  async #read(token: string): Promise<PendingLogin | undefined> {
    const text = await this.#store.get(this.#prefix + token);
    return text === undefined ? undefined : (JSON.parse(text) as PendingLogin);
  }

  /** Kept a lifetime past its expiry (see the module comment). */
  #write(token: string, pending: PendingLogin): Promise<void> {
    const ttl = pending.expiresAt - this.#now() + this.#ttlMs;
    return this.#store.set(this.#prefix + token, JSON.stringify(pending), ttl);
  }
}
