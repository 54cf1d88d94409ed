/**
 * @module adapters/adapted-service
 * What the framework adapters use of the Service: its options, the route handler, the avatar
 * handler, the guard and the user updater. The Service builds its adapters, so they name this
 * shape instead of importing the Service class back.
 */
import type { HttpHandler, HttpRequest, HttpResponse } from '../http/exchange.js';
import type { MaybePromise } from '../internal/maybe-promise.js';
import type { GuardMode, GuardOutcome } from '../middleware/guard.js';
import type { ResolvedOpts, UserUpdater } from '../options.js';
import type { Provider } from '../providers/provider.js';
import type { User } from '../token/user.js';

export interface AdaptedService {
  readonly options: ResolvedOpts;
  providers(): Provider[];
  handle(req: HttpRequest): Promise<HttpResponse | undefined>;
  /** `handle` for `<mount>/user`, synchronous when it can be. */
  handleUser(req: HttpRequest): MaybePromise<HttpResponse | undefined>;
  readonly avatarHandler: HttpHandler | undefined;
  guardNow(mode: GuardMode, req: HttpRequest): MaybePromise<GuardOutcome>;
  updateUser(user: User | null, updater?: UserUpdater): Promise<User | null>;
}
