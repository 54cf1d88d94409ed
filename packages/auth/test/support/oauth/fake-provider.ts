/**
 * A fake OAuth 2.0 / OpenID Connect provider for the tests: a real HTTP server on 127.0.0.1 that
 * speaks the authorization-code grant. It checks what a strict provider checks (client credentials
 * by post or basic, exact redirect_uri, one-time codes, PKCE S256 verifier), signs id_tokens with its
 * own RSA key (published at /jwks), serves a discovery document, a user-info endpoint and a picture.
 * Knobs on the instance let a test make it misbehave.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { generateIdenticon } from '../../../src/avatar/identicon.js';

export interface FakeProviderOptions {
  clientId: string;
  clientSecret: string;
  /** `client_secret_post` (default) or `client_secret_basic`. */
  authMethod?: 'client_secret_post' | 'client_secret_basic';
  /** Checks the client secret itself (Apple: an ES256 JWT); replaces the equality check. */
  verifySecret?: (secret: string) => Promise<boolean>;
  /** The user-info JSON; `{{picture}}` in string values becomes the fake's picture URL. */
  userInfo?: Record<string, unknown>;
  /** The id_token's `sub`; when set, the token answer carries an id_token. */
  subject?: string;
}

interface IssuedCode {
  clientId: string;
  redirectURI: string;
  challenge?: string;
  nonce?: string;
  used: boolean;
}

/** What a test can change on the fly. */
export interface FakeKnobs {
  /** Answer the authorize request with `?error=<this>` instead of a code. */
  authorizeError?: string;
  /** GitHub style: token errors with status 200. */
  tokenErrorWith200?: string;
  /** Raw user-info answer instead of `userInfo`. */
  userInfoAnswer?: { status: number; body: string };
  /** Overrides of the id_token claims (iss, aud...) or signing with a key the JWKS does not hold. */
  idTokenClaims?: JWTPayload;
  signWithForeignKey?: boolean;
  /** form_post: the `user` field (Apple sends the name once). */
  formPostUser?: string;
}

export class FakeProvider {
  readonly opts: FakeProviderOptions;
  readonly knobs: FakeKnobs = {};
  readonly tokenRequests: URLSearchParams[] = [];
  readonly authorizeRequests: URLSearchParams[] = [];
  readonly #codes = new Map<string, IssuedCode>();
  readonly #tokens = new Set<string>();
  #server: Server | undefined;
  #url = '';
  #key!: CryptoKey;
  #foreignKey!: CryptoKey;
  #jwk!: JWK;

  constructor(opts: FakeProviderOptions) {
    this.opts = opts;
  }

  get url(): string {
    return this.#url;
  }

  /** `<url>` as OIDC issuer, unless a test overrides the claim. */
  get issuer(): string {
    return this.#url;
  }

  endpoints(): { authURL: string; tokenURL: string; infoURL: string; pictureURL: string } {
    return {
      authURL: `${this.#url}/authorize`,
      tokenURL: `${this.#url}/token`,
      infoURL: `${this.#url}/userinfo`,
      pictureURL: `${this.#url}/picture`,
    };
  }

