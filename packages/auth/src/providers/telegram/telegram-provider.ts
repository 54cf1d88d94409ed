/**
 * @module providers/telegram/telegram-provider
 * The messenger-bot provider (Telegram):
 *
 * 1. `GET <mount>/<name>/login` answers `{"bot": "<bot username>", "token": "<40 hex>"}`;
 * 2. the user opens `https://t.me/<bot>?start=<token>` (or `tg://resolve?domain=<bot>&start=<token>`)
 *    and presses Start; the bot, polling `getUpdates`, sees `/start <token>` in a private chat and
 *    marks the token confirmed, answering SuccessMsg (ErrorMsg for an unknown or expired token);
 * 3. `GET <mount>/<name>/login?token=<token>[&site=&session=1&from=]` is 404 until then, and once
 *    confirmed logs the user in through the service (cookies, claims updater, audience, avatar).
 *
 * Tokens live ten minutes and log in once. Pending logins live in the service's state store
 * ({@link LoginRequests}), so behind a load balancer each step may reach another instance. Unlike
 * the reference, the session token is an ordinary one (service issuer, duration, session flag). The
 * bot token stays inside the {@link TelegramAPI}.
 */
import { AuthError, requireMethod } from '../../errors.js';
import type { HttpRequest, HttpResponse } from '../../http/exchange.js';
import { json } from '../../http/respond.js';
import type { Logger } from '../../logger/logger.js';
import { hashId, type User } from '../../token/user.js';
import type { Provider, ProviderContext } from '../provider.js';
import { flagIsOn } from '../session-flag.js';
import { cleanField } from '../verify/input.js';
import { LoginRequests } from './login-requests.js';
import type { TelegramAPI, TelegramChat, TelegramUpdate } from './telegram-api.js';

export interface TelegramProviderOptions {
  /** Route name; default `telegram`. */
  providerName?: string;
  /** The Bot API, e.g. `new HttpTelegramAPI({ token: process.env.TELEGRAM_TOKEN })`. */
  telegram: TelegramAPI;
  /** Sent to the chat after a successful confirmation. */
  successMsg?: string;
  /** Sent to the chat for an unknown, expired or foreign token. */
  errorMsg?: string;
  /** Default: the service's logger. */
  logger?: Logger;
  /** Poll `getUpdates` from `attach` until `close` (default true); false when updates arrive by {@link TelegramProvider.processUpdate}. */
  poll?: boolean;
  /** Pause after a failed poll; default 5000 ms. */
  retryDelayMs?: number;
  /** Pause after an empty poll (long polling makes those rare); default 1000 ms. */
  idleDelayMs?: number;
  /** Clock of the pending requests; default Date.now. */
  now?: () => number;
}

export const DEFAULT_SUCCESS_MSG = '✅ You are logged in. You can return to the web page now.';
export const DEFAULT_ERROR_MSG =
  '❌ This login link is invalid or has expired. Please start the login again.';
/** A public, token-free picture for users without an avatar proxy: the Telegram logo. */
const FALLBACK_PICTURE = 'https://telegram.org/img/t_logo.png';
const TOKEN_SHAPE = /^[0-9a-f]{40}$/;

export class TelegramProvider implements Provider {
  readonly name: string;
  readonly #api: TelegramAPI;
  readonly #o: TelegramProviderOptions;
  #requests: LoginRequests | undefined;
  readonly #now: () => number;
  #ctx: ProviderContext | undefined;
  #bot: string | undefined;
  #stop: AbortController | undefined;
  #loop: Promise<void> | undefined;

  constructor(options: TelegramProviderOptions) {
    if (!options?.telegram)
      throw new TypeError('@gatehouse/auth: the telegram provider needs a Telegram API');
    this.name = options.providerName ?? 'telegram';
    this.#api = options.telegram;
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  attach(ctx: ProviderContext): void {
    this.#ctx = ctx;
    if (this.#o.poll !== false && !this.#loop) {
      this.#stop = new AbortController();
      this.#loop = this.#pollLoop(this.#stop.signal);
    }
  }

  async login(req: HttpRequest): Promise<HttpResponse> {
    requireMethod(req.method, ['GET']);
    const ctx = this.#context();
    const query = new URL(req.url, 'http://request.invalid').searchParams;
    const token = query.get('token');
    const aud = query.get('site') || query.get('aud') || '';
    // Checked before the confirmation is taken, so a wrong site does not use it up.
    if ((token || aud) && !ctx.isAllowedAudience(aud)) throw new AuthError('ERR_LOGIN_AUDIENCE_REJECTED');
    const from = query.get('from') || undefined;
    if (from !== undefined && !ctx.isAllowedRedirect(from)) throw new AuthError('ERR_REDIRECT_NOT_ALLOWED');
    if (!token) return this.#start();
    const chat = await this.#confirmedChat(token);
    const session = query.get('session') ?? query.get('sess');
    return ctx.completeLogin(this.#userOf(chat), {
      aud,
      sessionOnly: flagIsOn(session),
      provider: this.name,
      ...(from ? { from } : {}),
      fetchPicture: this.#pictureOf(chat),
    });
  }

