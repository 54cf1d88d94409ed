/**
 * @module providers/direct
 * The direct provider: the user posts a name and password, a {@link CredChecker} says yes or no.
 * Credentials come from a form body, a JSON body or the query (`user`, `passwd`, `site` or `aud`
 * (`site` wins, as on every provider), `session=1|0`, `from`). A refusal never says which part was wrong. Attempts are throttled per
 * account and client address (`ctx.throttle`): 429 with Retry-After before the checker even runs.
 */
import { AuthError } from '../errors.js';
import { bodyFields, queryOf } from '../http/body.js';
import type { HttpRequest, HttpResponse } from '../http/exchange.js';
import { hashId, type User } from '../token/user.js';
import type { Provider, ProviderContext } from './provider.js';
import { sessionOnlyFlag } from './session-flag.js';

/** `true`/`{ ok: true }` lets the user in; an `error` (or a throw) is a failure of the checker itself (500). */
export type CredCheckResult = boolean | { ok: boolean; error?: unknown };
export type CredChecker = (user: string, passwd: string) => CredCheckResult | Promise<CredCheckResult>;

export interface DirectProviderOptions {
  /** Route name, e.g. `local` for `/auth/local/login`. */
  name: string;
  checker: CredChecker;
  /** The provider-side id of the user before hashing; default the user name. */
  userIdFunc?: (user: string, req: HttpRequest) => string;
}

export class DirectProvider implements Provider {
  readonly name: string;
  readonly #checker: CredChecker;
  readonly #userIdFunc: ((user: string, req: HttpRequest) => string) | undefined;
  #ctx: ProviderContext | undefined;

  constructor(options: DirectProviderOptions) {
    if (typeof options?.checker !== 'function')
      throw new TypeError('@gatehouse/auth: direct provider needs a checker');
    this.name = options.name;
    this.#checker = options.checker;
    this.#userIdFunc = options.userIdFunc;
  }

  attach(ctx: ProviderContext): void {
    this.#ctx = ctx;
  }

  async login(req: HttpRequest): Promise<HttpResponse> {
    const ctx = this.#ctx;
    if (!ctx) throw new AuthError('ERR_INTERNAL', undefined, { cause: new Error('provider not attached') });
    const malformed = new AuthError('ERR_MALFORMED_CREDENTIALS');
    const fields = {
      ...Object.fromEntries(queryOf(req)),
      ...(req.method === 'POST' ? bodyFields(req, malformed) : {}),
    };
    const { user, passwd } = fields;
    if (!user || !passwd) throw malformed;
    if (fields.from && !ctx.isAllowedRedirect(fields.from)) throw new AuthError('ERR_REDIRECT_NOT_ALLOWED');
    await ctx.throttle.attempt(user, req.ip, async () => {
      await this.#check(ctx, user, passwd); // throws ERR_BAD_CREDENTIALS, counted as a failure
      return true;
    });
    const id = this.#userIdFunc ? this.#userIdFunc(user, req) : user;
    const loggedIn: User = { name: user, id: `${this.name}_${hashId(id)}` };
    return ctx.completeLogin(loggedIn, {
      aud: fields.site || fields.aud || '',
      sessionOnly: sessionOnlyFlag(fields),
      provider: this.name,
      ...(fields.from ? { from: fields.from } : {}),
    });
  }

  async #check(ctx: ProviderContext, user: string, passwd: string): Promise<void> {
    let result: CredCheckResult;
    try {
      result = await this.#checker(user, passwd);
    } catch (cause) {
      // A checker that is busy or throttled answers for itself (503 or 429, Retry-After).
      if (cause instanceof AuthError && (cause.status === 429 || cause.status === 503)) throw cause;
      ctx.logger.logf('[ERROR] %s: credential check failed: %s', this.name, String(cause));
      throw new AuthError('ERR_CRED_CHECK_FAILED', undefined, { cause });
    }
    if (typeof result === 'object' && result?.error) {
      ctx.logger.logf('[ERROR] %s: credential check failed: %s', this.name, String(result.error));
      throw new AuthError('ERR_CRED_CHECK_FAILED', undefined, { cause: result.error });
    }
    const ok = typeof result === 'boolean' ? result : result?.ok === true;
    if (!ok) {
      ctx.logger.logf('[INFO] %s: login refused for a user', this.name);
      throw new AuthError('ERR_BAD_CREDENTIALS');
    }
  }
}
