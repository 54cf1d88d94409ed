/**
 * @module providers/telegram/login-requests
 * The pending messenger-bot logins of this process: a random token per login page, confirmed when
 * the bot sees `/start <token>` in a private chat, consumed by the one login that follows. Tokens
 * live ten minutes. Per process: several instances need sticky sessions or one poller with a
 * shared store.
 */
import { randomId } from '../../token/token-service.js';
import type { TelegramChat } from './telegram-api.js';

export const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Pending requests beyond this are refused, so a flood of login pages cannot exhaust memory. */
const MAX_PENDING = 50_000;

export type LookupResult =
  | { state: 'unknown' | 'expired' | 'unconfirmed' }
  | { state: 'confirmed'; chat: TelegramChat };

interface PendingLogin {
  expiresAt: number;
  chat?: TelegramChat;
}

export class LoginRequests {
  readonly #pending = new Map<string, PendingLogin>();
  readonly #now: () => number;
  readonly #ttlMs: number;

  constructor(now: () => number = Date.now, ttlMs = REQUEST_TTL_MS) {
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** A new token, or `undefined` when too many logins are pending. */
  create(): string | undefined {
    if (this.#pending.size >= MAX_PENDING) this.sweep();
    if (this.#pending.size >= MAX_PENDING) return undefined;
    const token = randomId();
    this.#pending.set(token, { expiresAt: this.#now() + this.#ttlMs });
    return token;
  }

  /** Marks `token` confirmed by `chat`; false when unknown, expired or confirmed by someone else. */
  confirm(token: string, chat: TelegramChat): boolean {
    const pending = this.#live(token);
    if (!pending || (pending.chat && pending.chat.id !== chat.id)) return false;
    pending.chat = chat;
    return true;
  }

  /** Where the login of `token` stands; a confirmed one is removed (it logs in once). */
  take(token: string): LookupResult {
    const pending = this.#pending.get(token);
    if (!pending) return { state: 'unknown' };
    if (pending.expiresAt <= this.#now()) {
      this.#pending.delete(token);
      return { state: 'expired' };
    }
    if (!pending.chat) return { state: 'unconfirmed' };
    this.#pending.delete(token);
    return { state: 'confirmed', chat: pending.chat };
  }

  /** Drops requests expired for longer than a lifetime (until then they answer "request expired"). */
  sweep(): void {
    const cutoff = this.#now() - this.#ttlMs;
    for (const [token, pending] of this.#pending)
      if (pending.expiresAt <= cutoff) this.#pending.delete(token);
  }

  get size(): number {
    return this.#pending.size;
  }

  #live(token: string): PendingLogin | undefined {
    const pending = this.#pending.get(token);
    // An expired one stays until taken or swept, so the login page hears "request expired".
    return pending && pending.expiresAt > this.#now() ? pending : undefined;
  }
}
