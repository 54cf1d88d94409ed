/**
 * @module providers/verify/verify-provider
 * The verified provider: the user gives a name and an address, a confirmation token goes to that
 * address through a {@link Sender}, and presenting the token logs the user in.
 *
 * - `GET <mount>/<name>/login?user=&address=&site|aud=&from=&session=` sends the message;
 * - `GET <mount>/<name>/login?token=<t>&sess=1|0` logs in.
 *
 * The token is a handshake signed by the service (never a session token: the middleware refuses
 * it), valid 30 minutes, and one-shot: its first redemption is recorded (set-if-absent) in the
 * service's state store, shared by every instance that shares the store, before any side effect; a
 * store failure refuses the login (fail closed).
 */
import { createHash } from 'node:crypto';
import { AuthError, requireMethod } from '../../errors.js';
import type { HttpRequest, HttpResponse } from '../../http/exchange.js';
import { json } from '../../http/respond.js';
import { defaults } from '../../options.js';
import { type Sender, type SendFunc, toSender } from '../../senders/sender.js';
import type { StateStore } from '../../state/state-store.js';
import { randomId } from '../../token/token-service.js';
import { hashId, type User } from '../../token/user.js';
import type { Provider, ProviderContext } from '../provider.js';
import { flagIsOn } from '../session-flag.js';
import { type ConfirmationStore, warnConfirmationStore } from './confirmation-store.js';
import { cleanField } from './input.js';
import { isHtmlContentType, MessageTemplate } from './template.js';

export interface VerifyProviderOptions {
  /** Route name, e.g. `email` for `/auth/email/login`. */
  name: string;
  /** Delivers the message; e.g. {@link EmailSender}, or any `(address, text) => Promise<void>`. */
  sender: Sender | SendFunc;
  /** Message with `{{.Address}}`, `{{.User}}`, `{{.Token}}`, `{{.Site}}`; default a plain-text line with the token. */
  template?: string;
  /** Content type of the message; HTML types get escaped placeholders. Default the sender's, else text/plain. */
  contentType?: string;
  /**
   * Where redeemed tokens are remembered; default the service's state store (the `stateStore`
   * option), so several instances sharing it refuse a token redeemed on any of them. A
   * {@link ConfirmationStore} (0.1) still works, deprecated.
   */
  store?: StateStore | ConfirmationStore;
  /** Lifetime of a confirmation token in seconds; default 1800. */
  tokenTtlSeconds?: number;
  /** Use the Gravatar of an e-mail address as the picture (identicon when there is none). Default false. */
  useGravatar?: boolean;
  /** Gravatar base URL, for tests and mirrors; default `https://www.gravatar.com/avatar/`. */
  gravatarURL?: string;
}

const CONFIRM_KIND = 'verify';
const refused = (message: string, cause?: unknown) =>
  new AuthError('ERR_HANDSHAKE_INVALID', message, cause === undefined ? undefined : { cause });

export class VerifyProvider implements Provider {
  readonly name: string;
  readonly #sender: Sender;
  readonly #template: MessageTemplate;
  readonly #store: StateStore | ConfirmationStore | undefined;
  readonly #ttlSeconds: number;
  readonly #gravatarURL: string | undefined;
  #ctx: ProviderContext | undefined;