  /** Fetches one batch of updates and handles them; returns how many there were. */
  async pollOnce(signal?: AbortSignal): Promise<number> {
    const updates = await this.#api.getUpdates(signal);
    for (const update of updates) await this.processUpdate(update);
    return updates.length;
  }

  /** Handles one update (from polling or a webhook): `/start <token>` in a private chat confirms it. */
  async processUpdate(update: TelegramUpdate): Promise<void> {
    const message = update?.message;
    if (message?.chat?.type !== 'private' || typeof message.text !== 'string') return;
    const start = /^\/start\s+(\S+)\s*$/.exec(message.text);
    if (!start) return;
    const confirmed = TOKEN_SHAPE.test(start[1]!) && (await this.#pending().confirm(start[1]!, message.chat));
    if (!confirmed) this.#logger().logf('[INFO] %s: unknown or expired login token from a chat', this.name);
    await this.#reply(message.chat.id, confirmed ? this.#o.successMsg : this.#o.errorMsg, confirmed);
  }

  async close(): Promise<void> {
    this.#stop?.abort();
    await this.#loop;
    this.#loop = undefined;
  }

  async #start(): Promise<HttpResponse> {
    const bot = await this.#botName();
    const token = await this.#pending().create();
    if (!token) {
      this.#logger().logf('[WARN] %s: too many pending logins', this.name);
      throw new AuthError('ERR_PROVIDER_UNAVAILABLE', 'too many pending logins, try again later');
    }
    return json(200, { bot, token });
  }

  async #confirmedChat(token: string): Promise<TelegramChat> {
    const found = TOKEN_SHAPE.test(token) ? await this.#pending().take(token) : { state: 'unknown' as const };
    switch (found.state) {
      case 'confirmed':
        return found.chat;
      case 'expired':
        throw new AuthError('ERR_NOT_FOUND', 'request expired');
      case 'unconfirmed':
        throw new AuthError('ERR_NOT_FOUND', 'request is not verified yet');
      default:
        throw new AuthError('ERR_NOT_FOUND', 'request is not found');
    }
  }

  #userOf(chat: TelegramChat): User {
    const name = cleanField(chat.first_name) || cleanField(chat.username) || 'telegram user';
    return {
      name,
      id: `${this.name}_${hashId(String(chat.id))}`,
      picture: chat.username
        ? `https://t.me/i/userpic/320/${encodeURIComponent(chat.username)}.jpg`
        : FALLBACK_PICTURE,
    };
  }

  /**
   * The avatar proxy's download of the picture, answered with the bot API's copy of the profile
   * photo (404 when there is none, so the proxy makes an identicon). Only runs with a proxy.
   */
  #pictureOf(chat: TelegramChat): typeof fetch {
    const api = this.#api;
    const download = async (): Promise<Response> => {
      const bytes = await api.avatar(chat.id);
      return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
    };
    return download as unknown as typeof fetch;
  }

  async #botName(): Promise<string> {
    if (this.#bot) return this.#bot;
    try {
      this.#bot = (await this.#api.botInfo()).username;
      return this.#bot;
    } catch (cause) {
      this.#logger().logf('[ERROR] %s: bot info unavailable: %s', this.name, describe(cause));
      throw new AuthError('ERR_PROVIDER_UNAVAILABLE', undefined, { cause });
    }
  }

  async #reply(chatId: number, text: string | undefined, success: boolean): Promise<void> {
    const message = text ?? (success ? DEFAULT_SUCCESS_MSG : DEFAULT_ERROR_MSG);
    try {
      await this.#api.send(chatId, message);
    } catch (cause) {
      this.#logger().logf('[WARN] %s: reply not sent: %s', this.name, describe(cause));
    }
  }

  /** A wrong bot token shows up at once as a logged 401 of getUpdates. */
  async #pollLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let pause: number;
      try {
        pause = (await this.pollOnce(signal)) > 0 ? 0 : (this.#o.idleDelayMs ?? 1000);
      } catch (cause) {
        if (signal.aborted) break;
        this.#logger().logf('[WARN] %s: polling failed: %s', this.name, describe(cause));
        pause = this.#o.retryDelayMs ?? 5000;
      }
      if (pause > 0) await sleep(pause, signal);
    }
  }

  #logger(): Logger {
    return this.#o.logger ?? this.#context().logger;
  }

  /** The pending logins, in the state store of the service the provider is attached to. */
  #pending(): LoginRequests {
    this.#requests ??= new LoginRequests(this.#context().stateStore, this.name, this.#now);
    return this.#requests;
  }

  #context(): ProviderContext {
    if (!this.#ctx)
      throw new AuthError('ERR_INTERNAL', undefined, { cause: new Error('provider not attached') });
    return this.#ctx;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
