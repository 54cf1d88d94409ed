/**
 * @module providers/oauth2/client
 * The one OAuth 2.0 authorization-code client every provider shares, built on oauth4webapi (RFC 6749,
 * RFC 7636 PKCE, OpenID Connect id_token claim checks). Providers hand it endpoints and quirks; it
 * never knows which provider it talks to.
 */
import * as oauth from 'oauth4webapi';
import { classifyProviderError, PROVIDER_TIMEOUT_MS, unavailable } from './request.js';

export interface OAuth2Endpoints {
  /** The authorization endpoint the browser is sent to. */
  authURL: string;
  /** The token endpoint the code is exchanged at. */
  tokenURL: string;
}

/** How the client proves itself at the token endpoint. */
export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic' | 'none';

export interface OAuth2ClientOptions {
  clientId: string;
  /** A fixed secret, or a function for secrets that expire (Apple's signed client secret). */
  clientSecret: string | (() => Promise<string>);
  endpoints: OAuth2Endpoints;
  /** Default `client_secret_post` (credentials in the form, what most providers accept). */
  authMethod?: ClientAuthMethod;
  /** The `iss` an id_token must carry; set for OpenID Connect providers only. */
  issuer?: string;
  /** Allow plain http endpoints on other hosts than loopback (loopback is always allowed). */
  allowInsecureRequests?: boolean;
  /** Inspects the raw token answer before it is parsed; a provider quirk hook. */
  checkTokenResponse?: (res: Response) => Promise<void>;
}

export interface AuthorizationParams {
  redirectURI: string;
  state: string;
  scopes: readonly string[];
  /** PKCE verifier; the S256 challenge goes into the URL. Absent for providers without PKCE. */
  codeVerifier?: string;
  nonce?: string;
  /** Extra query parameters, e.g. `response_mode`. */
  extra?: Record<string, string>;
}

export interface ExchangeParams {
  /** The callback's parameters (query, or the POST form for form_post). */
  callbackParams: URLSearchParams;
  redirectURI: string;
  expectedState: string;
  codeVerifier?: string;
  /** Checked against the id_token's `nonce` when one is returned. */
  expectedNonce?: string;
  requireIdToken?: boolean;
}

export type TokenSet = oauth.TokenEndpointResponse;

export class OAuth2Client {
  readonly clientId: string;
  readonly #as: oauth.AuthorizationServer;
  readonly #client: oauth.Client;
  readonly #authMethod: ClientAuthMethod;
  readonly #secret: string | (() => Promise<string>);
  readonly #insecureOk: boolean;
  readonly #checkTokenResponse: ((res: Response) => Promise<void>) | undefined;

  constructor(opts: OAuth2ClientOptions) {
    const authURL = parseEndpoint(opts.endpoints.authURL, 'authURL');
    const tokenURL = parseEndpoint(opts.endpoints.tokenURL, 'tokenURL');
    this.clientId = opts.clientId;
    this.#as = {
      // oauth4webapi checks an id_token's iss against this; plain OAuth 2.0 providers return none.
      issuer: opts.issuer ?? authURL.origin,
      authorization_endpoint: authURL.href,
      token_endpoint: tokenURL.href,
    };
    this.#client = { client_id: opts.clientId };
    this.#authMethod = opts.authMethod ?? 'client_secret_post';
    this.#secret = opts.clientSecret;
    requireHttpsUnlessAllowed(tokenURL, 'tokenURL', opts.allowInsecureRequests);
    this.#insecureOk = opts.allowInsecureRequests === true || (isLoopback(authURL) && isLoopback(tokenURL));
    this.#checkTokenResponse = opts.checkTokenResponse;
  }

  /** The URL to send the browser to. */
  async authorizationURL(p: AuthorizationParams): Promise<URL> {
    const url = new URL(this.#as.authorization_endpoint!);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', p.redirectURI);
    if (p.scopes.length > 0) url.searchParams.set('scope', p.scopes.join(' '));
    url.searchParams.set('state', p.state);
    if (p.codeVerifier !== undefined) {
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(p.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    if (p.nonce !== undefined) url.searchParams.set('nonce', p.nonce);
    for (const [k, v] of Object.entries(p.extra ?? {})) url.searchParams.set(k, v);
    return url;
  }

  /**
   * Validates the callback parameters (an `error=` there means the provider said no), exchanges the
   * code and parses the token answer. Throws an AuthError of one of the three provider codes.
   */
  async exchange(p: ExchangeParams): Promise<TokenSet> {
    try {
      const params = oauth.validateAuthResponse(this.#as, this.#client, p.callbackParams, p.expectedState);
      const secret = typeof this.#secret === 'string' ? this.#secret : await this.#secret();
      const res = await oauth.authorizationCodeGrantRequest(
        this.#as,
        this.#client,
        clientAuth(this.#authMethod, secret),
        params,
        p.redirectURI,
        p.codeVerifier ?? oauth.nopkce,
        this.requestOptions(),
      );
      if (res.status >= 500) throw unavailable(new Error(`token endpoint answered HTTP ${res.status}`));
      await this.#checkTokenResponse?.(res.clone());
      return await oauth.processAuthorizationCodeResponse(this.#as, this.#client, res, {
        expectedNonce: p.expectedNonce ?? oauth.expectNoNonce,
        requireIdToken: p.requireIdToken === true,
      });
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  /** Options for every request to the provider: a timeout and, on loopback, plain http. */
  requestOptions(): { signal: () => AbortSignal; [oauth.allowInsecureRequests]?: boolean } {
    return {
      signal: () => AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      ...(this.#insecureOk ? { [oauth.allowInsecureRequests]: true } : {}),
    };
  }
}

function clientAuth(method: ClientAuthMethod, secret: string): oauth.ClientAuth {
  if (method === 'none') return oauth.None();
  if (method === 'client_secret_basic') return oauth.ClientSecretBasic(secret);
  return oauth.ClientSecretPost(secret);
}

function parseEndpoint(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`OAuth2 endpoint ${name} is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`OAuth2 endpoint ${name} must be http(s): ${value}`);
  }
  return url;
}

/**
 * Tokens must not travel in clear text: an http URL is refused at construction unless it is on
 * loopback (dev server, local server, tests) or `allowInsecureRequests` says so.
 */
export function requireHttpsUnlessAllowed(url: URL | string, name: string, allowInsecure?: boolean): void {
  const parsed = typeof url === 'string' ? parseEndpoint(url, name) : url;
  if (parsed.protocol === 'http:' && !isLoopback(parsed) && allowInsecure !== true) {
    throw new TypeError(
      `OAuth2 endpoint ${name} must be https (or set allowInsecureRequests): ${parsed.href}`,
    );
  }
}

/** True for 127.0.0.0/8, ::1 and localhost: the dev server, the local server and test peers. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
