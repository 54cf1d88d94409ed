/**
 * @module providers/telegram/telegram-api
 * The few Telegram Bot API calls the messenger-bot provider needs, behind an interface so another
 * transport (a webhook, a library) can stand in. The HTTP implementation calls
 * `<baseURL>/bot<token>/<method>` with JSON bodies. The bot token is a password: it appears only
 * in the request URLs, never in an error message, a log line or anything handed to the caller —
 * the avatar is downloaded here and returned as bytes, not as the token-bearing file link.
 */

import { fetchPicture } from '../../avatar/fetch-picture.js';
import { type AvatarFetchLimits, defaultAvatarFetchLimits } from '../../avatar/limits.js';

export interface TelegramChat {
  id: number;
  type: string;
  first_name?: string;
  last_name?: string;
  username?: string;
}

export interface TelegramUpdate {
  update_id: number;
  message?: { chat: TelegramChat; text?: string };
}

export interface TelegramAPI {
  /** The next updates (messages only); each call asks only for updates after those already returned. */
  getUpdates(signal?: AbortSignal): Promise<TelegramUpdate[]>;
  /** Sends a plain-text message to a chat. */
  send(chatId: number, text: string): Promise<void>;
  /** The bot's user name, as in `https://t.me/<username>`. */
  botInfo(): Promise<{ username: string }>;
  /** The bytes of the user's newest profile photo (largest size), or `undefined` when there is none. */
  avatar(userId: number): Promise<Buffer | undefined>;
}

export interface HttpTelegramAPIOptions {
  /** The bot token from @BotFather. */
  token: string;
  /** Default `https://api.telegram.org`; tests point it at a local fake. */
  baseURL?: string;
  /** Seconds `getUpdates` waits for a message before answering empty (long polling). Default 25. */
  longPollSeconds?: number;
  /** Default global fetch. */
  fetch?: typeof fetch;
  /** Bounds on the avatar download; default the avatar proxy's (10 MiB, 10 s). */
  avatarLimits?: Pick<AvatarFetchLimits, 'timeoutMs' | 'maxBytes'>;
}

/** A failed Bot API call: the method and Telegram's description, never the URL (it holds the token). */
export class TelegramAPIError extends Error {
  constructor(method: string, detail: string, options?: { cause?: unknown }) {
    super(`telegram ${method}: ${detail}`, options);
    this.name = 'TelegramAPIError';
  }
}

interface Envelope<T> {
  ok?: boolean;
  result?: T;
  description?: string;
}

interface PhotoSize {
  file_id: string;
  width: number;
  height: number;
}

const ATTEMPTS = 3;
const CALL_TIMEOUT_MS = 10_000;

export class HttpTelegramAPI implements TelegramAPI {
  readonly #token: string;
  readonly #base: string;
  readonly #longPoll: number;
  readonly #fetch: typeof fetch;
  readonly #avatarLimits: Pick<AvatarFetchLimits, 'timeoutMs' | 'maxBytes'>;
  #offset = 0;

  constructor(options: HttpTelegramAPIOptions) {
    if (!options?.token) throw new TypeError('@gatehouse/auth: the Telegram API needs a bot token');
    this.#token = options.token;
    this.#base = (options.baseURL ?? 'https://api.telegram.org').replace(/\/+$/, '');
    this.#longPoll = options.longPollSeconds ?? 25;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#avatarLimits = options.avatarLimits ?? defaultAvatarFetchLimits;
  }

  async getUpdates(signal?: AbortSignal): Promise<TelegramUpdate[]> {
    const updates = await this.#call<TelegramUpdate[]>(
      'getUpdates',
      { offset: this.#offset, timeout: this.#longPoll, allowed_updates: ['message'] },
      { signal, timeoutMs: (this.#longPoll + 10) * 1000, attempts: 1 },
    );
    if (!Array.isArray(updates)) throw new TelegramAPIError('getUpdates', 'result is not a list');
    for (const update of updates) {
      if (Number.isInteger(update?.update_id)) this.#offset = Math.max(this.#offset, update.update_id + 1);
    }
    return updates;
  }

  async send(chatId: number, text: string): Promise<void> {
    await this.#call('sendMessage', { chat_id: chatId, text });
  }

  async botInfo(): Promise<{ username: string }> {
    const me = await this.#call<{ username?: string }>('getMe', {});
    if (!me?.username) throw new TelegramAPIError('getMe', 'no username in the answer');
    return { username: me.username };
  }

  async avatar(userId: number): Promise<Buffer | undefined> {
    const photos = await this.#call<{ photos?: PhotoSize[][] }>('getUserProfilePhotos', {
      user_id: userId,
      limit: 1,
    });
    const sizes = photos?.photos?.[0];
    if (!sizes || sizes.length === 0) return undefined;
    const largest = sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    const file = await this.#call<{ file_path?: string }>('getFile', { file_id: largest.file_id });
    if (!file?.file_path) return undefined;
    const path = file.file_path.split('/').map(encodeURIComponent).join('/');
    try {
      return await fetchPicture(
        `${this.#base}/file/bot${this.#token}/${path}`,
        this.#fetch,
        this.#avatarLimits,
      );
    } catch (cause) {
      // fetchPicture's messages name no URL; the cause may, so it is not passed on.
      throw new TelegramAPIError('file download', (cause as Error).message);
    }
  }

  async #call<T>(
    method: string,
    params: Record<string, unknown>,
    opts: { signal?: AbortSignal | undefined; timeoutMs?: number; attempts?: number } = {},
  ): Promise<T> {
    const attempts = opts.attempts ?? ATTEMPTS;
    let last: TelegramAPIError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await this.#once<T>(method, params, opts.signal, opts.timeoutMs ?? CALL_TIMEOUT_MS);
      } catch (error) {
        last = error as TelegramAPIError;
        // Only transport failures and server errors are worth another try.
        if (opts.signal?.aborted || !(error as { retry?: boolean }).retry) break;
      }
    }
    throw last ?? new TelegramAPIError(method, 'failed');
  }

  async #once<T>(
    method: string,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await this.#fetch(`${this.#base}/bot${this.#token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch {
      throw Object.assign(new TelegramAPIError(method, timeout.aborted ? 'timed out' : 'request failed'), {
        retry: true,
      });
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      throw Object.assign(new TelegramAPIError(method, `status ${res.status}, not JSON`), {
        retry: res.status >= 500,
      });
    }
    if (!res.ok || envelope?.ok !== true) {
      const detail = `status ${res.status}${envelope?.description ? `, ${String(envelope.description).slice(0, 200)}` : ''}`;
      throw Object.assign(new TelegramAPIError(method, detail), { retry: res.status >= 500 });
    }
    return envelope.result as T;
  }
}