  async start(): Promise<this> {
    const pair = await generateKeyPair('RS256');
    this.#key = pair.privateKey;
    this.#jwk = { ...(await exportJWK(pair.publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
    this.#foreignKey = (await generateKeyPair('RS256')).privateKey;
    this.#server = createServer((req, res) => {
      this.#route(req, res).catch((err) => {
        res.writeHead(500).end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    if (url.pathname === '/authorize') return this.#authorize(url.searchParams, res);
    if (url.pathname === '/token' && req.method === 'POST') return this.#token(req, res);
    if (url.pathname.startsWith('/userinfo')) return this.#userInfo(req, res);
    if (url.pathname === '/jwks') return json(res, 200, { keys: [this.#jwk] });
    if (url.pathname === '/.well-known/openid-configuration') return json(res, 200, this.#discovery());
    if (url.pathname === '/photo') {
      // Microsoft Graph style: the picture needs the user's bearer token.
      if (!this.#bearerOK(req)) return json(res, 401, { error: 'invalid_token' });
      this.photosServed++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(await generateIdenticon('photo'));
      return;
    }
    if (url.pathname.startsWith('/picture')) {
      const png = await generateIdenticon(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    res.writeHead(404).end();
  }

  #discovery(): Record<string, unknown> {
    const e = this.endpoints();
    return {
      issuer: this.issuer,
      authorization_endpoint: e.authURL,
      token_endpoint: e.tokenURL,
      userinfo_endpoint: e.infoURL,
      jwks_uri: `${this.#url}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    };
  }

  #authorize(q: URLSearchParams, res: ServerResponse): void {
    this.authorizeRequests.push(q);
    const redirect = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.opts.clientId || !redirect) {
      res.writeHead(400).end('bad client or redirect_uri');
      return;
    }
    const answer = new URLSearchParams({ state: q.get('state') ?? '' });
    if (this.knobs.authorizeError) {
      answer.set('error', this.knobs.authorizeError);
    } else {
      const code = randomBytes(16).toString('hex');
      this.#codes.set(code, {
        clientId: this.opts.clientId,
        redirectURI: redirect,
        challenge: q.get('code_challenge') ?? undefined,
        nonce: q.get('nonce') ?? undefined,
        used: false,
      });
      answer.set('code', code);
      if (this.knobs.formPostUser) answer.set('user', this.knobs.formPostUser);
    }
    if (q.get('response_mode') === 'form_post') {
      const inputs = [...answer].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<html><body><form method="post" action="${esc(redirect)}">${inputs.join('')}</form></body></html>`,
      );
      return;
    }
    res.writeHead(302, { location: `${redirect}${redirect.includes('?') ? '&' : '?'}${answer}` }).end();
  }

  async #token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    this.tokenRequests.push(form);
    if (this.knobs.tokenErrorWith200) {
      return json(res, 200, { error: this.knobs.tokenErrorWith200, error_description: 'quirk' });
    }
    if (!(await this.#clientAuthenticated(req, form))) return json(res, 401, { error: 'invalid_client' });
    const code = this.#codes.get(form.get('code') ?? '');
    if (!code || code.used || code.redirectURI !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    code.used = true;
    if (code.challenge !== undefined && s256(form.get('code_verifier') ?? '') !== code.challenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verifier mismatch' });
    }
    const accessToken = randomBytes(16).toString('hex');
    this.#tokens.add(accessToken);
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 3600,
    };
    if (this.opts.subject !== undefined) answer.id_token = await this.#idToken(code.nonce);
    json(res, 200, answer);
  }

  async #clientAuthenticated(req: IncomingMessage, form: URLSearchParams): Promise<boolean> {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (this.opts.authMethod === 'client_secret_basic') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (!basic) return false;
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (id !== this.opts.clientId || secret === null) return false;
    return this.opts.verifySecret ? this.opts.verifySecret(secret) : secret === this.opts.clientSecret;
  }

  async #idToken(nonce: string | undefined): Promise<string> {
    const claims: JWTPayload = {
      iss: this.issuer,
      aud: this.opts.clientId,
      sub: this.opts.subject,
      ...(nonce ? { nonce } : {}),
      ...this.knobs.idTokenClaims,
    };
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
      .setIssuedAt(now)
      .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 300)
      .sign(this.knobs.signWithForeignKey ? this.#foreignKey : this.#key);
  }

  /** Which Authorization schemes the user-info endpoint accepts (Yandex: `OAuth`). */
  infoSchemes = ['Bearer'];
  readonly infoAuthorizations: string[] = [];
  /** Pictures served at /photo to a valid bearer token. */
  photosServed = 0;

  #bearerOK(req: IncomingMessage): boolean {
    const m = /^(\S+) (.+)$/.exec(req.headers.authorization ?? '');
    return m !== null && this.infoSchemes.includes(m[1]!) && this.#tokens.has(m[2]!);
  }

  #userInfo(req: IncomingMessage, res: ServerResponse): void {
    this.infoAuthorizations.push(req.headers.authorization ?? '');
    if (!this.#bearerOK(req)) {
      json(res, 401, { error: 'invalid_token' });
      return;
    }
    if (this.knobs.userInfoAnswer) {
      res.writeHead(this.knobs.userInfoAnswer.status, { 'content-type': 'application/json' });
      res.end(this.knobs.userInfoAnswer.body);
      return;
    }
    const body = JSON.stringify(this.opts.userInfo ?? { sub: this.opts.subject }).replaceAll(
      '{{picture}}',
      `${this.#url}/picture`,
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
