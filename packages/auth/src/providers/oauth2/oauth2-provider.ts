/**
 * @module providers/oauth2/oauth2-provider
 * The authorization-code login every OAuth 2.0 provider runs: built-in, custom, OIDC, dev, local
 * server and Apple differ only in their {@link OAuth2ProviderSpec} (endpoints, scopes, how the user is
 * read from the tokens). `login` answers 302 to the provider with a fresh handshake cookie;
 * `callback` checks the handshake (present, signed, unexpired, this provider, this state, first
 * use), exchanges the code, reads the user and lets the service complete the login.
 */
import * as oauth from 'oauth4webapi';
import { AuthError, requireMethod } from '../../errors.js';
import type { HttpRequest, HttpResponse } from '../../http/exchange.js';
import { addCookies } from '../../http/respond.js';
import type { User } from '../../token/user.js';
import type { Provider, ProviderContext } from '../provider.js';
import type { OAuth2Client, TokenSet } from './client.js';
import {
  clearHandshakeCookie,
  type Handshake,
  type HandshakeCookieOptions,
  handshakeCookie,
  readHandshake,
} from './handshake.js';
import { readCallbackParams, readLoginParams } from './login-params.js';
import { useStateOnce } from './once.js';
import { redirectTo, refusal } from './respond.js';

/** Who logged in, and how to fetch the picture when it needs the user's token. */
export interface Identity {
  user: User;
  fetchPicture?: typeof fetch;
}

export interface IdentifyInput {
  tokens: TokenSet;
  handshake: Handshake;
  callbackParams: URLSearchParams;
}

export interface OAuth2ProviderSpec {
  name: string;
  client: OAuth2Client;
  scopes: readonly string[];
  /** PKCE S256 on the authorization request; default true. */
  pkce?: boolean;
  /** Send a nonce and require it in the id_token; for providers that return one. */
  nonce?: boolean;
  /** Fail when the token answer has no id_token (OpenID Connect). */
  requireIdToken?: boolean;
  /** Extra authorization parameters, e.g. `response_mode=form_post`. */
  authParams?: Record<string, string>;
  /** `form_post`: the callback arrives as a cross-site POST. */
  responseMode?: 'query' | 'form_post';
  identify(input: IdentifyInput): Promise<Identity>;
  /** Sees the provider's tokens of a successful login (to call the provider's API later); may refuse by throwing. */
  onTokens?: TokenHook;
}

/**
 * Called with the provider's tokens after the user is known and before the session is set (the
 * reference's BearerTokenHook, asked for in its issues #123 and #188). Throwing refuses the login.
 */
export type TokenHook = (event: { provider: string; user: User; tokens: TokenSet }) => void | Promise<void>;

export class OAuth2Provider implements Provider {
  readonly name: string;
  readonly #spec: OAuth2ProviderSpec;
  readonly #cookieOpts: HandshakeCookieOptions;
  #ctx: ProviderContext | undefined;

  constructor(spec: OAuth2ProviderSpec) {
    if (!/^[A-Za-z0-9_.-]+$/.test(spec.name)) {
      throw new TypeError(`provider name must be URL-path-safe: ${JSON.stringify(spec.name)}`);
    }
    this.name = spec.name;
    this.#spec = spec;
    this.#cookieOpts = { sameSite: spec.responseMode === 'form_post' ? 'none' : 'lax' };
  }

  attach(ctx: ProviderContext): void {
    this.#ctx = ctx;
  }

  /** `GET <mount>/<name>/login`: 302 to the provider; the session cookie is left alone. */
  async login(req: HttpRequest): Promise<HttpResponse> {
    const ctx = this.#context();
    requireMethod(req.method, ['GET']);
    const params = readLoginParams(ctx, req);
    const state = oauth.generateRandomState();
    const codeVerifier = this.#spec.pkce === false ? undefined : oauth.generateRandomCodeVerifier();
    const nonce = this.#spec.nonce === true ? oauth.generateRandomNonce() : undefined;
    const cookie = await handshakeCookie(
      ctx,
      { provider: this.name, state, codeVerifier, nonce, ...params },
      this.#cookieOpts,
    );
    const url = await this.#spec.client.authorizationURL({
      redirectURI: this.callbackURL(),
      state,
      scopes: this.#spec.scopes,
      codeVerifier,
      nonce,
      extra: this.#spec.authParams,
    });
    return redirectTo(url.href, [cookie]);
  }

  /** `GET|POST <mount>/<name>/callback`: completes the login or refuses with a JSON error. */
  async callback(req: HttpRequest): Promise<HttpResponse> {
    const ctx = this.#context();
    const clear = [clearHandshakeCookie(ctx, this.#cookieOpts)];
    try {
      requireMethod(req.method, this.#spec.responseMode === 'form_post' ? ['GET', 'POST'] : ['GET']);
      const callbackParams = readCallbackParams(req);
      const handshake = await this.#checkHandshake(ctx, req, callbackParams);
      const tokens = await this.#spec.client.exchange({
        callbackParams,
        redirectURI: this.callbackURL(),
        expectedState: handshake.state,
        codeVerifier: handshake.codeVerifier,
        expectedNonce: handshake.nonce,
        requireIdToken: this.#spec.requireIdToken,
      });
      const identity = await this.#spec.identify({ tokens, handshake, callbackParams });
      await this.#spec.onTokens?.({ provider: this.name, user: identity.user, tokens });
      const res = await this.#complete(ctx, identity, handshake);
      return addCookies(res, clear);
    } catch (err) {
      return refusal(err, clear, ctx.logger, `${this.name} callback`);
    }
  }

  /** `<serviceURL><mount>/<name>/callback`: register this at the provider. */
  callbackURL(): string {
    const ctx = this.#context();
    return `${ctx.serviceURL}${ctx.mountPath}/${this.name}/callback`;
  }

  async #checkHandshake(ctx: ProviderContext, req: HttpRequest, params: URLSearchParams): Promise<Handshake> {
    const hs = await readHandshake(ctx, req);
    if (hs.provider !== this.name) {
      throw new AuthError('ERR_HANDSHAKE_INVALID', 'login was started with another provider');
    }
    if (params.get('state') !== hs.state) {
      throw new AuthError('ERR_HANDSHAKE_INVALID', 'unexpected state');
    }
    if (!(await useStateOnce(ctx.stateStore, hs.state, hs.exp * 1000))) {
      throw new AuthError('ERR_HANDSHAKE_INVALID', 'login already completed');
    }
    return hs;
  }

  async #complete(ctx: ProviderContext, identity: Identity, hs: Handshake): Promise<HttpResponse> {
    return ctx.completeLogin(identity.user, {
      aud: hs.aud,
      sessionOnly: hs.sessionOnly,
      from: hs.from,
      provider: this.name,
      noAvatar: hs.noAvatar,
      // The picture may need the user's token (Microsoft Graph): the service fetches it once, with it.
      ...(identity.fetchPicture ? { fetchPicture: identity.fetchPicture } : {}),
    });
  }

  #context(): ProviderContext {
    if (this.#ctx === undefined) throw new Error(`provider ${this.name} is not attached to a service`);
    return this.#ctx;
  }
}
