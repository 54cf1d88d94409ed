/**
 * @module providers/local-server/model
 * The storage behind the local OAuth 2.0 server: the @node-oauth/oauth2-server model interface over
 * a {@link StateStore}. Codes live for `codeTTL` seconds and are used once (the library revokes
 * them; a set-if-absent marker makes that once across instances); access tokens live for
 * `tokenTTL`. Clients come from a {@link ClientRegistry}. Given the service's shared store, every
 * instance's server redeems the codes and tokens any of them issued: the dev provider's callback
 * and user requests may reach another instance than the login page did.
 */
import { timingSafeEqual } from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { StateStore } from '../../state/state-store.js';

export interface RegisteredClient {
  id: string;
  /** Checked at the token endpoint; absent only in the dev registry, which accepts any secret. */
  secret?: string;
  /** Exact redirect URIs; the dev registry checks with `acceptRedirect` instead. */
  redirectURIs: readonly string[];
}

/** Looks up a client by id; `acceptRedirect` (instead of exact URIs) is for the dev server only. */
export interface ClientRegistry {
  find(id: string): RegisteredClient | undefined;
  acceptRedirect?: (uri: string) => boolean;
}

/** True when `uri` may receive a code for `client`: the registry's own check, else an exact match. */
export function isRegisteredRedirect(
  registry: ClientRegistry,
  client: RegisteredClient,
  uri: string,
): boolean {
  return registry.acceptRedirect ? registry.acceptRedirect(uri) : client.redirectURIs.includes(uri);
}

export function fixedClients(clients: readonly RegisteredClient[]): ClientRegistry {
  const byId = new Map(clients.map((c) => [c.id, c]));
  return { find: (id) => byId.get(id) };
}

type Model = OAuth2Server.AuthorizationCodeModel;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What is stored of a code or token: the library's fields, the client by id, dates as ISO text. */
type Stored = Record<string, unknown> & { clientId: string };

function ttlUntil(date: Date | undefined): number {
  return Math.max((date?.getTime() ?? 0) - Date.now(), 1000);
}

/**
 * The model over `store`, keys prefixed `auth:oauth-server:<name>:` so that two servers sharing a
 * store (the dev server and a local one) never redeem each other's codes.
 */
export function stateModel(registry: ClientRegistry, store: StateStore, name: string): Model {
  const prefix = `auth:oauth-server:${name}:`;
  const toClient = (c: RegisteredClient): OAuth2Server.Client => ({
    id: c.id,
    grants: ['authorization_code'],
    redirectUris: registry.acceptRedirect ? ['http://any.invalid/'] : [...c.redirectURIs],
  });
  const save = async (key: string, value: object, client: OAuth2Server.Client, expiresAt?: Date) => {
    const stored: Stored = { ...value, client: undefined, clientId: client.id };
    await store.set(prefix + key, JSON.stringify(stored), ttlUntil(expiresAt));
  };
  /** The stored entry with its client and dates restored, or `undefined` (unknown, expired, client gone). */
  const load = async (
    key: string,
    dates: readonly string[],
  ): Promise<Record<string, unknown> | undefined> => {
    const text = await store.get(prefix + key);
    if (text === undefined) return undefined;
    const { clientId, ...fields } = JSON.parse(text) as Stored;
    const registered = registry.find(clientId);
    if (!registered) return undefined;
    for (const field of dates) if (typeof fields[field] === 'string') fields[field] = new Date(fields[field]);
    return { ...fields, client: toClient(registered) };
  };
  /** True when `date` is a time still to come. */
  const ahead = (date: unknown) => date instanceof Date && date.getTime() > Date.now();
  return {
    async getClient(clientId, clientSecret) {
      const c = registry.find(clientId);
      if (!c) return false;
      // oauth2-server passes null at the authorize endpoint, where no secret is presented.
      if (clientSecret !== null && c.secret !== undefined && !sameSecret(String(clientSecret), c.secret)) {
        return false;
      }
      return toClient(c);
    },
    async validateRedirectUri(uri, client) {
      const registered = registry.find(client.id);
      return registered !== undefined && isRegisteredRedirect(registry, registered, uri);
    },
    async saveAuthorizationCode(code, client, user) {
      await save(`code:${code.authorizationCode}`, { ...code, user }, client, code.expiresAt);
      return { ...code, client, user } as OAuth2Server.AuthorizationCode;
    },
    async getAuthorizationCode(code) {
      const found = await load(`code:${code}`, ['expiresAt']);
      return found && ahead(found.expiresAt) ? (found as unknown as OAuth2Server.AuthorizationCode) : false;
    },
    async revokeAuthorizationCode(code) {
      const key = `code:${code.authorizationCode}`;
      // Two instances redeeming one code at once: the marker makes exactly one of them succeed.
      const first = await store.setIfAbsent(`${prefix}${key}:used`, '1', ttlUntil(code.expiresAt));
      if (first) await store.delete(prefix + key);
      return first;
    },
    async saveToken(token, client, user) {
      await save(`token:${token.accessToken}`, { ...token, user }, client, token.accessTokenExpiresAt);
      return { ...token, client, user };
    },
    async getAccessToken(accessToken) {
      const found = await load(`token:${accessToken}`, ['accessTokenExpiresAt', 'refreshTokenExpiresAt']);
      return found && ahead(found.accessTokenExpiresAt) ? (found as unknown as OAuth2Server.Token) : false;
    },
    async verifyScope() {
      return true;
    },
  };
}