  constructor(options: VerifyProviderOptions) {
    this.name = options.name;
    this.#sender = toSender(options.sender);
    const contentType = options.contentType ?? this.#sender.contentType;
    this.#template = new MessageTemplate(options.template, { html: isHtmlContentType(contentType) });
    this.#store = options.store;
    if (this.#store && 'markUsed' in this.#store) warnConfirmationStore();
    this.#ttlSeconds = options.tokenTtlSeconds ?? defaults.verify.tokenTtlSeconds;
    if (!Number.isInteger(this.#ttlSeconds) || this.#ttlSeconds <= 0) {
      throw new TypeError('@gatehouse/auth: verify tokenTtlSeconds must be a positive whole number');
    }
    this.#gravatarURL = options.useGravatar
      ? (options.gravatarURL ?? 'https://www.gravatar.com/avatar/')
      : undefined;
  }

  attach(ctx: ProviderContext): void {
    this.#ctx = ctx;
  }

  async login(req: HttpRequest): Promise<HttpResponse> {
    requireMethod(req.method, ['GET']);
    const ctx = this.#context();
    const query = new URL(req.url, 'http://request.invalid').searchParams;
    const token = query.get('token');
    return token ? this.#confirm(ctx, token, query) : this.#request(ctx, query, req.ip);
  }

  /** Redeeming a confirmation link is a callback: it may be opened from a webmail page on another site. */
  acceptsCrossSite(req: HttpRequest): boolean {
    return new URL(req.url, 'http://request.invalid').searchParams.has('token');
  }

  /**
   * Step 1: sign a confirmation token and send it to the address. Every request counts as an
   * attempt against the address and the client (throttled like a failed password): each one sends
   * a message, and nobody may flood an inbox or the SMTP server through the service.
   */
  async #request(ctx: ProviderContext, query: URLSearchParams, ip: string): Promise<HttpResponse> {
    const user = cleanField(query.get('user'));
    const address = cleanField(query.get('address'));
    if (!user || !address) throw new AuthError('ERR_BAD_REQUEST', 'user and address are required');
    await ctx.throttle.check(address, ip);
    await ctx.throttle.failed(address, ip);
    const aud = query.get('site') || query.get('aud') || '';
    if (!ctx.isAllowedAudience(aud)) throw new AuthError('ERR_LOGIN_AUDIENCE_REJECTED');
    const from = query.get('from') || undefined;
    if (from !== undefined && !ctx.isAllowedRedirect(from)) throw new AuthError('ERR_REDIRECT_NOT_ALLOWED');
    const session = query.get('session') ?? query.get('sess');
    const token = await ctx.signHandshake(
      // `n` makes every token unique, so two requests in the same second are redeemable once each.
      {
        kind: CONFIRM_KIND,
        n: randomId(),
        prov: this.name,
        u: user,
        a: address,
        aud,
        from,
        sess: flagIsOn(session),
      },
      this.#ttlSeconds,
    );
    const text = this.#template.render({ Address: address, User: user, Token: token, Site: aud });
    try {
      await this.#sender.send(address, text);
    } catch (cause) {
      ctx.logger.logf('[ERROR] %s: confirmation not sent: %s', this.name, describe(cause));
      throw new AuthError('ERR_INTERNAL', 'failed to send confirmation', { cause });
    }
    return json(200, { user, address });
  }

  /** Step 2: check the token, burn it, log the user in. */
  async #confirm(ctx: ProviderContext, token: string, query: URLSearchParams): Promise<HttpResponse> {
    let claims: Record<string, unknown>;
    try {
      claims = await ctx.verifyHandshake(token);
    } catch (cause) {
      throw refused('failed to verify confirmation token', cause);
    }
    const { kind, prov, u: user, a: address, aud, from, sess, exp, iat } = claims;
    if (kind !== CONFIRM_KIND || prov !== this.name || !isText(user) || !isText(address)) {
      throw refused('failed to verify confirmation token');
    }
    // Remembered for the token's whole life (both times come from the service clock).
    const lifeSeconds = typeof exp === 'number' && typeof iat === 'number' ? exp - iat : this.#ttlSeconds;
    await this.#burn(ctx, token, lifeSeconds * 1000);
    const sessParam = query.get('sess') ?? query.get('session');
    const loggedIn: User = { name: user, id: `${this.name}_${hashId(address)}` };
    const picture = this.#gravatar(address);
    if (picture) loggedIn.picture = picture;
    return ctx.completeLogin(loggedIn, {
      aud: typeof aud === 'string' ? aud : '',
      // The flag given now wins; without one, the choice made when the message was requested.
      sessionOnly: sessParam === null ? sess === true : flagIsOn(sessParam),
      provider: this.name,
      ...(typeof from === 'string' && from ? { from } : {}),
    });
  }

  /** Marks the token used before anything else happens; replays and store failures are refused. */
  async #burn(ctx: ProviderContext, token: string, ttlMs: number): Promise<void> {
    const key = createHash('sha256').update(token).digest('hex');
    const store = this.#store ?? ctx.stateStore;
    let alreadyUsed: boolean;
    try {
      alreadyUsed =
        'markUsed' in store
          ? await store.markUsed(key, ttlMs)
          : !(await store.setIfAbsent(`auth:verify-used:${key}`, '1', Math.max(ttlMs, 1000)));
    } catch (cause) {
      ctx.logger.logf('[ERROR] %s: confirmation store failed: %s', this.name, describe(cause));
      throw refused('confirmation token store unavailable', cause);
    }
    if (alreadyUsed) {
      ctx.logger.logf('[WARN] %s: confirmation token replayed', this.name);
      throw refused('confirmation token already consumed');
    }
  }

  #gravatar(address: string): string | undefined {
    if (!this.#gravatarURL || !address.includes('@')) return undefined;
    const hash = createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
    return `${this.#gravatarURL}${hash}?d=404&s=80`;
  }

  #context(): ProviderContext {
    if (!this.#ctx)
      throw new AuthError('ERR_INTERNAL', undefined, { cause: new Error('provider not attached') });
    return this.#ctx;
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
